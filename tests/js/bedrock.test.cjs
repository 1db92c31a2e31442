'use strict';
// Bedrock Swarm through the built package. Run by node --test as a file of its own (require),
// and by bedrock.test.mjs with the ./bedrock entry loaded through import.
const test = require('node:test');
const assert = require('node:assert/strict');

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function run(bedrock, { ValidationError }, label) {
  const codes = (r) => r.issues.map((i) => `${i.code} ${JSON.stringify(i.path)}`);
  const toolCall = () => ({ id: 'call_123', type: 'function', function: { name: 'calculator', arguments: { x: 5, y: 3 } } });
  const event = () => ({
    id: 'evt_123', type: 'tool_start', timestamp: '2024-02-21T14:30:00Z', agent_name: 'calculator', run_id: 'run_456',
    thread_id: 'thread_789', parent_event_id: null, details: { tool_name: 'calculator' }, metadata: { duration_ms: 150 },
  });
  const message = () => ({ type: 'message', content: 'The result is 8' });
  const toolResponse = () => ({ type: 'tool_call', tool_calls: [toolCall()] });

  test(`${label}: the seed's examples are valid, through every validator`, () => {
    assert.equal(bedrock.validate(message()).ok, true);
    assert.equal(bedrock.validate(toolResponse()).ok, true);
    const m = message();
    assert.equal(bedrock.validate(m).value, m);
    assert.equal(bedrock.AgentResponse.is(toolResponse()), true);
    assert.equal(bedrock.MessageResponse.is(message()), true);
    assert.equal(bedrock.MessageResponse.is(toolResponse()), false);
    assert.equal(bedrock.ToolCallResponse.is(toolResponse()), true);
    assert.equal(bedrock.ToolCall.is(toolCall()), true);
    assert.equal(bedrock.ToolCallFunction.is(toolCall().function), true);
    assert.equal(bedrock.ToolOutput.is({ tool_call_id: 'call_123', output: '8' }), true);
    assert.equal(bedrock.ToolResult.is({ success: true, result: '8', error: null }), true);
    assert.equal(bedrock.Event.is(event()), true);
    assert.equal(bedrock.EventType.is('run_complete'), true);
    assert.equal(bedrock.EventType.is('tool_error'), true);
    assert.equal(bedrock.EventType.is('tool_end'), false);
    assert.deepEqual(codes(bedrock.EventType.validate('tool_end')), ['invalid_literal []']);
    assert.equal(bedrock.EventType.validate('x'.repeat(100_000)).ok, false);
    assert.deepEqual(codes(bedrock.EventType.validate(3)), ['invalid_type []']);
    assert.deepEqual(codes(bedrock.EventType.validate('a\uD800')), ['invalid_literal []'], 'not one of the literals');
    assert.deepEqual(bedrock.EventType.validateMany(['error', 'nope', 1]).map((r) => r.ok), [true, false, false]);
    assert.equal(bedrock.EventType.assert('agent_start'), 'agent_start');
    assert.throws(() => bedrock.EventType.assert('agent_stop'), ValidationError);
    assert.deepEqual(Object.keys(bedrock.EventType.schema['~standard'].validate('error')), ['value']);
    assert.equal(bedrock.EventType.toJSON('error'), '"error"');
    assert.equal(bedrock.EventType.fromJSON('"tool_error"'), 'tool_error');
    assert.deepEqual([...bedrock.EVENT_TYPES], [
      'agent_start', 'agent_complete', 'tool_start', 'tool_complete', 'message_sent', 'message_received', 'error',
      'run_start', 'run_complete', 'tool_error',
    ]);
    assert.ok(Object.isFrozen(bedrock.EVENT_TYPES));
    for (const t of bedrock.EVENT_TYPES) assert.equal(bedrock.Event.is({ ...event(), type: t }), true, t);
  });

  test(`${label}: every key is required; Optional is null, never absent`, () => {
    assert.deepEqual(codes(bedrock.ToolResult.validate({ success: false, result: '' })), ['missing ["error"]']);
    assert.deepEqual(codes(bedrock.ToolResult.validate({ success: false, result: '', error: undefined })), ['invalid_type ["error"]']);
    assert.equal(bedrock.ToolResult.validate({ success: 1, result: '', error: 2 }).issues[1].expected, 'string | null');
    const { parent_event_id, ...orphan } = event();
    assert.deepEqual(codes(bedrock.Event.validate(orphan)), ['missing ["parent_event_id"]']);
    assert.deepEqual(codes(bedrock.Event.validate({})), [
      'missing ["id"]', 'missing ["type"]', 'missing ["timestamp"]', 'missing ["agent_name"]', 'missing ["run_id"]',
      'missing ["thread_id"]', 'missing ["parent_event_id"]', 'missing ["details"]', 'missing ["metadata"]',
    ]);
    assert.deepEqual(codes(bedrock.ToolCall.validate({})), ['missing ["id"]', 'missing ["type"]', 'missing ["function"]']);
    assert.deepEqual(codes(bedrock.ToolOutput.validate({ tool_call_id: 1, output: 8 })), [
      'invalid_type ["tool_call_id"]', 'invalid_type ["output"]',
    ]);
  });

  test(`${label}: format rules: arguments as an object, tags, event types, timestamps`, () => {
    const asText = { ...toolCall(), function: { name: 'calc', arguments: '{"x":5}' } };
    const r = bedrock.ToolCall.validate(asText);
    assert.deepEqual(codes(r), ['arguments_json_string ["function","arguments"]']);
    assert.match(r.issues[0].message, /OpenAI/);
    assert.deepEqual(codes(bedrock.validate({ type: 'tool_call', tool_calls: [toolCall(), asText] })),
      ['arguments_json_string ["tool_calls",1,"function","arguments"]']);
    assert.deepEqual(codes(bedrock.ToolCall.validate({ ...toolCall(), function: { name: 'c', arguments: [1] } })),
      ['invalid_type ["function","arguments"]']);
    assert.deepEqual(codes(bedrock.ToolCall.validate({ ...toolCall(), type: 'tool' })), ['invalid_literal ["type"]']);
    const unknown = bedrock.validate({ type: 'text', content: 'x' });
    assert.deepEqual(codes(unknown), ['unknown_type ["type"]']);
    assert.equal(unknown.issues[0].expected, '"message" | "tool_call"');
    assert.deepEqual(codes(bedrock.validate({ content: 'x' })), ['missing ["type"]']);
    assert.deepEqual(codes(bedrock.validate({ type: 'tool_call', content: 'x' })), ['missing ["tool_calls"]']);
    assert.deepEqual(codes(bedrock.validate('message')), ['invalid_type []']);
    const badType = bedrock.Event.validate({ ...event(), type: 'tool_end' });
    assert.deepEqual(codes(badType), ['invalid_literal ["type"]']);
    assert.match(badType.issues[0].expected, /"tool_error"/);
    for (const ts of ['2025-02-21T15:52:52.123456', '2024-02-21T14:30:00Z', '2024-02-21T14:30:00+01:00']) {
      assert.equal(bedrock.Event.validate({ ...event(), timestamp: ts }).ok, true, ts);
    }
    for (const ts of ['yesterday', '2024-02-21', '2024-02-21 14:30:00', '2024-02-30T25:00:00']) {
      assert.deepEqual(codes(bedrock.Event.validate({ ...event(), timestamp: ts })), ['invalid_format ["timestamp"]'], ts);
    }
    assert.deepEqual(codes(bedrock.Event.validate({ ...event(), timestamp: Date.now() })), ['invalid_type ["timestamp"]']);
    assert.deepEqual(codes(bedrock.Event.validate({ ...event(), details: [], metadata: null })), [
      'invalid_type ["details"]', 'invalid_type ["metadata"]',
    ]);
    assert.equal(bedrock.Event.validate({ ...event(), id: 'anything at all' }).ok, true);
  });

  test(`${label}: open objects; strict mode, maxIssues and abortEarly`, () => {
    const extra = { ...event(), source: 'ui' };
    assert.equal(bedrock.Event.validate(extra).ok, true);
    assert.deepEqual(codes(bedrock.Event.validate(extra, { strict: true })), ['unrecognized_key ["source"]']);
    assert.equal(bedrock.Event.validate({}, { maxIssues: 2 }).issues.length, 2);
    assert.equal(bedrock.Event.validate({}, { abortEarly: true }).issues.length, 1);
  });

  test(`${label}: assert, the Standard Schema object, validateMany and validateJson`, () => {
    assert.equal(bedrock.assert(message()).content, 'The result is 8');
    assert.throws(() => bedrock.assert({ type: 'message' }), (e) => e instanceof ValidationError && e.issues[0].code === 'missing');
    const std = bedrock.schema['~standard'];
    assert.equal(std.vendor, 'agent-messages');
    assert.deepEqual(Object.keys(std.validate(message())), ['value']);
    assert.ok(!('value' in std.validate({})));
    const rs = bedrock.validateMany([message(), { type: 'message' }, toolResponse()]);
    assert.deepEqual(rs.map((r) => r.ok), [true, false, true]);
    const text = JSON.stringify([message(), { ...toolResponse(), tool_calls: [{ ...toolCall(), function: { name: 'c', arguments: '{}' } }] }]);
    assert.deepEqual(codes(bedrock.validateJson(text)), ['arguments_json_string [1,"tool_calls",0,"function","arguments"]']);
    const ok = bedrock.Event.validateJson(JSON.stringify(event()));
    assert.equal(ok.ok, true);
    assert.deepEqual(ok.value, event());
    assert.deepEqual(codes(bedrock.validateJson('{"type":"message","content":"a","content":"b"}')), ['duplicate_key ["content"]']);
    assert.equal(bedrock.validateJson('{"type":').issues[0].code, 'invalid_json');
  });

  test(`${label}: toJSON/fromJSON round-trip exactly, bytes and nested values included`, () => {
    const args = { raw: new Uint8Array([0, 1, 255]), nested: { deep: [1, 'two', null, { x: -0 }] }, look: { $bytes: 'not bytes' } };
    const responses = [message(), { type: 'tool_call', tool_calls: [{ ...toolCall(), function: { name: 'f', arguments: args } }], extra: true }];
    const text = bedrock.toJSON(responses);
    JSON.parse(text);
    const back = bedrock.fromJSON(text);
    assert.deepEqual(back, responses);
    const a = back[1].tool_calls[0].function.arguments;
    assert.ok(a.raw instanceof Uint8Array);
    assert.deepEqual(a.look, { $bytes: 'not bytes' });
    assert.ok(Object.is(a.nested.deep[3].x, -0));
    assert.deepEqual(bedrock.fromJSON(JSON.parse(text)), responses);
    const ev = { ...event(), details: { blob: new Uint8Array([9]), err: new RangeError('far') } };
    const evBack = bedrock.Event.fromJSON(bedrock.Event.toJSON(ev));
    assert.ok(evBack.details.blob instanceof Uint8Array);
    assert.ok(evBack.details.err instanceof RangeError);
    assert.deepEqual(evBack, ev);
    assert.equal(bedrock.Event.toJSON(event()), JSON.stringify(event()));
    assert.throws(() => bedrock.toJSON({ type: 'message' }), ValidationError);
    assert.throws(() => bedrock.Event.toJSON({ ...event(), details: { when: new Date(0) } }),
      (e) => e.issues[0].code === 'not_serializable');
  });

  test(`${label}: createEvent fills a UUID v4 id and a UTC ISO timestamp, keeps the caller's fields`, () => {
    const before = Date.now();
    const e = bedrock.createEvent({ type: 'run_start', agent_name: 'calc', run_id: 'r1', thread_id: 't1', custom: 1 });
    assert.match(e.id, UUID_V4);
    assert.match(e.timestamp, ISO_UTC);
    assert.ok(Date.parse(e.timestamp) >= before && Date.parse(e.timestamp) <= Date.now());
    assert.deepEqual(Object.keys(e), ['id', 'type', 'timestamp', 'agent_name', 'run_id', 'thread_id', 'parent_event_id', 'details', 'metadata', 'custom']);
    assert.equal(e.parent_event_id, null);
    assert.deepEqual(e.details, {});
    assert.deepEqual(e.metadata, {});
    const ids = new Set(Array.from({ length: 200 }, () => bedrock.createEvent({ type: 'error', agent_name: 'a', run_id: 'r', thread_id: 't' }).id));
    assert.equal(ids.size, 200);
    const details = { b: 2, a: 1 };
    const given = bedrock.createEvent({ metadata: { m: 1 }, type: 'tool_error', agent_name: 'a', run_id: 'r', thread_id: 't', details, id: 'evt_1', timestamp: '2025-02-21T15:52:52.123456', parent_event_id: 'p' });
    assert.equal(given.id, 'evt_1');
    assert.equal(given.timestamp, '2025-02-21T15:52:52.123456');
    assert.equal(given.parent_event_id, 'p');
    assert.equal(given.details, details, 'the caller\'s object, not a copy');
    assert.deepEqual(Object.keys(given.details), ['b', 'a']);
    const undef = bedrock.createEvent({ type: 'error', agent_name: 'a', run_id: 'r', thread_id: 't', parent_event_id: undefined, id: undefined });
    assert.equal(undef.parent_event_id, null);
    assert.match(undef.id, UUID_V4);
    assert.throws(() => bedrock.createEvent({ type: 'run_start' }), (e) =>
      e instanceof ValidationError && e.issues.map((i) => i.code).join() === 'missing,missing,missing');
    assert.throws(() => bedrock.createEvent({ type: 'nope', agent_name: 'a', run_id: 'r', thread_id: 't' }), ValidationError);
    assert.throws(() => bedrock.createEvent('run_start'), TypeError);
  });

  test(`${label}: createChildEvent links the parent and copies the run's names`, () => {
    const parent = bedrock.createEvent({ type: 'agent_start', agent_name: 'calc', run_id: 'r1', thread_id: 't1', metadata: { m: 1 } });
    const child = bedrock.createChildEvent(parent, 'tool_start', { tool_name: 'calculator' });
    assert.equal(child.parent_event_id, parent.id);
    assert.equal(child.agent_name, 'calc');
    assert.equal(child.run_id, 'r1');
    assert.equal(child.thread_id, 't1');
    assert.equal(child.type, 'tool_start');
    assert.deepEqual(child.details, { tool_name: 'calculator' });
    assert.deepEqual(child.metadata, {});
    assert.match(child.id, UUID_V4);
    assert.notEqual(child.id, parent.id);
    const noDetails = bedrock.createChildEvent(child, 'tool_complete', undefined, { metadata: { duration_ms: 3 } });
    assert.deepEqual(noDetails.details, {});
    assert.deepEqual(noDetails.metadata, { duration_ms: 3 });
    assert.throws(() => bedrock.createChildEvent({ id: 'x' }, 'tool_start', {}), ValidationError);
    assert.throws(() => bedrock.createChildEvent(parent, 'bogus', {}), ValidationError);
  });

  test(`${label}: tool constructors`, () => {
    const c = bedrock.createToolCall('calculator', { x: 5 });
    assert.match(c.id, /^call_[0-9a-z]{9}$/);
    assert.deepEqual(c, { id: c.id, type: 'function', function: { name: 'calculator', arguments: { x: 5 } } });
    assert.equal(bedrock.createToolCall('c', {}, 'call_123').id, 'call_123');
    assert.throws(() => bedrock.createToolCall('c', '{"x":5}'), (e) => e.issues[0].code === 'arguments_json_string');
    assert.deepEqual(bedrock.createToolOutput('call_123', '8'), { tool_call_id: 'call_123', output: '8' });
    assert.throws(() => bedrock.createToolOutput('call_123', 8), ValidationError);
    assert.deepEqual(bedrock.createToolResult({ success: true, result: '8' }), { success: true, result: '8', error: null });
    assert.deepEqual(bedrock.createToolResult({ success: false, error: 'boom' }), { success: false, result: '', error: 'boom' });
    assert.deepEqual(bedrock.createToolResult({ success: true, result: '8', error: null, ms: 3 }), { success: true, result: '8', error: null, ms: 3 });
    assert.throws(() => bedrock.createToolResult({ result: '8' }), (e) => e.issues[0].code === 'missing');
    assert.deepEqual(bedrock.toolSuccess('8'), { success: true, result: '8', error: null });
    assert.deepEqual(bedrock.toolFailure('Tool x not found'), { success: false, result: '', error: 'Tool x not found' });
    assert.deepEqual(bedrock.createMessageResponse('hi'), { type: 'message', content: 'hi' });
    assert.deepEqual(bedrock.createToolCallResponse([c]), { type: 'tool_call', tool_calls: [c] });
    assert.throws(() => bedrock.createToolCallResponse([{}]), ValidationError);
    // The module shape's createMessage: an AgentResponse of the given type, the type first.
    assert.deepEqual(Object.keys(bedrock.createMessage('message', { content: 'hi' })), ['type', 'content']);
    assert.deepEqual(bedrock.createMessage('tool_call', { tool_calls: [c] }), { type: 'tool_call', tool_calls: [c] });
    assert.deepEqual(bedrock.createMessage('message', { type: 'message', content: 'x' }), { type: 'message', content: 'x' });
    assert.throws(() => bedrock.createMessage('message', { type: 'tool_call', content: 'x' }), TypeError);
    assert.throws(() => bedrock.createMessage(1, {}), TypeError);
    assert.throws(() => bedrock.createMessage('message', 'hi'), TypeError);
    assert.throws(() => bedrock.createMessage('message', {}), (e) => e instanceof ValidationError && e.issues[0].code === 'missing');
    assert.throws(() => bedrock.createMessage('tool_start', { content: 'x' }), ValidationError);
  });

  test(`${label}: handleResponse validates and dispatches exhaustively`, () => {
    const handlers = { message: (r) => `say ${r.content}`, tool_call: (r) => r.tool_calls.length };
    assert.equal(bedrock.handleResponse(message(), handlers), 'say The result is 8');
    assert.equal(bedrock.handleResponse(toolResponse(), handlers), 1);
    assert.throws(() => bedrock.handleResponse({ type: 'text' }, handlers), (e) => e instanceof ValidationError && e.issues[0].code === 'unknown_type');
    assert.throws(() => bedrock.handleResponse(message(), { message: () => 1 }), (e) => e instanceof TypeError && !(e instanceof ValidationError) && /tool_call/.test(e.message));
    assert.throws(() => bedrock.handleResponse(message(), null), TypeError);
  });

  test(`${label}: buildEventTree links children, reports dangling parents and cycles, never throws`, () => {
    const run = bedrock.createEvent({ type: 'run_start', agent_name: 'a', run_id: 'r', thread_id: 't' });
    const agent = bedrock.createChildEvent(run, 'agent_start', {});
    const tool1 = bedrock.createChildEvent(agent, 'tool_start', {});
    const tool2 = bedrock.createChildEvent(agent, 'tool_error', {});
    const t = bedrock.buildEventTree([tool2, run, agent, tool1]);
    assert.deepEqual(t.roots, [run]);
    assert.ok(t.children instanceof Map);
    assert.deepEqual([...t.children.keys()], [run.id, agent.id]);
    assert.equal(t.children.get(agent.id)[0], tool2);
    assert.deepEqual(t.children.get(agent.id), [tool2, tool1]);
    assert.deepEqual(t.issues, []);

    const dangling = { ...event(), id: 'd', parent_event_id: 'gone' };
    const a = { ...event(), id: 'a', parent_event_id: 'b' };
    const b = { ...event(), id: 'b', parent_event_id: 'a' };
    const self = { ...event(), id: 's', parent_event_id: 's' };
    const dup = { ...event(), id: 'a', parent_event_id: null };
    const r = bedrock.buildEventTree([event(), dangling, a, b, self, dup, 7, { ...event(), id: 3 }]);
    assert.deepEqual(codes(r), [
      'dangling_parent [1,"parent_event_id"]',
      'cycle [2,"parent_event_id"]',
      'cycle [4,"parent_event_id"]',
      'duplicate_id [5,"id"]',
      'invalid_type [6]',
      'invalid_type [7,"id"]',
    ]);
    assert.deepEqual(r.roots.map((e) => e.id), ['evt_123', 'd', 'a', 's']);
    assert.deepEqual(r.children.get('a').map((e) => e.id), ['b']);
    assert.ok(!r.children.has('b'), 'the cut edge is gone');
    // Walking from the roots terminates and visits each placed event once.
    const seen = [];
    const walk = (e) => { seen.push(e.id); for (const c of r.children.get(e.id) ?? []) walk(c); };
    r.roots.forEach(walk);
    assert.deepEqual(seen.sort(), ['a', 'b', 'd', 'evt_123', 's']);

    // Hostile lists.
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const hostile = bedrock.buildEventTree([
      { ...event(), get id() { throw new Error('getter'); } },
      { ...event(), id: 'x\uD800' },
      proxy,
      { ...event(), id: 'ok', parent_event_id: 10n },
      { ...event(), id: 'u', parent_event_id: undefined },
    ]);
    assert.deepEqual(codes(hostile), [
      'unreadable [0,"id"]', 'ill_formed_string [1,"id"]', 'invalid_type [2]', 'invalid_type [3,"parent_event_id"]', 'missing [4,"parent_event_id"]',
    ]);
    assert.deepEqual(hostile.roots.map((e) => e.id), ['ok', 'u']);
    assert.deepEqual(codes(bedrock.buildEventTree('nope')), ['invalid_input []']);
    assert.deepEqual(codes(bedrock.buildEventTree(new Proxy([], { get() { throw new Error('trap'); } }))), ['invalid_input []']);
    assert.deepEqual(bedrock.buildEventTree([]).roots, []);
    // A long chain and a big ring.
    const n = 20000;
    const chain = Array.from({ length: n }, (_, i) => ({ ...event(), id: `e${i}`, parent_event_id: i ? `e${i - 1}` : null }));
    const tc = bedrock.buildEventTree(chain);
    assert.equal(tc.roots.length, 1);
    assert.equal(tc.issues.length, 0);
    const ring = chain.map((e, i) => ({ ...e, parent_event_id: `e${(i + 1) % n}` }));
    const tr = bedrock.buildEventTree(ring);
    assert.deepEqual(codes(tr), ['cycle [0,"parent_event_id"]']);
    assert.equal(tr.roots[0], ring[0]);
  });

  test(`${label}: hostile input gets issues and the instance keeps answering`, () => {
    const base = message();
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const deepArgs = () => { const root = {}; let v = root; for (let i = 0; i < 10000; i++) { v.a = {}; v = v.a; } return root; };
    const cyclic = () => { const o = {}; o.self = o; return o; };
    const cases = [
      // One depth rule for validate and toJSON: too deep is too deep, also in `any`.
      ['deep nesting', { type: 'tool_call', tool_calls: [{ ...toolCall(), function: { name: 'f', arguments: { deep: deepArgs() } } }] }, 'too_deep'],
      ['huge string', { ...base, content: 'x'.repeat(20_000_000) }, null],
      ['__proto__ key', JSON.parse('{"__proto__": 1, "type": "message", "content": "t"}'), null],
      ['lone surrogate', { ...base, content: 'a\uD800b' }, 'ill_formed_string'],
      ['NaN', { ...event(), details: { n: NaN } }, null],
      ['Infinity tag', { ...base, type: Infinity }, 'invalid_type'],
      ['BigInt', { ...base, content: 10n }, 'invalid_type'],
      ['cycle in metadata', { ...event(), metadata: cyclic() }, null],
      ['cycle at the root', (() => { const o = { ...base }; o.me = o; return o; })(), null],
      ['revoked proxy', proxy, 'unreadable'],
      ['throwing trap', new Proxy({}, { ownKeys() { throw new Error('trap'); } }), 'unreadable'],
      ['throwing getter', { ...base, get content() { throw new Error('getter'); } }, 'unreadable'],
      ['symbol', { ...base, content: Symbol('s') }, 'invalid_type'],
    ];
    for (const [name, value, code] of cases) {
      let r;
      assert.doesNotThrow(() => { r = bedrock.Event.validate(value); r = name.includes('metadata') || name === 'NaN' ? r : bedrock.validate(value); }, name);
      if (code === null) assert.equal(r.ok, true, `${name}: ${JSON.stringify(r.issues)}`);
      else assert.equal(r.issues?.[0]?.code, code, `${name}: ${JSON.stringify(r.issues)}`);
      assert.equal(bedrock.is(message()), true, `still answering after ${name}`);
    }
    // `Dict[str, Any]` holds anything in the JS form (as Kernel's `output: any` does), but
    // the codec refuses what JSON cannot carry.
    const deep = { type: 'tool_call', tool_calls: [{ ...toolCall(), function: { name: 'f', arguments: deepArgs() } }] };
    assert.throws(() => bedrock.toJSON(deep), (e) => e.issues[0].code === 'too_deep');
    assert.deepEqual(codes(bedrock.validate(deep, { maxDepth: 3 })), ['too_deep ["tool_calls",0,"function"]']);
    // One depth rule: what nests too deep to be written does not validate either.
    let nested = {};
    for (let i = 0; i < 100_000; i++) nested = { n: nested };
    const tooDeep = { ...event(), details: nested };
    assert.equal(bedrock.Event.validate(tooDeep).issues[0].code, 'too_deep');
    assert.throws(() => bedrock.Event.toJSON(tooDeep), (e) => e.issues[0].code === 'too_deep');
    assert.throws(() => bedrock.Event.toJSON({ ...event(), details: { n: NaN } }), (e) => e.issues[0].code === 'not_serializable');
    assert.throws(() => bedrock.Event.toJSON({ ...event(), metadata: cyclic() }), (e) => e.issues[0].code === 'cycle');
    assert.throws(() => bedrock.Event.fromJSON({ ...event(), details: { big: 1n } }), ValidationError);
    // "__proto__" from JSON text is data, never a prototype.
    const back = bedrock.Event.fromJSON(JSON.stringify(event()).replace('"details":{', '"details":{"__proto__":{"polluted":true},'));
    assert.ok(Object.hasOwn(back.details, '__proto__'));
    assert.equal({}.polluted, undefined);
    assert.equal(bedrock.validateJson('['.repeat(100_000)).issues[0].code, 'too_deep');
    assert.equal(bedrock.validate(message()).ok, true);
  });
}

module.exports = { run };

if (require.main === module) {
  const api = require('../../pkg/index.cjs');
  run(api.bedrock, api, 'cjs');
  test('cjs: the ./bedrock entry is the root bedrock namespace', () => {
    assert.equal(require('../../pkg/bedrock.cjs'), api.bedrock);
  });
}

test('cjs: createChildEvent keeps init.details and refuses contradicting links', () => {
  const { bedrock } = require('../../pkg/index.cjs');
  const parent = bedrock.createEvent({ type: 'run_start', agent_name: 'a', run_id: 'r', thread_id: 't' });
  assert.deepEqual(bedrock.createChildEvent(parent, 'agent_start', undefined, { details: { keep: 1 } }).details, { keep: 1 });
  assert.throws(() => bedrock.createChildEvent(parent, 'agent_start', {}, { run_id: 'other' }), TypeError);
  assert.equal(bedrock.createChildEvent(parent, 'agent_start', {}, { run_id: 'r' }).run_id, 'r');
});
