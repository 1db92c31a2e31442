// The AI SDK's UIMessage through the package: the validator objects in the `aiSdk` namespace,
// the constructors, the rules with their own codes, validateJson, the JSON codec, and hostile
// values (throwing getters, Proxies, cycles, deep nesting, huge parts arrays).
import test from 'node:test';
import assert from 'node:assert/strict';
import api, { aiSdk } from '../../pkg/index.mjs';
import * as entry from '../../pkg/ai-sdk.mjs';
import { validParts, toolPart, STATE_FIELDS } from './ai-sdk-ui-cases.mjs';

const { ValidationError } = api;
const codes = (r) => (r.ok ? [] : r.issues.map((i) => `${i.code} ${JSON.stringify(i.path)}`));
const msg = (role, parts) => ({ id: 'm1', role, parts });
const VALIDATORS = ['UIMessage', 'UIMessagePart', 'TextUIPart', 'CustomContentUIPart', 'ReasoningUIPart', 'ToolUIPart',
  'DynamicToolUIPart', 'SourceUrlUIPart', 'SourceDocumentUIPart', 'FileUIPart', 'ReasoningFileUIPart', 'DataUIPart',
  'SteeringMessageUIPart', 'StepStartUIPart', 'Citation'];

test('ai-sdk-ui: a validator object per documented type, in aiSdk and the ai-sdk entry', () => {
  for (const name of VALIDATORS) {
    assert.equal(aiSdk[name].name, name);
    for (const verb of ['validate', 'validateMany', 'validateJson', 'is', 'assert', 'toJSON', 'fromJSON']) assert.equal(typeof aiSdk[name][verb], 'function');
    assert.equal(aiSdk[name].schema['~standard'].vendor, 'agent-messages');
    assert.equal(entry[name], aiSdk[name]);
  }
  // The module-level verbs are ModelMessage's.
  assert.notEqual(aiSdk.validate, aiSdk.UIMessage.validate);
  assert.deepEqual([...aiSdk.UI_ROLES], ['system', 'user', 'assistant']);
  assert.deepEqual([...aiSdk.TOOL_STATES], Object.keys(STATE_FIELDS));
  assert.deepEqual([...aiSdk.UI_PART_TYPES], ['text', 'custom', 'reasoning', 'tool-${string}', 'dynamic-tool', 'source-url',
    'source-document', 'file', 'reasoning-file', 'data-${string}', 'steering-message', 'step-start']);
  assert.ok(Object.isFrozen(aiSdk.TOOL_STATES));
});

test('ai-sdk-ui: every part and tool state is valid, as a part and in a message, and kept as given', () => {
  for (const [name, part] of Object.entries(validParts())) {
    assert.deepEqual(aiSdk.UIMessagePart.validate(part), { ok: true, value: part }, name);
    const m = msg('user', [part]);
    assert.deepEqual(aiSdk.UIMessage.validate(m), { ok: true, value: m }, name);
  }
  assert.equal(aiSdk.ToolUIPart.is(toolPart(false, 'output-available')), true);
  assert.equal(aiSdk.ToolUIPart.is(toolPart(true, 'output-available')), false);
  assert.equal(aiSdk.DynamicToolUIPart.is(toolPart(true, 'output-error')), true);
  assert.equal(aiSdk.DataUIPart.is({ type: 'data-x', data: 1 }), true);
  assert.equal(aiSdk.DataUIPart.is({ type: 'text', data: 1 }), false);
});

