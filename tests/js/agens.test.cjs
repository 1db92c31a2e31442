'use strict';
// Agens (`Agens.Message`) through the built package. Run directly (node --test) it checks the
// package through require(); agens.test.mjs runs the same suite through import.
const test = require('node:test');
const assert = require('node:assert/strict');

const UID = /^[0-9a-f]{32}$/;

function run(api, label) {
  const { agens, ValidationError } = api;
  const codes = (r) => r.issues.map((i) => `${i.code} ${JSON.stringify(i.path)}`);
  const full = () => ({
    caller: '#PID<0.123.0>',
    id: '5ffc72a101b4ea4e61eab006b118a68a',
    run_id: 'run-1',
    parent_run_id: null,
    thread_id: 't-1',
    input: 'Write an industry brief',
    system: 'You are a researcher',
    user: 'Find sources',
    result: 'Found 3 sources',
    previous_result: null,
    outputs: { score: 8, pass: true, tags: ['a', 'b'] },
    job_id: 'industry_brief',
    job_description: 'A brief',
    node_id: 'research',
    node_objective: 'find sources',
    agent_id: 'researcher',
    serving_name: 'Elixir.MyApp.Serving',
    tool_defs: [{ name: 'search', description: 'web search', inputSchema: { type: 'object', required: ['q'] } }],
    tool_calls: [{ id: 'call-1', name: 'search', arguments: [{ key: 'q', value: 'elixir' }], server_name: 'web', type: 'mcp_tool_use' }],
    tool_results: { 'call-1': { hits: [1, 'two', null] } },
    resources: [{ uri: 'file:///brief.md', name: 'brief', description: null, content: '# Brief' }],
    retries: 2,
    retry_reason: 'too short',
    next: [
      { type: 'route', node_id: 'write', count: 3 },
      { type: 'yield', node_id: 'merge' },
      { type: 'sub', job_id: 'child' },
      { type: 'end' },
      { type: 'retry' },
      { type: 'retry', reason: 'again' },
    ],
  });

  test(`${label} agens: createMessage fills the struct's defaults and a hex uid, keeps what was given`, () => {
    const m = agens.createMessage({ input: 'hi', caller: '#PID<0.1.2>', custom: { keep: true } });
    assert.match(m.id, UID);
    assert.equal(m.retries, 0);
    assert.deepEqual(m.next, []);
    assert.deepEqual(Object.keys(m), ['input', 'caller', 'custom', 'id', 'retries', 'next']);
    assert.deepEqual(m.custom, { keep: true });
    const ids = new Set(Array.from({ length: 200 }, () => agens.createMessage({ input: 'x' }).id));
    assert.equal(ids.size, 200);
    // Given values win, in the caller's order; null is kept (Agens sets id to nil after a
    // Node's result); undefined counts as absent.
    const given = agens.createMessage({ next: [agens.end()], id: null, input: 'x', retries: 4 });
    assert.deepEqual(Object.keys(given), ['next', 'id', 'input', 'retries']);
    assert.equal(given.id, null);
    assert.equal(given.retries, 4);
    assert.deepEqual(given.next, [{ type: 'end' }]);
    const undef = agens.createMessage({ input: 'x', id: undefined, retries: undefined, next: undefined });
    assert.match(undef.id, UID);
    assert.equal(undef.retries, 0);
    assert.deepEqual(undef.next, []);
    // The whole documented message goes through unchanged.
    const f = full();
    assert.deepEqual(agens.createMessage(f), full());
    // Invalid fields throw one ValidationError with every issue.
    assert.throws(() => agens.createMessage({}), (e) => e instanceof ValidationError && codes(e).join() === 'missing ["input"]');
    assert.throws(() => agens.createMessage({ input: '', caller: 'me', retries: -1 }), (e) => {
      assert.ok(e instanceof ValidationError);
      assert.deepEqual(codes(e), ['too_small ["input"]', 'invalid_format ["caller"]', 'too_small ["retries"]']);
      return true;
    });
    for (const bad of [undefined, null, 'hi', [], 3]) assert.throws(() => agens.createMessage(bad), TypeError);
  });

  test(`${label} agens: generateUid is 32 lowercase hex characters, as Agens makes ids`, () => {
    const a = agens.generateUid();
    assert.match(a, UID);
    assert.notEqual(a, agens.generateUid());
    assert.match(api.generateUid(), UID);
  });

  test(`${label} agens: instruction helpers make valid tagged instructions`, () => {
    assert.deepEqual(agens.route('write'), { type: 'route', node_id: 'write', count: 1 });
    assert.deepEqual(agens.route('write', 3), { type: 'route', node_id: 'write', count: 3 });
    assert.deepEqual(agens.yieldTo('merge'), { type: 'yield', node_id: 'merge' });
    assert.deepEqual(agens.sub('child'), { type: 'sub', job_id: 'child' });
    assert.deepEqual(agens.end(), { type: 'end' });
    assert.deepEqual(agens.retry(), { type: 'retry' });
    assert.deepEqual(Object.keys(agens.retry()), ['type']);
    assert.deepEqual(agens.retry('low score'), { type: 'retry', reason: 'low score' });
    for (const ins of [agens.route('a'), agens.yieldTo('b'), agens.sub('c'), agens.end(), agens.retry(), agens.retry('r')]) {
      assert.equal(agens.NextInstruction.is(ins), true, JSON.stringify(ins));
    }
    assert.equal(agens.RouteInstruction.is(agens.route('a')), true);
    assert.equal(agens.YieldInstruction.is(agens.route('a')), false);
    assert.throws(() => agens.route('a', 0), (e) => e instanceof ValidationError && codes(e).join() === 'too_small ["count"]');
    assert.throws(() => agens.route('a', 1.5), (e) => codes(e).join() === 'invalid_type ["count"]');
    assert.throws(() => agens.route(7), (e) => codes(e).join() === 'invalid_type ["node_id"]');
    assert.throws(() => agens.sub(), (e) => codes(e).join() === 'invalid_type ["job_id"]');
    assert.throws(() => agens.retry(5), (e) => codes(e).join() === 'invalid_type ["reason"]');
    assert.deepEqual([...agens.NEXT_TYPES], ['route', 'yield', 'sub', 'end', 'retry']);
  });

  test(`${label} agens: validate reports every issue with its code and path`, () => {
    const m = full();
    const ok = agens.validate(m);
    assert.equal(ok.ok, true);
    assert.equal(ok.value, m);
    assert.equal(agens.validate({ input: 'only input' }).ok, true);
    const bad = agens.validate({
      input: '',
      caller: '<0.1.2>',
      id: 5,
      serving_name: null,
      outputs: [],
      retries: 1.5,
      next: [
        { type: 'route', node_id: 'a', count: 0 },
        { type: 'route', node_id: 'a' },
        { type: 'jump' },
        { node_id: 'a' },
        { type: 'retry', reason: null },
        'end',
      ],
      tool_calls: [{ id: 'c', name: 'n', arguments: { q: 'v' }, server_name: 's', type: 'function' }],
      tool_defs: [{ description: 'no name' }],
      tool_results: 'none',
      resources: [{ uri: 'u', name: 'n', content: 1 }],
    });
    assert.deepEqual(codes(bad), [
      'too_small ["input"]',
      'invalid_format ["caller"]',
      'invalid_type ["id"]',
      'invalid_type ["outputs"]',
      'invalid_type ["retries"]',
      'too_small ["next",0,"count"]',
      'missing ["next",1,"count"]',
      'unknown_type ["next",2,"type"]',
      'missing ["next",3,"type"]',
      'invalid_type ["next",4,"reason"]',
      'invalid_type ["next",5]',
      'invalid_type ["tool_calls",0,"arguments"]',
      'invalid_literal ["tool_calls",0,"type"]',
      'missing ["tool_defs",0,"name"]',
      'invalid_type ["tool_results"]',
      'invalid_type ["resources",0,"content"]',
    ]);
    assert.deepEqual(bad.issues[0], {
      code: 'too_small', path: ['input'], message: 'expected a non-empty string, received ""',
      expected: 'non-empty string', received: '""',
    });
    assert.equal(bad.issues[1].expected, '#PID<a.b.c>');
    assert.equal(bad.issues[7].expected, '"route" | "yield" | "sub" | "end" | "retry"');
    // retries and next may be absent but not null; the other fields may be null.
    assert.deepEqual(codes(agens.validate({ input: 'x', retries: null, next: null })), ['invalid_type ["retries"]', 'invalid_type ["next"]']);
  });

  test(`${label} agens: strict mode, options, guards, assert, schema and the per-type validators`, () => {
    const m = { ...full(), prompt: 'an old field' };
    assert.equal(agens.validate(m).ok, true);
    assert.deepEqual(codes(agens.validate(m, { strict: true })), ['unrecognized_key ["prompt"]']);
    assert.equal(agens.validate(full(), { strict: true }).ok, true);
    const bad = { input: '', retries: -1, caller: 'x' };
    assert.equal(agens.validate(bad).issues.length, 3);
    assert.equal(agens.validate(bad, { maxIssues: 2 }).issues.length, 2);
    assert.equal(agens.validate(bad, { abortEarly: true }).issues.length, 1);
    assert.equal(agens.is(full()), true);
    assert.equal(agens.is({ input: '' }), false);
    assert.equal(agens.Message.is(full()), true);
    assert.equal(agens.assert(full()).input, 'Write an industry brief');
    assert.throws(() => agens.assert({}), (e) => e instanceof ValidationError && e.issues[0].code === 'missing');
    const std = agens.schema['~standard'];
    assert.equal(std.vendor, 'agent-messages');
    assert.deepEqual(Object.keys(std.validate(full())), ['value']);
    assert.ok(!('value' in std.validate({})));
    assert.equal(agens.Resource.is({ uri: 'u', name: 'n' }), true);
    assert.equal(agens.Resource.is({ uri: 'u' }), false);
    assert.equal(agens.ToolCall.is(full().tool_calls[0]), true);
    assert.equal(agens.ToolCall.is({ ...full().tool_calls[0], type: 'tool_call' }), true);
    assert.equal(agens.ToolCallArgument.is({ key: 'k', value: 1 }), false);
    assert.equal(agens.ToolDef.is({ name: 'n', anything: [1] }), true);
    assert.equal(agens.ShortNext.is({ type: 'route', value: 'a' }), true);
    assert.deepEqual(codes(agens.ShortNext.validate({ type: 'jump' })), ['invalid_literal ["type"]', 'missing ["value"]']);
    for (const name of ['EndInstruction', 'RetryInstruction', 'SubInstruction']) assert.equal(typeof agens[name].validate, 'function');
  });

  test(`${label} agens: validateMany and validateJson`, () => {
    const rs = agens.validateMany([full(), { input: '' }, 7]);
    assert.deepEqual(rs.map((r) => r.ok), [true, false, false]);
    assert.deepEqual(codes(rs[1]), ['too_small ["input"]']);
    const r = agens.validateJson(JSON.stringify(full()));
    assert.equal(r.ok, true);
    assert.deepEqual(r.value, full());
    const many = agens.validateJson(JSON.stringify([full(), { input: 'x', caller: 'pid' }]));
    assert.deepEqual(codes(many), ['invalid_format [1,"caller"]']);
    assert.deepEqual(codes(agens.validateJson('{"input":"a","input":"b"}')), ['duplicate_key ["input"]']);
    assert.equal(agens.validateJson('{"input": }').issues[0].code, 'invalid_json');
  });

  test(`${label} agens: toJSON/fromJSON round-trip exactly, bytes and errors in free-form values too`, () => {
    const err = new RangeError('out of range', { cause: new Error('inner') });
    const msgs = [
      full(),
      agens.createMessage({
        input: 'x',
        outputs: { raw: new Uint8Array([0, 1, 255]), note: { $bytes: 'looks tagged' }, neg: -0, deep: { a: [{ b: null }] } },
        tool_results: { c1: err, c2: 'plain' },
        next: [agens.route('a', 2), agens.retry('why')],
      }),
    ];
    const text = agens.toJSON(msgs);
    JSON.parse(text);
    const back = agens.fromJSON(text);
    assert.deepEqual(back, msgs);
    assert.ok(back[1].outputs.raw instanceof Uint8Array);
    assert.deepEqual(back[1].outputs.note, { $bytes: 'looks tagged' });
    assert.ok(Object.is(back[1].outputs.neg, -0));
    assert.ok(back[1].tool_results.c1 instanceof RangeError);
    assert.equal(back[1].tool_results.c1.stack, err.stack);
    assert.ok(back[1].tool_results.c1.cause instanceof Error);
    assert.deepEqual(agens.fromJSON(JSON.parse(text)), msgs);
    assert.deepEqual(agens.fromJSON(agens.toJSON(full())), full());
    assert.throws(() => agens.toJSON({ input: '' }), (e) => e instanceof ValidationError && e.issues[0].code === 'too_small');
    assert.throws(() => agens.toJSON({ input: 'x', outputs: { when: new Date(0) } }), (e) => e.issues[0].code === 'not_serializable');
    assert.throws(() => agens.fromJSON('{"input":"x","retries":-2}'), (e) => e.issues[0].code === 'too_small');
  });

  test(`${label} agens: parseNext reads the model's short form with upstream's rules`, () => {
    const p = (x, o) => agens.parseNext(x, o);
    // Agens.RouterTest's cases for parse_next/1.
    assert.deepEqual(p([{ type: 'route', value: 'node_a' }]), { next: [{ type: 'route', node_id: 'node_a', count: 1 }], issues: [] });
    assert.deepEqual(p([{ type: 'yield', value: 'node_b' }]).next, [{ type: 'yield', node_id: 'node_b' }]);
    assert.deepEqual(p([{ type: 'sub', value: 'other_job' }]).next, [{ type: 'sub', job_id: 'other_job' }]);
    assert.deepEqual(p([{ type: 'end' }]), { next: [{ type: 'end' }], issues: [] });
    assert.deepEqual(p([{ type: 'retry' }]), { next: [{ type: 'retry' }], issues: [] });
    assert.deepEqual(p([]), { next: [], issues: [] });
    const unknown = p([{ type: 'unknown', value: 'x' }]);
    assert.deepEqual(unknown.next, []);
    assert.deepEqual(codes(unknown), ['unknown_type [0,"type"]']);
    const mixed = p([{ type: 'route', value: 'node_a' }, { type: 'unknown' }, { type: 'end' }]);
    assert.deepEqual(mixed.next, [{ type: 'route', node_id: 'node_a', count: 1 }, { type: 'end' }]);
    assert.deepEqual(codes(mixed), ['unknown_type [1,"type"]']);
    // The schema makes the model send a value with every item: an empty one loses nothing.
    assert.deepEqual(p([{ type: 'end', value: '' }, { type: 'retry', value: '' }, { type: 'end', value: null }]).issues, []);
    // What upstream drops is reported.
    const dropped = p([
      { type: 'retry', value: 'score too low' },
      { type: 'end', value: 'done' },
      { type: 'route' },
      { type: 'yield', value: 3 },
      { type: 'route', value: 'a', count: 3 },
      { value: 'a' },
      { type: 7 },
      null,
      'route',
      [],
      { type: 'sub', value: 'x\uD800' },
    ]);
    assert.deepEqual(dropped.next, [{ type: 'retry' }, { type: 'end' }, { type: 'route', node_id: 'a', count: 1 }]);
    assert.deepEqual(codes(dropped), [
      'unrecognized_key [0,"value"]',
      'unrecognized_key [1,"value"]',
      'missing [2,"value"]',
      'invalid_type [3,"value"]',
      'unrecognized_key [4,"count"]',
      'missing [5,"type"]',
      'invalid_type [6,"type"]',
      'invalid_type [7]',
      'invalid_type [8]',
      'invalid_type [9]',
      'ill_formed_string [10,"value"]',
    ]);
    assert.match(dropped.issues[0].message, /retryReason/);
    // The retry's value as its reason, on request.
    assert.deepEqual(p([{ type: 'retry', value: 'score too low' }], { retryReason: true }), {
      next: [{ type: 'retry', reason: 'score too low' }], issues: [],
    });
    // JSON text, and what is not a list.
    assert.deepEqual(p('[{"type":"sub","value":"j"}]').next, [{ type: 'sub', job_id: 'j' }]);
    assert.deepEqual(codes(p('[{"type":')), ['invalid_json []']);
    assert.deepEqual(codes(p({ type: 'end' })), ['invalid_type []']);
    assert.deepEqual(codes(p(undefined)), ['invalid_type []']);
    // Every result is a valid instruction list.
    for (const r of [mixed, dropped]) assert.ok(r.next.every((n) => agens.NextInstruction.is(n)));
  });

  test(`${label} agens: parseNext never throws on hostile input`, () => {
    const { proxy, revoke } = Proxy.revocable([], {});
    revoke();
    const { proxy: item, revoke: revokeItem } = Proxy.revocable({}, {});
    revokeItem();
    const cyclic = { type: 'route', value: 'a' };
    cyclic.self = cyclic;
    const list = [cyclic];
    list.push(list);
    const cases = [
      [proxy, ['unreadable []']],
      [[item], ['unreadable [0]']],
      [[{ get type() { throw new Error('getter'); } }], ['unreadable [0,"type"]']],
      [[{ type: 'route', get value() { throw new Error('getter'); } }], ['unreadable [0,"value"]']],
      [[new Proxy({}, { ownKeys() { throw new Error('trap'); } })], ['unreadable [0]']],
      [new Proxy([], { get() { throw new Error('length'); } }), ['unreadable []']],
      [list, ['unrecognized_key [0,"self"]', 'invalid_type [1]']],
      [[{ type: 'yield', value: 10n }], ['invalid_type [0,"value"]']],
      [[{ type: 'route', value: 'x'.repeat(5_000_000) }], []],
      [[JSON.parse('{"__proto__":{"type":"end"},"type":"sub","value":"j"}')], ['unrecognized_key [0,"__proto__"]']],
      [[{ type: Symbol('route'), value: 'a' }], ['invalid_type [0,"type"]']],
      [[{ type: 'route', value: NaN }], ['invalid_type [0,"value"]']],
      [Symbol('x'), ['invalid_type []']],
    ];
    for (const [value, expected] of cases) {
      let r;
      assert.doesNotThrow(() => { r = agens.parseNext(value, { get retryReason() { throw new Error('opt'); } }); });
      assert.deepEqual(codes(r), expected);
    }
    assert.equal({}.type, undefined);
    assert.deepEqual(agens.parseNext([{ type: 'end' }]).next, [{ type: 'end' }]);
  });

  test(`${label} agens: toShortNext writes the short form and lists what it cannot say`, () => {
    const next = [agens.route('a'), agens.yieldTo('b'), agens.sub('j'), agens.end(), agens.retry()];
    const short = agens.toShortNext(next);
    assert.deepEqual(short.value, [
      { type: 'route', value: 'a' }, { type: 'yield', value: 'b' }, { type: 'sub', value: 'j' },
      { type: 'end', value: '' }, { type: 'retry', value: '' },
    ]);
    assert.deepEqual(short.losses, []);
    assert.ok(short.value.every((s) => agens.ShortNext.is(s)));
    // Without losses, parseNext gives the instructions back.
    assert.deepEqual(agens.parseNext(short.value), { next, issues: [] });
    const lossy = agens.toShortNext([agens.route('a', 4), agens.retry('why')]);
    assert.deepEqual(lossy.losses.map((l) => [l.index, l.path, l.code]), [[0, [0, 'count'], 'route_count'], [1, [1, 'reason'], 'retry_reason']]);
    assert.deepEqual(agens.parseNext(lossy.value, { retryReason: true }).next, [agens.route('a'), agens.retry('why')]);
    assert.throws(() => agens.toShortNext([{ type: 'jump' }]), (e) => e instanceof ValidationError && codes(e).join() === 'unknown_type [0,"type"]');
    assert.throws(() => agens.toShortNext('end'), ValidationError);
  });

  test(`${label} agens: hostile input gets issues and the instance keeps answering`, () => {
    const base = { input: 'x' };
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const cyclic = { ...base, outputs: {} };
    cyclic.outputs.self = cyclic;
    const deep = (() => { const root = { ...base, outputs: {} }; let v = root.outputs; for (let i = 0; i < 10000; i++) { v.a = {}; v = v.a; } return root; })();
    const cases = [
      // One depth rule for validate and toJSON: too deep is too deep, also in `any`.
      ['deep nesting in free-form outputs', deep, 'too_deep'],
      ['deep nesting in next', (() => { let v = []; const root = { ...base, next: v }; for (let i = 0; i < 10000; i++) { const w = []; v.push(w); v = w; } return root; })(), 'invalid_type'],
      ['huge string', { ...base, input: 'x'.repeat(20_000_000) }, null],
      ['huge pid (read as far as a pid can go)', { ...base, caller: '#PID<' + '1'.repeat(1_000_000) + '.1.1>' }, 'invalid_format'],
      ['__proto__ key', JSON.parse('{"__proto__": {"input": ""}, "input": "x"}'), null],
      ['__proto__ in tool_results', { ...base, tool_results: JSON.parse('{"__proto__": 1}') }, null],
      ['lone surrogate', { ...base, input: 'a\uDC00' }, 'ill_formed_string'],
      ['lone surrogate key', { ...base, outputs: { ['k\uD800']: 1 } }, 'ill_formed_string'],
      ['NaN', { ...base, retries: NaN }, 'not_finite'],
      ['Infinity', { ...base, retries: Infinity }, 'not_finite'],
      ['Infinity count', { ...base, next: [{ type: 'route', node_id: 'a', count: Infinity }] }, 'not_finite'],
      ['BigInt', { ...base, retries: 1n }, 'invalid_type'],
      ['cycle in next', (() => { const n = []; n.push(n); return { ...base, next: n }; })(), 'cycle'],
      ['revoked proxy', proxy, 'unreadable'],
      ['revoked proxy field', { ...base, outputs: proxy }, 'unreadable'],
      ['throwing trap', new Proxy({}, { ownKeys() { throw new Error('trap'); } }), 'unreadable'],
      ['throwing getter', { get input() { throw new Error('getter'); } }, 'unreadable'],
      ['symbol', { input: Symbol('s') }, 'invalid_type'],
      ['function', { input() {} }, 'invalid_type'],
    ];
    for (const [name, value, code] of cases) {
      let r;
      assert.doesNotThrow(() => { r = agens.validate(value); }, name);
      if (code === null) assert.equal(r.ok, true, `${name}: ${JSON.stringify(r.issues)}`);
      else assert.equal(r.issues?.[0]?.code, code, `${name}: ${JSON.stringify(r.issues)}`);
      assert.equal(agens.is(full()), true, `still answering after ${name}`);
    }
    // A cycle in free-form outputs is a valid JS message, but the codec refuses it; deep
    // nesting is refused by both.
    assert.throws(() => agens.toJSON(deep), (e) => e.issues[0].code === 'too_deep');
    assert.equal(agens.validate(cyclic).ok, true);
    assert.throws(() => agens.toJSON(cyclic), (e) => e.issues[0].code === 'cycle');
    // A "__proto__" key through the codec is data, never a prototype.
    const back = agens.fromJSON('{"input":"x","outputs":{"__proto__":{"polluted":true}}}');
    assert.ok(Object.hasOwn(back.outputs, '__proto__'));
    assert.equal({}.polluted, undefined);
    assert.equal(agens.validateJson('['.repeat(100_000)).issues[0].code, 'too_deep');
    assert.equal(agens.validate(full()).ok, true);
  });
}

module.exports = { run };

if (require.main === module) {
  const api = require('../../pkg/index.cjs');
  run(api, 'cjs');
  test('cjs agens: the ./agens entry is the root agens namespace', () => {
    const entry = require('../../pkg/agens.cjs');
    assert.equal(entry, api.agens);
    assert.equal(typeof entry.createMessage, 'function');
  });
}
