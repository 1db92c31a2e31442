'use strict';
// agent-swarm-kit (`IModelMessage`) through the public API. Run directly (node --test) it loads
// the package with require(); swarm.test.mjs runs the same suite through import.
const test = require('node:test');
const assert = require('node:assert/strict');

const CALL_ID = /^call_[0-9a-z]{9}$/;

function run(api, label) {
  const { swarm, ValidationError } = api;
  const user = () => ({ role: 'user', agentName: 'triage', content: 'Hello', mode: 'user' });
  const codes = (r) => r.issues.map((i) => `${i.code} ${JSON.stringify(i.path)}`);
  const issuesOf = (fn) => {
    try {
      fn();
    } catch (e) {
      assert.ok(e instanceof ValidationError, `expected a ValidationError, got ${e}`);
      return e.issues.map((i) => `${i.code} ${JSON.stringify(i.path)}`);
    }
    assert.fail('expected a ValidationError');
  };

  test(`${label}: role helpers fill role and mode as upstream commits them`, () => {
    const cases = [
      ['createUserMessage', 'user', 'user'],
      ['createAssistantMessage', 'assistant', 'tool'],
      ['createSystemMessage', 'system', 'tool'],
      ['createDeveloperMessage', 'developer', 'tool'],
      ['createResqueMessage', 'resque', 'tool'],
    ];
    for (const [name, role, mode] of cases) {
      const m = swarm[name]({ agentName: 'a', content: 'c' });
      assert.deepEqual(m, { role, agentName: 'a', content: 'c', mode }, name);
      assert.equal(swarm.is(m), true, name);
    }
    const flush = swarm.createFlushMessage({ agentName: 'a' });
    assert.deepEqual(flush, { role: 'flush', agentName: 'a', mode: 'tool', content: '' });
    const out = swarm.createToolOutput({ agentName: 'a', tool_call_id: 'call_abc', content: '42' });
    assert.deepEqual(out, { role: 'tool', agentName: 'a', tool_call_id: 'call_abc', content: '42', mode: 'tool' });
    for (const role of swarm.ROLES) {
      const m = swarm.createMessage(role, { agentName: 'a', content: '' });
      assert.equal(m.role, role);
      assert.equal(m.mode, role === 'user' ? 'user' : 'tool', role);
    }
    assert.deepEqual(swarm.ROLES, ['tool', 'user', 'assistant', 'system', 'resque', 'flush', 'developer']);
    assert.deepEqual(swarm.MODES, ['user', 'tool']);
    assert.ok(Object.isFrozen(swarm.ROLES) && Object.isFrozen(swarm.MODES));
  });

  test(`${label}: constructors keep what the caller gave: no trimming, no reordering, extras kept`, () => {
    const images = [new Uint8Array([1, 2, 3])];
    const payload = { image_id: 'u-1' };
    const m = swarm.createUserMessage({ content: '  padded  ', agentName: 'a', images, payload, clientId: 'c1' });
    assert.deepEqual(Object.keys(m), ['role', 'content', 'agentName', 'images', 'payload', 'clientId', 'mode']);
    assert.equal(m.content, '  padded  ');
    assert.equal(m.images, images);
    assert.equal(m.payload, payload);
    assert.equal(m.clientId, 'c1');
    // A given mode wins (upstream's EXECUTE_FN commits a user message with the session's mode),
    // and so does a given flush content.
    assert.equal(swarm.createUserMessage({ agentName: 'a', content: 'x', mode: 'tool' }).mode, 'tool');
    assert.equal(swarm.createFlushMessage({ agentName: 'a', content: 'reset' }).content, 'reset');
    assert.equal(swarm.createMessage('flush', { agentName: 'a' }).content, '');
    assert.equal(swarm.createAssistantMessage({ agentName: 'a', content: '', payload: null }).payload, null);
  });

  test(`${label}: constructors report every issue at once and refuse misuse`, () => {
    // agentName is required from the caller: validation reports it with the rest.
    assert.deepEqual(issuesOf(() => swarm.createUserMessage({ content: 'x' })), ['missing ["agentName"]']);
    assert.deepEqual(issuesOf(() => swarm.createAssistantMessage({})), ['missing ["agentName"]', 'missing ["content"]']);
    assert.deepEqual(issuesOf(() => swarm.createUserMessage()), ['missing ["agentName"]', 'missing ["content"]']);
    assert.deepEqual(issuesOf(() => swarm.createToolOutput({ agentName: 'a', content: 1 })),
      ['invalid_type ["content"]', 'missing ["tool_call_id"]']);
    assert.deepEqual(issuesOf(() => swarm.createUserMessage({ agentName: 'a', content: 'x', mode: 'auto' })),
      ['invalid_literal ["mode"]']);
    assert.deepEqual(issuesOf(() => swarm.createMessage('bot', { agentName: 'a', content: 'x' })), ['invalid_literal ["role"]']);
    assert.deepEqual(issuesOf(() => swarm.createUserMessage({ agentName: 'a', content: 'x', images: ['a', new Uint8Array(1)] })),
      ['mixed_items ["images",1]']);
    assert.throws(() => swarm.createMessage(1, {}), TypeError);
    assert.throws(() => swarm.createUserMessage('hello'), TypeError);
    assert.throws(() => swarm.createUserMessage(null), TypeError);
    assert.throws(() => swarm.createUserMessage([]), TypeError);
    assert.throws(() => swarm.createUserMessage({ role: 'assistant', agentName: 'a', content: 'x' }), TypeError);
    assert.equal(swarm.createUserMessage({ role: 'user', agentName: 'a', content: 'x' }).role, 'user');
    const e = (() => { try { swarm.createUserMessage({}); } catch (err) { return err; } })();
    assert.match(e.message, /invalid IModelMessage: 2 issues: agentName: required property "agentName" is missing/);
  });

  test(`${label}: createToolCall gives upstream-style ids and object arguments`, () => {
    const calls = Array.from({ length: 200 }, () => swarm.createToolCall('search', { q: 'x' }));
    for (const c of calls) {
      assert.match(c.id, CALL_ID);
      assert.deepEqual(Object.keys(c), ['id', 'type', 'function']);
      assert.deepEqual(c.function, { name: 'search', arguments: { q: 'x' } });
      assert.equal(c.type, 'function');
    }
    assert.equal(new Set(calls.map((c) => c.id)).size, calls.length);
    assert.match(swarm.generateToolCallId(), CALL_ID);
    assert.deepEqual(swarm.createToolCall('now').function.arguments, {});
    assert.equal(swarm.createToolCall('f', {}, 'tool-xyz123').id, 'tool-xyz123');
    const args = { nested: { list: [1, null] } };
    assert.equal(swarm.createToolCall('f', args).function.arguments, args);
    assert.deepEqual(issuesOf(() => swarm.createToolCall('f', '{"q":"x"}')), ['arguments_json_string ["function","arguments"]']);
    assert.deepEqual(issuesOf(() => swarm.createToolCall(7, [])), ['invalid_type ["function","name"]', 'invalid_type ["function","arguments"]']);
    // A whole assistant turn with tool calls.
    const turn = swarm.createAssistantMessage({ agentName: 'a', content: '', tool_calls: [swarm.createToolCall('f', { a: 1 })] });
    assert.equal(swarm.IModelMessage.is(turn), true);
  });

  test(`${label}: validate returns the value itself, or every issue with path, expected and received`, () => {
    const m = user();
    const ok = swarm.validate(m);
    assert.equal(ok.ok, true);
    assert.equal(ok.value, m);
    const bad = swarm.validate({ role: 'bot', agentName: 1, mode: 'auto', tool_call_id: null });
    assert.deepEqual(codes(bad), [
      'invalid_literal ["role"]',
      'invalid_type ["agentName"]',
      'invalid_literal ["mode"]',
      'invalid_type ["tool_call_id"]',
      'missing ["content"]',
    ]);
    assert.deepEqual(bad.issues[0], {
      code: 'invalid_literal',
      path: ['role'],
      message: 'expected "tool" | "user" | "assistant" | "system" | "resque" | "flush" | "developer", received "bot"',
      expected: '"tool" | "user" | "assistant" | "system" | "resque" | "flush" | "developer"',
      received: '"bot"',
    });
    assert.deepEqual(codes(swarm.validate('{"role":"user"}')), ['invalid_type []']);
    assert.equal(swarm.validate({ ...user(), content: '' }).ok, true);
  });

  test(`${label}: format rules: object arguments, one kind of image, object-or-null payload`, () => {
    const call = (args) => ({ id: 'c1', type: 'function', function: { name: 'f', arguments: args } });
    const r = swarm.validate({ ...user(), role: 'assistant', tool_calls: [call({}), call('{"a":1}'), call(null)] });
    assert.deepEqual(codes(r), [
      'arguments_json_string ["tool_calls",1,"function","arguments"]',
      'invalid_type ["tool_calls",2,"function","arguments"]',
    ]);
    assert.match(r.issues[0].message, /OpenAI converter/);
    assert.equal(r.issues[0].expected, 'object');
    assert.equal(r.issues[0].received, 'string');
    assert.deepEqual(codes(swarm.validate({ ...user(), tool_calls: [{ id: 'c', type: 'tool', function: { name: 'f', arguments: {} } }] })),
      ['invalid_literal ["tool_calls",0,"type"]']);

    const mixed = swarm.validate({ ...user(), images: [new Uint8Array([1]), 'aGk='] });
    assert.deepEqual(codes(mixed), ['mixed_items ["images",1]']);
    assert.equal(mixed.issues[0].expected, 'Uint8Array');
    assert.equal(mixed.issues[0].received, 'string');
    assert.equal(swarm.validate({ ...user(), images: [] }).ok, true);
    assert.equal(swarm.validate({ ...user(), images: ['https://x/a.png', 'data:image/png;base64,AA=='] }).ok, true);
    assert.equal(swarm.validate({ ...user(), images: [new Uint8Array(2), new Uint8Array(0)] }).ok, true);
    assert.deepEqual(codes(swarm.validate({ ...user(), images: [new ArrayBuffer(2)] })), ['invalid_type ["images",0]']);
    assert.deepEqual(codes(swarm.validate({ ...user(), images: 'a.png' })), ['invalid_type ["images"]']);

    assert.equal(swarm.validate({ ...user(), payload: null }).ok, true);
    assert.equal(swarm.validate({ ...user(), payload: { image_id: 'u' } }).ok, true);
    assert.equal(swarm.validate({ ...user(), payload: undefined }).ok, true);
    for (const p of ['x', 1, [], true]) {
      assert.deepEqual(codes(swarm.validate({ ...user(), payload: p })), ['invalid_type ["payload"]'], String(p));
    }
  });

  test(`${label}: options: strict keeps payload and arguments free; maxIssues, abortEarly`, () => {
    const m = { ...user(), clientId: 'c', payload: { any: 1 }, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: { k: 1 } } }] };
    assert.equal(swarm.validate(m).ok, true);
    assert.deepEqual(codes(swarm.validate(m, { strict: true })), ['unrecognized_key ["clientId"]']);
    assert.equal(swarm.validate({}).issues.length, 4);
    assert.equal(swarm.validate({}, { maxIssues: 2 }).issues.length, 2);
    assert.equal(swarm.validate({}, { abortEarly: true }).issues.length, 1);
    // One depth rule for validate and toJSON: nesting past maxDepth is an issue, also inside a
    // free-form payload.
    assert.deepEqual(codes(swarm.validate({ ...user(), payload: { a: { b: { c: 1 } } } }, { maxDepth: 3 })),
      ['too_deep ["payload","a","b"]']);
    assert.equal(swarm.validate({ ...user(), payload: { a: { b: { c: 1 } } } }, { maxDepth: 4 }).ok, true);
  });

  test(`${label}: per-type validators, guards, assert and the Standard Schema object`, () => {
    assert.equal(swarm.IModelMessage.validate(user()).ok, true);
    assert.equal(swarm.IToolCall.is({ id: 'c', type: 'function', function: { name: 'f', arguments: {} } }), true);
    assert.equal(swarm.IToolCall.is({ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }), false);
    assert.equal(swarm.ExecutionMode.is('tool'), true);
    assert.equal(swarm.ModelMessageRole.is('flush'), true);
    assert.equal(swarm.is(user()), true);
    assert.equal(swarm.is({}), false);
    assert.equal(swarm.assert(user()).content, 'Hello');
    assert.throws(() => swarm.assert({ role: 'user' }), (e) => e instanceof ValidationError && e.issues.length === 3);
    const std = swarm.schema['~standard'];
    assert.equal(std.version, 1);
    assert.equal(std.vendor, 'agent-messages');
    assert.deepEqual(Object.keys(std.validate(user())), ['value']);
    const fail = std.validate({});
    assert.ok(!('value' in fail));
    assert.equal(fail.issues.length, 4);
    assert.equal(swarm.IModelMessage.name, 'IModelMessage');
  });

  test(`${label}: validateMany and validateJson`, () => {
    const m = user();
    const rs = swarm.validateMany([m, { role: 'flush' }, null, m]);
    assert.deepEqual(rs.map((r) => r.ok), [true, false, false, true]);
    assert.equal(rs[3].value, m);
    assert.deepEqual(codes(rs[1]), ['missing ["agentName"]', 'missing ["content"]', 'missing ["mode"]']);
    const text = JSON.stringify([m, { ...m, images: [{ $bytes: 'AQI=' }] }]);
    const r = swarm.validateJson(text);
    assert.equal(r.ok, true);
    assert.ok(r.value[1].images[0] instanceof Uint8Array);
    assert.deepEqual([...r.value[1].images[0]], [1, 2]);
    assert.deepEqual(codes(swarm.validateJson('{"role":"user","agentName":"a","content":"","mode":"user","images":["a",{"$bytes":"AQ=="}]}')),
      ['mixed_items ["images",1]']);
    assert.deepEqual(codes(swarm.validateJson('{"role":"user","agentName":"a","content":"","mode":"user","images":[{"$bytes":"@@"}]}')),
      ['invalid_base64 ["images",0,"$bytes"]']);
    assert.deepEqual(codes(swarm.validateJson('{"role":"user","role":"tool","agentName":"a","content":"","mode":"user"}')),
      ['duplicate_key ["role"]']);
    const broken = swarm.validateJson('{"role": user}');
    assert.equal(broken.issues[0].code, 'invalid_json');
    assert.match(broken.issues[0].message, /line 1, column 10/);
  });

  test(`${label}: toJSON/fromJSON round-trip byte images, string images, payloads and arguments exactly`, () => {
    const err = new RangeError('too far');
    const msgs = [
      swarm.createUserMessage({ agentName: 'a', content: 'see', images: [new Uint8Array([0, 1, 254, 255]), new Uint8Array(0)], payload: { image_id: 'u-1' } }),
      // A string image that is itself base64 (or a data: URL) stays a string.
      swarm.createUserMessage({ agentName: 'a', content: 'see', images: ['AAH+/w==', 'data:image/png;base64,AA=='] }),
      swarm.createAssistantMessage({
        agentName: 'a',
        content: '',
        tool_calls: [swarm.createToolCall('upload', { file: new Uint8Array([7]), why: err, neg: -0, deep: { list: [1, 'two', null] }, tag: { $bytes: 'looks tagged' } })],
      }),
      swarm.createToolOutput({ agentName: 'a', content: '{"ok":true}', tool_call_id: 'call_abc', payload: null }),
      swarm.createFlushMessage({ agentName: 'a', clientId: 'kept', custom: { nested: [true] } }),
    ];
    const text = swarm.toJSON(msgs);
    const parsed = JSON.parse(text);
    assert.deepEqual(parsed[0].images, [{ $bytes: 'AAH+/w==' }, { $bytes: '' }]);
    assert.deepEqual(parsed[1].images, ['AAH+/w==', 'data:image/png;base64,AA==']);
    const back = swarm.fromJSON(text);
    assert.deepEqual(back, msgs);
    assert.ok(back[0].images[0] instanceof Uint8Array);
    assert.equal(typeof back[1].images[0], 'string');
    const args = back[2].tool_calls[0].function.arguments;
    assert.ok(args.file instanceof Uint8Array);
    assert.ok(args.why instanceof RangeError);
    assert.equal(args.why.stack, err.stack);
    assert.ok(Object.is(args.neg, -0));
    assert.deepEqual(args.tag, { $bytes: 'looks tagged' });
    assert.equal(back[3].payload, null);
    assert.deepEqual(swarm.fromJSON(parsed), msgs);
    assert.deepEqual(swarm.fromJSON(swarm.toJSON(msgs[0])), msgs[0]);
    // Plain JSON.stringify corrupts byte images.
    assert.notDeepEqual(JSON.parse(JSON.stringify(msgs[0])), msgs[0]);
    // The per-type codec too.
    const call = msgs[2].tool_calls[0];
    assert.deepEqual(swarm.IToolCall.fromJSON(swarm.IToolCall.toJSON(call)), call);
  });

  test(`${label}: the codec refuses what JSON cannot carry and invalid messages`, () => {
    assert.throws(() => swarm.toJSON({ ...user(), payload: { when: new Date(0) } }), (e) =>
      e instanceof ValidationError && e.issues[0].code === 'not_serializable' && JSON.stringify(e.issues[0].path) === '["payload","when"]');
    assert.throws(() => swarm.toJSON({ ...user(), role: 'bot' }), ValidationError);
    assert.throws(() => swarm.fromJSON('{"role":"user","agentName":"a","content":"","mode":"user","images":[{"$bytes":"@@"}]}'),
      (e) => e.issues[0].code === 'invalid_base64');
    // In the JSON form a byte image must be tagged: a bare object is not an image.
    assert.throws(() => swarm.fromJSON({ ...user(), images: [{ 0: 1 }] }), (e) => e.issues[0].code === 'invalid_type');
    const cyclic = { ...user(), payload: {} };
    cyclic.payload.self = cyclic;
    assert.equal(swarm.validate(cyclic).ok, true);
    assert.throws(() => swarm.toJSON(cyclic), (e) => e.issues[0].code === 'cycle');
  });

  test(`${label}: a "__proto__" key is data, never a prototype`, () => {
    const text = '{"role":"user","agentName":"a","content":"","mode":"user","payload":{"__proto__":{"polluted":true},"b":{"$bytes":"AQ=="}}}';
    const back = swarm.fromJSON(text);
    assert.equal(Object.getPrototypeOf(back.payload), Object.prototype);
    assert.ok(Object.hasOwn(back.payload, '__proto__'));
    assert.equal({}.polluted, undefined);
    assert.ok(back.payload.b instanceof Uint8Array);
    const withProto = JSON.parse('{"__proto__": 1, "role": "user", "agentName": "a", "content": "", "mode": "user"}');
    assert.equal(swarm.validate(withProto).ok, true);
    assert.deepEqual(codes(swarm.validate(withProto, { strict: true })), ['unrecognized_key ["__proto__"]']);
  });

  test(`${label}: hostile input gets issues and the instance keeps answering`, () => {
    const base = user();
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const deep = (() => { let v = {}; const root = { ...base, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: v } }] }; for (let i = 0; i < 10000; i++) { v.a = {}; v = v.a; } return root; })();
    const cases = [
      ['huge content', { ...base, content: 'x'.repeat(20_000_000) }, null],
      ['huge JSON-text arguments', { ...base, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: 'x'.repeat(5_000_000) } }] }, 'arguments_json_string'],
      ['__proto__ key', JSON.parse('{"__proto__": 1, "role": "user", "agentName": "a", "content": "", "mode": "user"}'), null],
      ['lone surrogate', { ...base, agentName: 'a\uDC00' }, 'ill_formed_string'],
      ['lone surrogate image', { ...base, images: ['\uD800'] }, 'ill_formed_string'],
      ['NaN', { ...base, content: NaN }, 'invalid_type'],
      ['Infinity in role', { ...base, role: Infinity }, 'invalid_type'],
      ['BigInt', { ...base, mode: 10n }, 'invalid_type'],
      ['cycle in tool_calls', (() => { const a = []; a.push(a); return { ...base, tool_calls: a }; })(), 'cycle'],
      ['revoked proxy', proxy, 'unreadable'],
      ['revoked proxy payload', { ...base, payload: proxy }, 'unreadable'],
      ['throwing trap', new Proxy({}, { ownKeys() { throw new Error('trap'); } }), 'unreadable'],
      ['throwing getter', { ...base, get content() { throw new Error('getter'); } }, 'unreadable'],
      ['symbol', { ...base, role: Symbol('user') }, 'invalid_type'],
      ['function', { ...base, content() {} }, 'invalid_type'],
      ['Date payload', { ...base, payload: new Date() }, 'invalid_type'],
      ['Map payload', { ...base, payload: new Map() }, 'invalid_type'],
    ];
    for (const [name, value, code] of cases) {
      let r;
      assert.doesNotThrow(() => { r = swarm.validate(value); }, name);
      if (code === null) assert.equal(r.ok, true, name);
      else assert.equal(r.issues?.[0]?.code, code, `${name}: ${JSON.stringify(r.issues)}`);
      assert.equal(swarm.is(user()), true, `still answering after ${name}`);
    }
    // Deep nesting inside free-form arguments: one depth rule for validate and the codec.
    assert.equal(swarm.validate(deep).issues[0].code, 'too_deep');
    assert.throws(() => swarm.toJSON(deep), (e) => e.issues[0].code === 'too_deep');
    assert.equal(swarm.validateJson('['.repeat(100_000)).issues[0].code, 'too_deep');
    assert.equal(swarm.validateJson('{"role":"user","agentName":"\uD800","content":"","mode":"user"}').issues[0].code, 'ill_formed_string');
    const big = JSON.stringify(Array.from({ length: 20_000 }, user));
    assert.equal(swarm.validateJson(big).ok, true);
    assert.deepEqual(swarm.validateMany([proxy, user()]).map((r) => r.ok), [false, true]);
    assert.equal(swarm.validate(user()).ok, true);
  });
}

module.exports = { run };

if (require.main === module) {
  const api = require('../../pkg/index.cjs');
  run(api, 'cjs');
  test('cjs: the ./swarm entry is the root swarm namespace', () => {
    assert.equal(require('../../pkg/swarm.cjs'), api.swarm);
    assert.ok(Object.isFrozen(api.swarm));
  });
}

test('cjs: the role and mode unions have validators of their own', () => {
  const { swarm } = require('../../pkg/index.cjs');
  assert.equal(swarm.ExecutionMode.is('user'), true);
  assert.equal(swarm.ExecutionMode.is('tool'), true);
  assert.equal(swarm.ExecutionMode.is('admin'), false);
  assert.equal(swarm.ModelMessageRole.is('resque'), true);
  assert.deepEqual(swarm.ModelMessageRole.validate('boss').issues.map((i) => i.code), ['invalid_literal']);
  assert.deepEqual(swarm.ExecutionMode.validateMany(['user', 'x']).map((r) => r.ok), [true, false]);
});