test('ai-sdk-ui: rules with their own codes', () => {
  const r = aiSdk.UIMessage.validate(msg('assistant', [toolPart(false, 'output-available', { input: {} })]));
  assert.deepEqual(codes(r), ['tool_state_mismatch ["parts",0,"output"]']);
  assert.equal(r.issues[0].message, 'ToolUIPart needs "output" when "state" is "output-available"');
  assert.deepEqual(codes(aiSdk.UIMessage.validate(msg('assistant', [toolPart(false, 'input-available', { input: {}, output: 1 })]))),
    ['tool_state_mismatch ["parts",0,"output"]']);
  assert.deepEqual(codes(aiSdk.UIMessage.validate(msg('assistant', [toolPart(false, 'approval-responded', { input: {}, approval: { id: 'a' } })]))),
    ['tool_state_mismatch ["parts",0,"approval","approved"]']);
  assert.deepEqual(codes(aiSdk.UIMessage.validate(msg('user', []))), ['empty_content ["parts"]']);
  assert.deepEqual(codes(aiSdk.UIMessage.validate(msg('assistant', []))), []);
  assert.deepEqual(codes(aiSdk.UIMessage.validate(msg('user', [{ ...toolPart(false, 'input-available'), type: 'tool-' }]))), ['empty_tool_name ["parts",0,"type"]']);
  assert.deepEqual(codes(aiSdk.CustomContentUIPart.validate({ type: 'custom', kind: 'x' })), ['invalid_format ["kind"]']);
  const unknown = aiSdk.UIMessagePart.validate({ type: 'image' });
  assert.deepEqual(codes(unknown), ['unknown_type ["type"]']);
  assert.match(unknown.issues[0].expected, /"tool-\$\{string\}" \| "dynamic-tool"/);
  // Every issue in one pass, and maxIssues.
  const many = aiSdk.UIMessage.validate({ id: 1, role: 'x', parts: [{ type: 'text' }, { type: 'tool-a', state: 'output-error' }] });
  assert.deepEqual(codes(many), ['invalid_type ["id"]', 'invalid_literal ["role"]', 'missing ["parts",0,"text"]',
    'missing ["parts",1,"toolCallId"]', 'tool_state_mismatch ["parts",1,"input"]', 'tool_state_mismatch ["parts",1,"errorText"]']);
  assert.equal(aiSdk.UIMessage.validate({ id: 1, role: 'x', parts: [] }, { maxIssues: 1 }).issues.length, 1);
  // Strict mode reports unknown keys; otherwise they are kept.
  const extra = { ...msg('user', [{ type: 'text', text: 'x', mine: 1 }]), extra: true };
  assert.deepEqual(aiSdk.UIMessage.validate(extra), { ok: true, value: extra });
  assert.deepEqual(codes(aiSdk.UIMessage.validate(extra, { strict: true })), ['unrecognized_key ["parts",0,"mine"]', 'unrecognized_key ["extra"]']);
});

test('ai-sdk-ui: validateJson, validateMany, and the JSON codec round trip', () => {
  const all = msg('assistant', Object.values(validParts()));
  const text = JSON.stringify(all);
  assert.deepEqual(aiSdk.UIMessage.validateJson(text), { ok: true, value: all });
  assert.deepEqual(codes(aiSdk.UIMessage.validateJson('{"id":"m","role":"user","parts":[{"type":"tool-x","toolCallId":"c","state":"input-available"}]}')),
    ['tool_state_mismatch ["parts",0,"input"]']);
  // (The message-level rule waits for its fields to be right.)
  assert.deepEqual(codes(aiSdk.UIMessage.validateJson('{"id":"m","role":"user","parts":[],"id":"n"}')), ['duplicate_key ["id"]']);
  const results = aiSdk.UIMessage.validateMany([all, msg('user', [])]);
  assert.deepEqual(results.map((r) => r.ok), [true, false]);
  const json = aiSdk.UIMessage.toJSON(all);
  assert.deepEqual(aiSdk.UIMessage.fromJSON(json), all);
  assert.deepEqual(JSON.parse(typeof json === 'string' ? json : JSON.stringify(json)), JSON.parse(text));
  // Values JSON cannot carry in free-form places keep their own form through the codec.
  const bytes = msg('assistant', [{ type: 'data-blob', data: new Uint8Array([1, 2, 3]) }]);
  assert.deepEqual(aiSdk.UIMessage.fromJSON(aiSdk.UIMessage.toJSON(bytes)), bytes);
});

