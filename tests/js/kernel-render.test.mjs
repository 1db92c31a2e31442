// kernelRender through the built package: the Kernel's own rendering of its messages into AI SDK
// ModelMessages, each bullet of the rule (docs/CONVERSIONS.md, "kernelRender"), the JS form of
// what it returns (valid per aiSdk.validate, escaped values revived as written), its findings,
// and its refusals.
import { createRequire } from 'node:module';
import test from 'node:test';
import assert from 'node:assert/strict';
import * as root from '../../pkg/index.mjs';
import { kernelRender, kernel, aiSdk, ValidationError } from '../../pkg/index.mjs';

const require = createRequire(import.meta.url);
const rows = (findings) => findings.map((f) => `${f.index} ${f.code} ${JSON.stringify(f.path)}`);
let n = 0;
const k = (type, fields) => ({ id: `m${n}`, timestamp: n++, type, ...fields });

// Every rendering is a list of valid AI SDK model messages; the findings are warnings.
function render(messages) {
  const r = kernelRender(messages);
  assert.deepEqual(Object.keys(r), ['messages', 'findings']);
  for (const [i, m] of r.messages.entries()) {
    const v = aiSdk.validate(m);
    assert.ok(v.ok, `message ${i}: ${JSON.stringify(v.issues)}`);
  }
  for (const f of r.findings) {
    assert.deepEqual(Object.keys(f), ['index', 'path', 'code', 'severity', 'message']);
    assert.equal(f.severity, 'warning');
    assert.equal(typeof f.message, 'string');
  }
  return r;
}

test('kernelRender: exported from every root entry', () => {
  assert.equal(typeof kernelRender, 'function');
  assert.equal(root.default.kernelRender, kernelRender);
  assert.equal(require('../../pkg/index.cjs').kernelRender, kernelRender);
});

test('kernelRender: inputs, system, replies', () => {
  const png = new Uint8Array([137, 80, 78, 71]);
  const r = render([
    kernel.createSystemMessage({ text: 'Be brief.' }),
    kernel.createInputMessage({ text: 'hi', files: [{ data: png, mimeType: 'image/png' }] }),
    kernel.createInputMessage({ files: [{ data: png }] }),
    kernel.createInputMessage({ text: ' \n\u3000\ufeff' }),
    kernel.createReplyMessage({ text: 'Hello' }),
    kernel.createReplyMessage({ text: '  ' }),
    kernel.createReplyMessage({ text: '\u0085' }),
  ]);
  assert.deepEqual(r.messages, [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'hi' },
    { role: 'assistant', content: 'Hello' },
    { role: 'assistant', content: '\u0085' },
  ]);
  assert.deepEqual(rows(r.findings), [
    '1 file_not_rendered ["files",0]',
    '2 file_not_rendered ["files",0]',
    '2 blank_dropped []',
    '3 blank_dropped []',
    '5 blank_dropped []',
  ]);
});

test('kernelRender: calls and their results, pending results, synthetic calls', () => {
  const pending = { type: 'json', value: { status: 'pending' } };
  const call = (toolCallId, toolName, input = {}) => ({ type: 'tool-call', toolCallId, toolName, input });
  const result = (toolCallId, toolName, output) => ({ type: 'tool-result', toolCallId, toolName, output });
  const r = render([
    k('tool-calls', { calls: [{ id: 'a', name: 'weather', args: { city: 'Oslo' } }, { id: 'b', name: 'time' }] }),
    k('tool-results', { results: [{ callId: 'a', name: 'weather', output: { temp: 3 } }, { callId: 'b', name: 'time', output: '12:00' }] }),
    k('tool-calls', { calls: [{ id: 'c', name: 'f', args: {} }] }),
    k('reasoning', { title: 't', summary: 's' }),
    k('tool-results', { results: [{ callId: 'c', output: null, error: new Error('boom') }, { output: 1 }] }),
    k('tool-calls', { calls: [{ id: 'd', name: 'g', args: {} }] }),
  ]);
  assert.deepEqual(r.messages, [
    { role: 'assistant', content: [call('a', 'weather', { city: 'Oslo' }), call('b', 'time')] },
    { role: 'tool', content: [result('a', 'weather', { type: 'json', value: { temp: 3 } }), result('b', 'time', { type: 'text', value: '12:00' })] },
    { role: 'assistant', content: [call('c', 'f')] },
    { role: 'tool', content: [result('c', 'f', pending)] },
    { role: 'assistant', content: [call('c', ''), call('', '')] },
    { role: 'tool', content: [result('c', '', { type: 'json', value: null }), result('', '', { type: 'json', value: 1 })] },
    { role: 'assistant', content: [call('d', 'g')] },
  ]);
  assert.deepEqual(rows(r.findings), [
    '0 empty_input ["calls",1]',
    '2 pending_result ["calls",0]',
    '3 type_not_rendered []',
    '4 empty_tool_name ["results",0,"name"]',
    '4 synthetic_call ["results",0]',
    '4 error_not_rendered ["results",0,"error"]',
    '4 empty_call_id ["results",1,"callId"]',
    '4 empty_tool_name ["results",1,"name"]',
    '4 synthetic_call ["results",1]',
  ]);
});

