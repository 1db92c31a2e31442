'use strict';
// The package's behaviour through its public API, registered once and run from both module
// systems (kernel.test.cjs loads the package with require, kernel.test.mjs with import).
const test = require('node:test');
const assert = require('node:assert/strict');

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

function run(api, label) {
  const { kernel, ValidationError, AgentMessagesError } = api;
  const reply = () => ({ id: '01JD7Z8Q0000000000000000AB', timestamp: 1732233600000, type: 'reply', text: 'Hello' });
  const codes = (r) => r.issues.map((i) => `${i.code} ${JSON.stringify(i.path)}`);

  test(`${label}: constructors fill a monotonic ULID and the timestamp of the same reading`, () => {
    const before = Date.now();
    const msgs = Array.from({ length: 50 }, (_, i) => kernel.createReplyMessage({ text: `m${i}` }));
    const after = Date.now();
    for (const m of msgs) {
      assert.match(m.id, ULID);
      assert.ok(m.timestamp >= before && m.timestamp <= after + 1);
      // The ULID's first 10 characters encode its time: the same ms as `timestamp`.
      const t = [...m.id.slice(0, 10)].reduce((a, ch) => a * 32 + '0123456789ABCDEFGHJKMNPQRSTVWXYZ'.indexOf(ch), 0);
      assert.equal(t, m.timestamp);
    }
    const ids = msgs.map((m) => m.id);
    assert.deepEqual([...ids].sort(), ids, 'ids sort in creation order');
    assert.equal(new Set(ids).size, ids.length);
  });

  test(`${label}: constructors keep what the caller gave, in order, and refuse invalid fields`, () => {
    const m = kernel.createMessage('input', { text: 'see', files: [{ data: new Uint8Array([1]) }], threadId: 't1' });
    assert.deepEqual(Object.keys(m), ['id', 'timestamp', 'type', 'text', 'files', 'threadId']);
    assert.equal(m.threadId, 't1');
    const given = kernel.createReplyMessage({ text: 'x', id: 'mine', timestamp: 5 });
    assert.equal(given.id, 'mine');
    assert.equal(given.timestamp, 5);
    assert.throws(() => kernel.createReplyMessage({}), (e) => e instanceof ValidationError && e.issues[0].code === 'missing');
    assert.throws(() => kernel.createMessage('reply', { type: 'log', text: 'x' }), TypeError);
    assert.throws(() => kernel.createMessage('nope', {}), ValidationError);
    assert.throws(() => kernel.createMessage(42, {}), TypeError);
    for (const [name, init, type] of [
      ['createInputMessage', {}, 'input'],
      ['createReasoningMessage', { title: 't', summary: 's' }, 'reasoning'],
      ['createToolCallsMessage', { calls: [{ id: 'c1', name: 'search', args: { q: 1 } }] }, 'tool-calls'],
      ['createToolResultsMessage', { results: [{ callId: 'c1', output: 3 }] }, 'tool-results'],
      ['createSystemMessage', { text: 's' }, 'system'],
      ['createLogMessage', { text: 'l' }, 'log'],
      ['createToolCallMessage', { name: 'search' }, 'tool-call'],
      ['createToolResultMessage', { callId: 'c1', result: null }, 'tool-result'],
    ]) {
      assert.equal(kernel[name](init).type, type, name);
    }
  });

  test(`${label}: validate returns the value itself, or every issue with path, expected and received`, () => {
    const m = reply();
    const ok = kernel.validate(m);
    assert.equal(ok.ok, true);
    assert.equal(ok.value, m);
    const bad = kernel.validate({ type: 'input', id: 3, text: true, files: [{ data: 'x', filename: 1 }] });
    assert.equal(bad.ok, false);
    assert.deepEqual(codes(bad), [
      'invalid_type ["id"]',
      'invalid_type ["text"]',
      'invalid_type ["files",0,"data"]',
      'invalid_type ["files",0,"filename"]',
      'missing ["timestamp"]',
    ]);
    assert.deepEqual(bad.issues[2], {
      code: 'invalid_type',
      path: ['files', 0, 'data'],
      message: 'expected Uint8Array, received string',
      expected: 'Uint8Array',
      received: 'string',
    });
    assert.deepEqual(codes(kernel.validate('{"type":"reply"}')), ['invalid_type []']);
  });

  test(`${label}: options: strict, maxIssues, abortEarly, maxDepth`, () => {
    const m = { ...reply(), threadId: 't' };
    assert.equal(kernel.validate(m).ok, true);
    assert.deepEqual(codes(kernel.validate(m, { strict: true })), ['unrecognized_key ["threadId"]']);
    const bad = { type: 'reasoning' };
    assert.equal(kernel.validate(bad).issues.length, 4);
    assert.equal(kernel.validate(bad, { maxIssues: 2 }).issues.length, 2);
    assert.equal(kernel.validate(bad, { abortEarly: true }).issues.length, 1);
    const nested = { ...reply(), type: 'tool-call', name: 'n', args: { a: { b: { c: 1 } } } };
    assert.equal(kernel.validate(nested, { maxDepth: 3 }).issues[0].code, 'too_deep');
    assert.equal(kernel.validate(nested, { maxDepth: 4 }).ok, true);
    assert.throws(() => kernel.validate(m, { maxIssues: 0 }), TypeError);
    assert.throws(() => kernel.validate(m, { maxDepth: 5000 }), TypeError);
  });

  test(`${label}: guards, assert and the Standard Schema object`, () => {
    assert.equal(kernel.is(reply()), true);
    assert.equal(kernel.is({}), false);
    assert.equal(kernel.ReplyMessage.is(reply()), true);
    assert.equal(kernel.InputMessage.is(reply()), false);
    assert.equal(kernel.ToolCall.is({ id: 'c', name: 'n' }), true);
    assert.equal(kernel.assert(reply()).text, 'Hello');
    assert.throws(() => kernel.assert({ type: 'reply' }), (e) => {
      assert.ok(e instanceof ValidationError);
      assert.equal(e.issues.length, 3);
      assert.match(e.message, /3 issues: id: required property "id" is missing/);
      return true;
    });
    const std = kernel.schema['~standard'];
    assert.equal(std.version, 1);
    assert.equal(std.vendor, 'agent-messages');
    const good = std.validate(reply());
    assert.deepEqual(Object.keys(good), ['value']);
    const fail = std.validate({});
    assert.ok(!('value' in fail));
    assert.ok(fail.issues.length > 0 && fail.issues.every((i) => typeof i.message === 'string' && Array.isArray(i.path)));
  });

  test(`${label}: validateMany gives one result per item and keeps the good ones`, () => {
    const m = reply();
    const rs = kernel.validateMany([m, { type: 'log' }, 7, m]);
    assert.deepEqual(rs.map((r) => r.ok), [true, false, false, true]);
    assert.equal(rs[0].value, m);
    assert.deepEqual(codes(rs[1]), ['missing ["id"]', 'missing ["timestamp"]', 'missing ["text"]']);
    assert.throws(() => kernel.validateMany('nope'), TypeError);
  });

  test(`${label}: validateJson checks text, one message or an array, with positions for bad JSON`, () => {
    const text = JSON.stringify(reply());
    const r = kernel.validateJson(text);
    assert.equal(r.ok, true);
    assert.deepEqual(r.value, reply());
    const many = kernel.validateJson(JSON.stringify([reply(), { ...reply(), timestamp: 'x' }]));
    assert.deepEqual(codes(many), ['invalid_type [1,"timestamp"]']);
    const broken = kernel.validateJson('{\n  "id": "a",\n  "type": reply\n}');
    assert.equal(broken.issues[0].code, 'invalid_json');
    assert.match(broken.issues[0].message, /line 3, column 11/);
    assert.deepEqual(codes(kernel.validateJson('{"id":"a","timestamp":1,"type":"reply","text":"a","text":"b"}')), ['duplicate_key ["text"]']);
    assert.equal(kernel.validateJson(42).issues[0].code, 'invalid_input');
  });

  test(`${label}: toJSON/fromJSON round-trip Uint8Array, Error and free-form values exactly`, () => {
    const cause = new RangeError('too far');
    const err = new TypeError('bad input', { cause });
    err.code = 'E_BAD';
    const msgs = [
      kernel.createInputMessage({ text: 'see', files: [{ data: new Uint8Array([0, 1, 254, 255]), filename: 'a.bin', mimeType: 'application/octet-stream' }] }),
      kernel.createToolResultsMessage({
        results: [
          { callId: 'c1', name: 'fetch', output: { raw: new Uint8Array([7]), note: { $bytes: 'looks tagged' }, list: [1, 'two', null], neg: -0 }, error: err },
          { output: 'plain' },
        ],
      }),
      { ...reply(), '__proto__-ish': 1, custom: { nested: [true] } },
    ];
    const text = kernel.toJSON(msgs);
    assert.equal(typeof text, 'string');
    JSON.parse(text); // valid JSON
    const back = kernel.fromJSON(text);
    assert.deepEqual(back, msgs);
    const f = back[0].files[0].data;
    assert.ok(f instanceof Uint8Array);
    const e = back[1].results[0].error;
    assert.ok(e instanceof TypeError);
    assert.equal(e.message, 'bad input');
    assert.equal(e.stack, err.stack);
    assert.equal(e.code, 'E_BAD');
    assert.ok(e.cause instanceof RangeError);
    assert.equal(e.cause.message, 'too far');
    assert.ok(back[1].results[0].output.raw instanceof Uint8Array);
    assert.deepEqual(back[1].results[0].output.note, { $bytes: 'looks tagged' });
    assert.ok(Object.is(back[1].results[0].output.neg, -0));
    // A parsed JSON value works as well as text.
    assert.deepEqual(kernel.fromJSON(JSON.parse(text)), msgs);
    // Plain JSON.stringify would have corrupted both.
    assert.notDeepEqual(JSON.parse(JSON.stringify(msgs[0])), msgs[0]);
  });

  test(`${label}: the codec refuses what JSON cannot carry instead of corrupting it`, () => {
    const m = kernel.createToolResultsMessage({ results: [{ output: { when: new Date(0) } }] });
    assert.throws(() => kernel.toJSON(m), (e) => e instanceof ValidationError && e.issues[0].code === 'not_serializable');
    assert.throws(() => kernel.toJSON({ type: 'reply' }), ValidationError);
    assert.throws(() => kernel.fromJSON('{"id":"x","timestamp":1,"type":"input","files":[{"data":"@@"}]}'), (e) =>
      e.issues[0].code === 'invalid_base64');
    assert.throws(() => kernel.fromJSON({ big: 1n }), ValidationError);
  });

  test(`${label}: a boxed primitive is an object named for what it is, never the primitive`, () => {
    const base = { id: 'a', timestamp: 1, type: 'reply' };
    for (const [boxed, name] of [
      [new String('hi'), 'String object'], [new Number(1), 'Number object'], [new Boolean(true), 'Boolean object'],
      [Object(1n), 'BigInt object'], [Object(Symbol('s')), 'Symbol object'],
    ]) {
      const r = kernel.validate({ ...base, text: boxed });
      assert.deepEqual(r.issues.map(({ code, path, expected, received }) => ({ code, path, expected, received })),
        [{ code: 'invalid_type', path: ['text'], expected: 'string', received: name }], name);
      assert.equal(r.issues[0].message, `expected string, received ${name}`);
      assert.equal(kernel.validate({ ...base, timestamp: boxed, text: 'x' }).issues[0].received, name);
      const args = kernel.validate({ ...base, type: 'tool-call', name: 'f', args: { q: boxed } });
      assert.deepEqual(args.issues.map((i) => [i.code, i.received]), [['invalid_type', name]]);
      // A free-form value may be anything, but JSON would unwrap it: toJSON refuses it.
      const extra = { ...base, text: 'x', extra: boxed };
      assert.ok(kernel.validate(extra).ok);
      assert.throws(() => kernel.toJSON(extra), (e) => e instanceof ValidationError
        && e.issues[0].code === 'not_serializable' && e.issues[0].received === name);
    }
  });

  test(`${label}: long strings reach Rust unit for unit (the walker copies them in bulk in Node)`, () => {
    // Past the walker's bulk-copy threshold: non-ASCII, a surrogate pair, escapes, and a pair
    // cut by the head copied of a long string in the fast mode (64 units).
    const long = `${'é日 '.repeat(20)}\u{1F600}"\\\n${'x'.repeat(40)}`;
    const message = { id: 'x', timestamp: 1, type: 'reply', text: long, note: long };
    assert.equal(kernel.toJSON(message), JSON.stringify(message));
    assert.deepEqual(kernel.fromJSON(kernel.toJSON([message, message])), [message, message]);
    const cut = `${'a'.repeat(63)}\u{1F600}${'b'.repeat(100)}`;
    assert.equal(kernel.validate({ ...message, text: cut }).ok, true);
    // A lone surrogate in a long string is still found, by validate and by the codec.
    const lone = `${'a'.repeat(50)}\uD800${'b'.repeat(50)}`;
    assert.equal(kernel.validate({ ...message, text: lone }).issues[0].code, 'ill_formed_string');
    const free = { id: 'x', timestamp: 1, type: 'tool-results', results: [{ output: lone }] };
    assert.throws(() => kernel.toJSON(free), (e) => e.issues[0].code === 'ill_formed_string');
  });

  test(`${label}: a "__proto__" key is data, never a prototype`, () => {
    const text = '{"id":"x","timestamp":1,"type":"tool-results","results":[{"output":{"__proto__":{"polluted":true},"b":{"$bytes":"AQ=="}}}]}';
    const back = kernel.fromJSON(text);
    const out = back.results[0].output;
    assert.equal(Object.getPrototypeOf(out), Object.prototype);
    assert.ok(Object.hasOwn(out, '__proto__'));
    assert.equal({}.polluted, undefined);
    assert.ok(out.b instanceof Uint8Array);
  });

  test(`${label}: hostile input gets issues and the instance keeps answering`, () => {
    const base = reply();
    const cyclic = { ...base, type: 'tool-results', results: [{ output: {} }] };
    cyclic.results[0].output.self = cyclic;
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const cases = [
      ['deep nesting', (() => { let v = {}; const root = { ...base, type: 'tool-call', name: 'n', args: v }; for (let i = 0; i < 10000; i++) { v.a = {}; v = v.a; } return root; })(), 'too_deep'],
      ['huge string', { ...base, text: 1 + 'x'.repeat(20_000_000) }, null],
      ['__proto__ key', JSON.parse('{"__proto__": 1, "id": "x", "timestamp": 1, "type": "reply", "text": "t"}'), null],
      ['lone surrogate', { ...base, text: 'a\uD800b' }, 'ill_formed_string'],
      ['NaN', { ...base, timestamp: NaN }, 'not_finite'],
      ['Infinity', { ...base, timestamp: -Infinity }, 'not_finite'],
      ['BigInt', { ...base, timestamp: 10n }, 'invalid_type'],
      ['cycle in tool args', (() => { const a = []; a.push(a); return { ...base, type: 'tool-call', name: 'n', args: a }; })(), 'cycle'],
      ['revoked proxy', proxy, 'unreadable'],
      ['throwing trap', new Proxy({}, { ownKeys() { throw new Error('trap'); } }), 'unreadable'],
      ['throwing getter', { ...base, get text() { throw new Error('getter'); } }, 'unreadable'],
      ['symbol', { ...base, text: Symbol('s') }, 'invalid_type'],
      ['function', { ...base, text() {} }, 'invalid_type'],
      ['Date', { ...base, timestamp: new Date() }, 'invalid_type'],
    ];
    for (const [name, value, code] of cases) {
      let r;
      assert.doesNotThrow(() => { r = kernel.validate(value); }, name);
      if (code === null) assert.equal(r.ok, true, name);
      else assert.equal(r.issues?.[0]?.code, code, `${name}: ${JSON.stringify(r.issues)}`);
      assert.equal(kernel.is(reply()), true, `still answering after ${name}`);
    }
    // A cycle in `output: any` is a valid JS message, but the codec refuses it.
    assert.equal(kernel.validate(cyclic).ok, true);
    assert.throws(() => kernel.toJSON(cyclic), (e) => e.issues[0].code === 'cycle');
    // Deep JSON text, a huge JSON array.
    assert.equal(kernel.validateJson('['.repeat(100_000)).issues[0].code, 'too_deep');
    const big = JSON.stringify(Array.from({ length: 20_000 }, reply));
    assert.equal(kernel.validateJson(big).ok, true);
    assert.equal(kernel.validate(reply()).ok, true);
  });

  test(`${label}: review findings stay fixed`, () => {
    // Escaped keys are the keys JSON.parse sees.
    assert.deepEqual(codes(kernel.validateJson('{"id":"x","timestamp":1,"type":"reply","text":"a","t\\u0079pe":"bogus"}')),
      ['duplicate_key ["type"]', 'invalid_literal ["type"]']);
    assert.equal(kernel.validateJson('{"\\u0069d":"x","timestamp":1,"\\u0074ype":"reply","text":"a"}').ok, true);
    // A duplicate tag on a registered type.
    kernel.registerType('c');
    try {
      assert.deepEqual(codes(kernel.validateJson('{"id":"x","timestamp":1,"type":"c","type":"reply"}')), ['duplicate_key ["type"]']);
    } finally {
      kernel.unregisterType('c');
    }
    // A getter that calls back into the package cannot change the outer verdict or output.
    const valid = reply();
    const sneaky = { id: 'x', timestamp: 1, type: 'reply', get text() { kernel.validate(valid); kernel.validateJson('x'.repeat(1 << 20)); return 5; } };
    assert.deepEqual(codes(kernel.validate(sneaky)), ['invalid_type ["text"]']);
    const smuggle = { id: 'x', timestamp: 1, type: 'log', get text() { kernel.toJSON({ ...valid, text: 'SMUGGLED' }); return 'mine'; } };
    assert.match(kernel.toJSON(smuggle), /"text":"mine"/);
    // Look-alike bytes are not bytes, and do not hang the codec.
    const fake = Object.create(Uint8Array.prototype, { length: { value: NaN } });
    const input = { id: 'x', timestamp: 1, type: 'input', files: [{ data: fake }] };
    assert.equal(kernel.validate(input).issues[0].received, 'object');
    assert.throws(() => kernel.toJSON(input), ValidationError);
    // `output: undefined` is a valid JS value but has no JSON form.
    const undef = { id: 'x', timestamp: 1, type: 'tool-results', results: [{ output: undefined }] };
    assert.equal(kernel.validate(undef).ok, true);
    assert.throws(() => kernel.toJSON(undef), (e) => e.issues[0].code === 'not_serializable');
    // What toJSON writes, fromJSON reads at the same maxDepth.
    let err = new Error('leaf');
    for (let i = 0; i < 70; i++) err = new Error(`e${i}`, { cause: err });
    const deep = { id: 'x', timestamp: 1, type: 'tool-results', results: [{ output: null, error: err }] };
    assert.throws(() => kernel.toJSON(deep), (e) => e.issues[0].code === 'too_deep');
    // A parsed JSON-form value holds JSON only.
    assert.throws(() => kernel.fromJSON({ id: 'x', timestamp: 1, type: 'tool-results', results: [{ output: NaN }] }), ValidationError);
    assert.throws(() => kernel.fromJSON({ id: 'x', timestamp: 1, type: 'tool-results', results: [{ output: new Map() }] }), ValidationError);
    // Lone surrogates in JSON text are reported, not silently replaced.
    assert.equal(kernel.validateJson('{"id":"x","timestamp":1,"type":"reply","text":"\uD800"}').issues[0].code, 'ill_formed_string');
    assert.equal(kernel.validateJson(new Proxy([], {})).ok, false);
    // maxDepth in messages is the one given.
    assert.match(kernel.validate({ ...reply(), type: 'tool-call', name: 'n', args: [[[[1]]]] }, { maxDepth: 3 }).issues[0].message, /maxDepth \(3\)/);
    // AggregateError keeps its errors.
    const agg = new AggregateError([new TypeError('a')], 'both');
    const back = kernel.fromJSON(kernel.toJSON({ id: 'x', timestamp: 1, type: 'tool-results', results: [{ output: 1, error: agg }] }));
    assert.ok(back.results[0].error instanceof AggregateError);
    assert.ok(back.results[0].error.errors[0] instanceof TypeError);
  });

  test(`${label}: registered types keep their fields; the name is checked`, () => {
    kernel.registerType('thought');
    try {
      const m = kernel.createMessage('thought', { mood: 'calm', depth: [1, 2] });
      assert.equal(m.mood, 'calm');
      assert.equal(kernel.validate(m, { strict: true }).ok, true);
      assert.deepEqual(codes(kernel.validate({ type: 'thought', id: 'x' })), ['missing ["timestamp"]']);
      assert.ok(kernel.registeredTypes().includes('thought'));
      assert.throws(() => kernel.registerType('reply'), AgentMessagesError);
      assert.throws(() => kernel.registerType(''), AgentMessagesError);
    } finally {
      assert.equal(kernel.unregisterType('thought'), true);
    }
    assert.equal(kernel.validate({ type: 'thought', id: 'x', timestamp: 1 }).issues[0].code, 'unknown_type');
  });

  test(`${label}: generateUid gives 32 lowercase hex characters`, () => {
    const a = api.generateUid();
    assert.match(a, /^[0-9a-f]{32}$/);
    assert.notEqual(a, api.generateUid());
  });
}

module.exports = { run };