test('ai-sdk-ui: constructors fill ids, keep what they are given, and validate', () => {
  const m = aiSdk.createUIMessage('user', [aiSdk.createTextUIPart('hi', { state: 'done' })], { metadata: { at: 1 } });
  assert.match(m.id, /^[0-9A-Za-z]{16}$/);
  assert.deepEqual(m, { id: m.id, role: 'user', parts: [{ type: 'text', text: 'hi', state: 'done' }], metadata: { at: 1 } });
  assert.notEqual(aiSdk.generateUIMessageId(), aiSdk.generateUIMessageId());
  assert.equal(aiSdk.createUIMessage('assistant', [], { id: 'mine' }).id, 'mine');
  assert.throws(() => aiSdk.createUIMessage('user', []), ValidationError);
  assert.throws(() => aiSdk.createUIMessage({ role: 'user' }, []), /role comes first/);
  assert.throws(() => aiSdk.createUIMessage('user', [], { role: 'system' }), TypeError);
  assert.deepEqual(aiSdk.createToolUIPart('search', 'output-available', { toolCallId: 'c1', input: { q: 1 }, output: 'r' }),
    { type: 'tool-search', toolCallId: 'c1', input: { q: 1 }, output: 'r', state: 'output-available' });
  try {
    aiSdk.createToolUIPart('search', 'output-available', { toolCallId: 'c1', input: {} });
    assert.fail('no error');
  } catch (e) {
    assert.ok(e instanceof ValidationError);
    assert.equal(e.issues[0].code, 'tool_state_mismatch');
  }
  assert.throws(() => aiSdk.createToolUIPart('search', 'input-available', { toolCallId: 'c', input: 1, state: 'output-error' }), TypeError);
  assert.deepEqual(aiSdk.createDynamicToolUIPart('mcp_x', 'input-available', { toolCallId: 'c', input: {} }),
    { type: 'dynamic-tool', toolName: 'mcp_x', state: 'input-available', toolCallId: 'c', input: {} });
  assert.deepEqual(aiSdk.createDataUIPart('weather', { t: 1 }), { type: 'data-weather', data: { t: 1 } });
  assert.deepEqual(aiSdk.createDataUIPart('weather', null, 'd1'), { type: 'data-weather', data: null, id: 'd1' });
  assert.deepEqual(aiSdk.createFileUIPart('https://x/a.png', 'image/png'), { type: 'file', mediaType: 'image/png', url: 'https://x/a.png' });
  assert.deepEqual(aiSdk.createSourceUrlUIPart('s', 'https://x'), { type: 'source-url', sourceId: 's', url: 'https://x' });
  assert.deepEqual(aiSdk.createReasoningUIPart('hm'), { type: 'reasoning', text: 'hm' });
  assert.deepEqual(aiSdk.createStepStartUIPart(), { type: 'step-start' });
  assert.throws(() => aiSdk.createTextUIPart('x', { text: 'y' }), TypeError);
  assert.throws(() => aiSdk.createTextUIPart(1), ValidationError);
});

test('ai-sdk-ui: hostile values are issues, never crashes', () => {
  const throwing = { type: 'text', get text() { throw new Error('boom'); } };
  assert.deepEqual(codes(aiSdk.UIMessage.validate(msg('user', [throwing]))), ['unreadable ["parts",0,"text"]']);
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  assert.equal(aiSdk.UIMessage.validate(msg('user', [proxy])).ok, false);
  const trap = new Proxy({ type: 'text', text: 'x' }, { get(t, k) { if (k === 'text') throw new Error('trap'); return t[k]; } });
  assert.equal(aiSdk.UIMessage.validate(msg('user', [trap])).ok, false);
  const cyclic = { type: 'data-x', data: {} };
  cyclic.data.self = cyclic;
  // `data` is `unknown`: any value validates; the JSON codec refuses a cycle, with its path.
  assert.equal(aiSdk.UIMessage.validate(msg('user', [cyclic])).ok, true);
  assert.throws(() => aiSdk.UIMessage.toJSON(msg('user', [cyclic])), (e) => e instanceof ValidationError && e.issues[0].code === 'cycle');
  let deep = {};
  for (let i = 0; i < 10_000; i++) deep = { d: deep };
  const r = aiSdk.UIMessage.validate(msg('user', [{ type: 'data-x', data: deep }]));
  assert.equal(r.ok, false);
  assert.equal(r.issues[0].code, 'too_deep');
  const huge = Array.from({ length: 100_000 }, (_, i) => ({ type: 'text', text: `t${i}` }));
  assert.equal(aiSdk.UIMessage.validate(msg('user', huge)).ok, true);
  huge[99_999] = { type: 'tool-x', toolCallId: 'c', state: 'output-available', input: 1 };
  assert.deepEqual(codes(aiSdk.UIMessage.validate(msg('user', huge))), ['tool_state_mismatch ["parts",99999,"output"]']);
  // A getter on the tag itself.
  const tag = { get type() { throw new Error('no type'); }, text: 'x' };
  assert.deepEqual(codes(aiSdk.UIMessagePart.validate(tag)), ['unreadable ["type"]']);
  for (const v of [undefined, null, 1, 'x', [], new Map(), Symbol('s'), () => 1]) assert.equal(aiSdk.UIMessage.validate(v).ok, false);
  // Still alive.
  assert.equal(aiSdk.UIMessage.is(msg('user', [{ type: 'step-start' }])), true);
});