test('kernelRender: types it does not render, empty lists', () => {
  const r = render([
    k('log', { text: 'x' }),
    k('tool-call', { name: 'f', args: {} }),
    k('tool-result', { callId: 'a', result: 1 }),
    k('tool-calls', { calls: [] }),
    k('tool-results', { results: [] }),
  ]);
  assert.deepEqual(r.messages, [{ role: 'tool', content: [] }]);
  assert.deepEqual(rows(r.findings), [
    '0 type_not_rendered []',
    '1 type_not_rendered []',
    '2 type_not_rendered []',
    '3 no_calls ["calls"]',
  ]);
  assert.deepEqual(render([]), { messages: [], findings: [] });
});

test('kernelRender: registered types are valid and not rendered', () => {
  kernel.registerType('thought-render');
  try {
    const r = render([k('thought-render', { depth: 1 }), k('input', { text: 'ok' })]);
    assert.deepEqual(r.messages, [{ role: 'user', content: 'ok' }]);
    assert.deepEqual(rows(r.findings), ['0 type_not_rendered []']);
  } finally {
    kernel.unregisterType?.('thought-render');
  }
});

test('kernelRender: values come through as written; what JSON cannot hold is its toJSON form', () => {
  const r = render([
    k('tool-calls', { calls: [{ id: 'a', name: 'f', args: { $bytes: 'not bytes' } }] }),
    k('tool-results', { results: [
      { callId: 'a', name: 'f', output: { $url: 'plain', list: [{ $escape: 1 }] } },
      { callId: 'a', name: 'f', output: { file: new Uint8Array([1, 2, 3]), e: new TypeError('x') } },
    ] }),
  ]);
  assert.deepEqual(r.messages[0].content[0].input, { $bytes: 'not bytes' });
  assert.deepEqual(r.messages[1].content[0].output, { type: 'json', value: { $url: 'plain', list: [{ $escape: 1 }] } });
  const { value } = r.messages[1].content[1].output;
  assert.deepEqual(value.file, { $bytes: 'AQID' });
  assert.equal(value.e.$error.name, 'TypeError');
  assert.equal(value.e.$error.message, 'x');
  assert.deepEqual(rows(r.findings), ['1 output_not_json ["results",1,"output"]']);
  // The rendering is plain JSON: it survives JSON text and aiSdk's own JSON form.
  assert.deepEqual(JSON.parse(JSON.stringify(r.messages)), r.messages);
  assert.deepEqual(aiSdk.fromJSON(aiSdk.toJSON(r.messages)), r.messages);
});

test('kernelRender: a lone message is a list of one; the caller\'s messages are not changed', () => {
  const m = kernel.createReplyMessage({ text: 'one' });
  const before = structuredClone(m);
  assert.deepEqual(render(m).messages, [{ role: 'assistant', content: 'one' }]);
  assert.deepEqual(m, before);
});

test('kernelRender: refuses what is not Kernel messages, and wrong options', () => {
  assert.throws(() => kernelRender([{ role: 'user', content: 'hi' }]), ValidationError);
  assert.throws(() => kernelRender([k('reply', {})]), ValidationError);
  assert.throws(() => kernelRender([], 'x'), TypeError);
  assert.throws(() => kernelRender([], null), TypeError);
  assert.throws(() => kernelRender([], { maxDepth: 0 }), TypeError);
  const deep = k('tool-results', { results: [{ callId: 'a', output: [[[[[[1]]]]]] }] });
  assert.throws(() => kernelRender([deep], { maxDepth: 4 }), ValidationError);
  // The instance still works.
  assert.equal(kernelRender([k('input', { text: 'x' })]).messages.length, 1);
});
