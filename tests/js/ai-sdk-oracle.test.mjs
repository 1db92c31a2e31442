// The oracle: `ai`'s own runtime schema (`modelMessageSchema`, zod) and our `aiSdk.validate` must
// agree on every generated ModelMessage, valid and broken, except the cases listed in DECISIONS
// (each with its reason; the same table is docs/DECISIONS-ai-sdk.md). An unlisted disagreement
// fails, and so does a listed case on which the two agree (the table stays true).
import test from 'node:test';
import assert from 'node:assert/strict';
import { modelMessageSchema } from 'ai';
import { aiSdk } from '../../pkg/index.mjs';

// ---------------------------------------------------------------------------------------------
// Documented decisions: case name -> [ours, ai's, reason]. `ours`/`ai` are the expected outcomes.
export const DECISIONS = {
  'assistant content []': [false, true, 'providers refuse an assistant turn with no content (Anthropic: "all messages must have non-empty content"); too_small'],
  'user content []': [false, true, 'providers refuse a user turn with no content (OpenAI, Anthropic); too_small'],
  'custom kind without a dot': [false, true, 'the d.ts types kind as `${string}.${string}` (provider.type), the schema as any string (M4); invalid_format'],
  'tool-call input undefined': [false, true, 'the schema takes `unknown`, but the input is sent to the provider as JSON, and undefined has no JSON form; not_json'],
  'tool-call input NaN': [false, true, 'as above: JSON.stringify writes NaN as null; not_json'],
  'tool-call input function': [false, true, 'as above: JSON.stringify drops a function; not_json'],
  'tool-call input Date': [false, true, 'as above: JSON.stringify turns a Date into a string; not_json'],
  'tool-call input bigint': [false, true, 'as above: JSON.stringify throws on a bigint; not_json'],
  'tool-call input with an undefined item': [false, true, 'as above: JSON.stringify writes an undefined array item as null; not_json'],
  'tool-call input a Map': [false, true, 'as above: JSON.stringify writes a Map as {}; not_json'],
  'text part with a lone surrogate': [false, true, 'a lone surrogate has no UTF-8 form: the provider would receive U+FFFD instead (every format of this package reports it); ill_formed_string'],
  'file data {type: "foo"}': [false, true, 'the d.ts: a ProviderReference has no `type` (`type?: never`), so an object with a type is FileData, and "foo" is none (M3); unknown_type'],
  'FileData data missing data': [false, true, 'the schema takes `{type: "data"}` as a provider reference (all values strings); the d.ts says a reference has no `type`, so it is FileDataData without its data (M3); missing'],
  'file data {type: "url", url: string}': [false, true, 'the d.ts: FileDataUrl.url is a URL object, and a reference cannot have a `type` (M3); invalid_type'],
};

// ---------------------------------------------------------------------------------------------
// Generated cases

const bytes = () => new Uint8Array([1, 2, 3]);
const url = () => new URL('https://example.com/a.png');
const PO = { openai: { detail: 'low', n: 1, nested: { a: [1, null, 'x'] } } };

// Every data form a file part's `data` takes.
const DATA_FORMS = {
  'base64 string': () => 'AQID',
  'url string': () => 'https://example.com/a.png',
  Uint8Array: bytes,
  ArrayBuffer: () => bytes().buffer,
  Buffer: () => Buffer.from([1, 2, 3]),
  URL: url,
  'FileData data (string)': () => ({ type: 'data', data: 'AQID' }),
  'FileData data (bytes)': () => ({ type: 'data', data: bytes() }),
  'FileData data (ArrayBuffer)': () => ({ type: 'data', data: bytes().buffer }),
  'FileData url': () => ({ type: 'url', url: url() }),
  'FileData reference': () => ({ type: 'reference', reference: { openai: 'file-1' } }),
  'FileData text': () => ({ type: 'text', text: 'hello' }),
  'provider reference': () => ({ openai: 'file-1', anthropic: 'file-2' }),
  'empty provider reference': () => ({}),
};
const REASONING_DATA_FORMS = ['base64 string', 'Uint8Array', 'ArrayBuffer', 'Buffer', 'URL', 'FileData data (string)', 'FileData url'];
const IMAGE_FORMS = ['base64 string', 'url string', 'Uint8Array', 'ArrayBuffer', 'Buffer', 'URL', 'provider reference'];

const CONTENT_ITEMS = {
  text: { type: 'text', text: 'a' },
  file: { type: 'file', data: { type: 'data', data: 'AQID' }, mediaType: 'image/png', filename: 'a.png' },
  'file (url)': { type: 'file', data: { type: 'url', url: new URL('https://x.test/a') }, mediaType: 'image/png' },
  'file-data': { type: 'file-data', data: 'AQID', mediaType: 'application/pdf', filename: 'a.pdf' },
  'file-url': { type: 'file-url', url: 'https://x.test/a.pdf', mediaType: 'application/pdf' },
  'file-id': { type: 'file-id', fileId: 'file-1' },
  'file-id (record)': { type: 'file-id', fileId: { openai: 'file-1' } },
  'file-reference': { type: 'file-reference', providerReference: { openai: 'file-1' } },
  'image-data': { type: 'image-data', data: 'AQID', mediaType: 'image/png' },
  'image-url': { type: 'image-url', url: 'https://x.test/a.png' },
  'image-file-id': { type: 'image-file-id', fileId: 'file-1' },
  'image-file-reference': { type: 'image-file-reference', providerReference: { openai: 'file-1' } },
  custom: { type: 'custom', providerOptions: PO },
};

const OUTPUTS = {
  text: { type: 'text', value: 'ok' },
  json: { type: 'json', value: { a: [1, 'b', null, true] } },
  'json null': { type: 'json', value: null },
  'execution-denied': { type: 'execution-denied', reason: 'no' },
  'execution-denied bare': { type: 'execution-denied' },
  'error-text': { type: 'error-text', value: 'boom' },
  'error-json': { type: 'error-json', value: { code: 1 } },
  content: { type: 'content', value: Object.values(CONTENT_ITEMS) },
  'content empty': { type: 'content', value: [] },
};

const toolCall = (input = { q: 'x' }) => ({ type: 'tool-call', toolCallId: 'c1', toolName: 'search', input });
const toolResult = (output = OUTPUTS.text) => ({ type: 'tool-result', toolCallId: 'c1', toolName: 'search', output });

const cases = [];
const add = (name, value) => cases.push([name, value]);
const user = (...content) => ({ role: 'user', content });
const assistant = (...content) => ({ role: 'assistant', content });
const tool = (...content) => ({ role: 'tool', content });

// Valid: every role, part, data form, output and item.
add('system', { role: 'system', content: 'Be brief.' });
add('system with providerOptions', { role: 'system', content: 'x', providerOptions: PO });
add('user string', { role: 'user', content: 'hi' });
add('user text part', user({ type: 'text', text: 'hi', providerOptions: PO }));
for (const [form, make] of Object.entries(DATA_FORMS)) {
  add(`file part data: ${form}`, user({ type: 'file', data: make(), mediaType: 'image/png', filename: 'a.png' }));
  add(`assistant file part data: ${form}`, assistant({ type: 'file', data: make(), mediaType: 'image' }));
}
for (const form of IMAGE_FORMS) add(`image part: ${form}`, user({ type: 'image', image: DATA_FORMS[form](), mediaType: 'image/png' }));
for (const form of REASONING_DATA_FORMS) {
  add(`reasoning-file data: ${form}`, assistant({ type: 'reasoning-file', data: DATA_FORMS[form](), mediaType: 'image/png' }));
}
add('assistant string', { role: 'assistant', content: 'hello' });
add('assistant every part', assistant(
  { type: 'text', text: 'a' },
  { type: 'custom', kind: 'openai.compaction', providerOptions: PO },
  { type: 'reasoning', text: 'thinking', providerOptions: { anthropic: { signature: 'sig' } } },
  toolCall(),
  { ...toolCall(), providerExecuted: true, providerOptions: PO },
  toolResult(),
  { type: 'tool-approval-request', approvalId: 'a1', toolCallId: 'c1', reason: 'r', isAutomatic: false, signature: 's', inputSchemaInput: { x: 1 } },
));
for (const input of [null, 1, 'text', [1, 2], { a: { b: [null] } }, { a: undefined }]) {
  add(`tool-call input ${JSON.stringify(input) ?? 'undefined-valued key'}`, assistant(toolCall(input)));
}
for (const [name, output] of Object.entries(OUTPUTS)) {
  add(`tool output ${name}`, tool(toolResult(output)));
  add(`tool output ${name} with providerOptions`, tool(toolResult({ ...output, providerOptions: PO })));
}
for (const [name, item] of Object.entries(CONTENT_ITEMS)) add(`content item ${name}`, tool(toolResult({ type: 'content', value: [item] })));
add('tool approval response', tool({ type: 'tool-approval-response', approvalId: 'a1', approved: true, reason: 'ok' }));
add('tool content []', tool());
add('unknown keys kept', { role: 'user', content: 'x', extra: 1 });
add('providerOptions value with undefined', { role: 'user', content: 'x', providerOptions: { a: { b: undefined } } });

// Broken: missing keys, wrong types, wrong literals, bad nesting.
add('no role', { content: 'x' });
add('unknown role', { role: 'developer', content: 'x' });
add('role not a string', { role: 1, content: 'x' });
add('not an object', 'hello');
add('null', null);
add('array', [{ role: 'user', content: 'x' }]);
add('system content parts', { role: 'system', content: [{ type: 'text', text: 'x' }] });
add('system content missing', { role: 'system' });
add('user content number', { role: 'user', content: 1 });
add('user content null', { role: 'user', content: null });
add('tool content string', { role: 'tool', content: 'x' });
add('user reasoning part', user({ type: 'reasoning', text: 'x' }));
add('user tool-call part', user(toolCall()));
add('tool text part', tool({ type: 'text', text: 'x' }));
add('assistant tool-approval-response', assistant({ type: 'tool-approval-response', approvalId: 'a', approved: true }));
add('unknown part type', user({ type: 'video', url: 'x' }));
add('part without type', user({ text: 'x' }));
add('text part text number', user({ type: 'text', text: 1 }));
add('text part missing text', user({ type: 'text' }));
add('file part missing mediaType', user({ type: 'file', data: 'AQID' }));
add('file part mediaType number', user({ type: 'file', data: 'AQID', mediaType: 1 }));
add('file part data number', user({ type: 'file', data: 1, mediaType: 'image/png' }));
add('file part data null', user({ type: 'file', data: null, mediaType: 'image/png' }));
add('file part data array', user({ type: 'file', data: [1, 2], mediaType: 'image/png' }));
add('file part data Uint16Array', user({ type: 'file', data: new Uint16Array(2), mediaType: 'image/png' }));
add('file part data Date', user({ type: 'file', data: new Date(0), mediaType: 'image/png' }));
add('file part filename number', user({ type: 'file', data: 'AQID', mediaType: 'x', filename: 1 }));
add('file data {type: "foo"}', user({ type: 'file', data: { type: 'foo' }, mediaType: 'x' }));
add('file data {type: "url", url: string}', user({ type: 'file', data: { type: 'url', url: 'https://x.test' }, mediaType: 'x' }));
add('file data reference with a number', user({ type: 'file', data: { openai: 1 }, mediaType: 'x' }));
add('FileData data missing data', user({ type: 'file', data: { type: 'data' }, mediaType: 'x' }));
add('FileData data number', user({ type: 'file', data: { type: 'data', data: 1 }, mediaType: 'x' }));
add('FileData reference not a record', user({ type: 'file', data: { type: 'reference', reference: { a: 1 } }, mediaType: 'x' }));
add('FileData text number', user({ type: 'file', data: { type: 'text', text: 1 }, mediaType: 'x' }));
add('reasoning-file reference', assistant({ type: 'reasoning-file', data: { type: 'reference', reference: { a: 'b' } }, mediaType: 'x' }));
add('reasoning-file text', assistant({ type: 'reasoning-file', data: { type: 'text', text: 'b' }, mediaType: 'x' }));
add('reasoning-file provider reference', assistant({ type: 'reasoning-file', data: { a: 'b' }, mediaType: 'x' }));
add('reasoning-file missing mediaType', assistant({ type: 'reasoning-file', data: 'AQID' }));
add('image part missing image', user({ type: 'image' }));
add('image part image number', user({ type: 'image', image: 3 }));
add('image part mediaType number', user({ type: 'image', image: 'AQID', mediaType: 3 }));
add('custom kind without a dot', assistant({ type: 'custom', kind: 'nodot' }));
add('custom kind missing', assistant({ type: 'custom' }));
add('tool-call missing input', assistant({ type: 'tool-call', toolCallId: 'c', toolName: 't' }));
add('tool-call input undefined', assistant({ type: 'tool-call', toolCallId: 'c', toolName: 't', input: undefined }));
add('tool-call input NaN', assistant(toolCall(NaN)));
add('tool-call input function', assistant(toolCall(() => 1)));
add('tool-call input Date', assistant(toolCall(new Date(0))));
add('tool-call input bigint', assistant(toolCall(1n)));
add('tool-call input with an undefined item', assistant(toolCall([1, undefined])));
add('tool-call toolCallId number', assistant({ ...toolCall(), toolCallId: 1 }));
add('tool-call missing toolName', assistant({ type: 'tool-call', toolCallId: 'c', input: {} }));
add('tool-call providerExecuted string', assistant({ ...toolCall(), providerExecuted: 'yes' }));
add('tool-result missing output', tool({ type: 'tool-result', toolCallId: 'c', toolName: 't' }));
add('tool-result output string', tool(toolResult('ok')));
add('output unknown type', tool(toolResult({ type: 'html', value: 'x' })));
add('output text value number', tool(toolResult({ type: 'text', value: 1 })));
add('output json value NaN', tool(toolResult({ type: 'json', value: NaN })));
add('output json value Infinity nested', tool(toolResult({ type: 'json', value: { a: [Infinity] } })));
add('output json value function', tool(toolResult({ type: 'json', value: { f() {} } })));
add('output json missing value', tool(toolResult({ type: 'json' })));
add('output error-json value undefined', tool(toolResult({ type: 'error-json', value: undefined })));
add('output execution-denied reason number', tool(toolResult({ type: 'execution-denied', reason: 1 })));
add('output content value not array', tool(toolResult({ type: 'content', value: 'x' })));
add('content item unknown type', tool(toolResult({ type: 'content', value: [{ type: 'media', data: 'x' }] })));
add('content item file with bare data', tool(toolResult({ type: 'content', value: [{ type: 'file', data: 'AQID', mediaType: 'x' }] })));
add('content item file-data missing mediaType', tool(toolResult({ type: 'content', value: [{ type: 'file-data', data: 'AQID' }] })));
add('content item file-id number', tool(toolResult({ type: 'content', value: [{ type: 'file-id', fileId: 1 }] })));
add('content item image-url url URL', tool(toolResult({ type: 'content', value: [{ type: 'image-url', url: url() }] })));
add('content item file-reference missing', tool(toolResult({ type: 'content', value: [{ type: 'file-reference' }] })));
add('approval request missing approvalId', assistant({ type: 'tool-approval-request', toolCallId: 'c' }));
add('approval request isAutomatic string', assistant({ type: 'tool-approval-request', approvalId: 'a', toolCallId: 'c', isAutomatic: 'no' }));
add('approval response approved string', tool({ type: 'tool-approval-response', approvalId: 'a', approved: 'yes' }));
add('approval response missing approved', tool({ type: 'tool-approval-response', approvalId: 'a' }));
add('providerOptions string', { role: 'user', content: 'x', providerOptions: 'x' });
add('providerOptions value not an object', { role: 'user', content: 'x', providerOptions: { openai: 1 } });
add('providerOptions NaN', { role: 'user', content: 'x', providerOptions: { openai: { n: NaN } } });
add('providerOptions nested function', { role: 'user', content: 'x', providerOptions: { openai: { f: () => 1 } } });
add('text part providerOptions array', user({ type: 'text', text: 'x', providerOptions: [] }));
add('providerOptions provider undefined', { role: 'user', content: 'x', providerOptions: { openai: undefined } });
add('providerOptions undefined', { role: 'user', content: 'x', providerOptions: undefined });
add('content with an undefined part', user(undefined));
add('content with a hole', { role: 'user', content: [, { type: 'text', text: 'x' }] }); // eslint-disable-line no-sparse-arrays
add('tool-call input a class instance', assistant(toolCall(new (class Args { constructor() { this.q = 1; } })())));
add('tool-call input a Map', assistant(toolCall(new Map([['a', 1]]))));
add('image part image {}', user({ type: 'image', image: {} }));
add('file part mediaType undefined', user({ type: 'file', data: 'AQID', mediaType: undefined }));
add('file part data a Proxy of a URL', user({ type: 'file', data: new Proxy(new URL('https://x.test/'), {}), mediaType: 'x' }));
add('file part data a SharedArrayBuffer', user({ type: 'file', data: new SharedArrayBuffer(2), mediaType: 'x' }));
add('FileData url a look-alike', user({ type: 'file', data: { type: 'url', url: { href: 'https://x.test/' } }, mediaType: 'x' }));
add('text part with a lone surrogate', user({ type: 'text', text: 'a\uD800' }));
add('a part with a null prototype', user(Object.assign(Object.create(null), { type: 'text', text: 'x' })));
add('a part that is a class instance', user(new (class P { constructor() { this.type = 'text'; this.text = 'x'; } })()));
add('a message with a null prototype', Object.assign(Object.create(null), { role: 'system', content: 'x' }));
add('file part data Uint8ClampedArray', user({ type: 'file', data: new Uint8ClampedArray(2), mediaType: 'x' }));
add('file part data DataView', user({ type: 'file', data: new DataView(new ArrayBuffer(2)), mediaType: 'x' }));
add('file part data a URL subclass', user({ type: 'file', data: new (class MyURL extends URL {})('https://x.test/'), mediaType: 'x' }));
add('file part data a Buffer slice', user({ type: 'file', data: Buffer.from('hello').subarray(1, 3), mediaType: 'x' }));
add('a part that is an array', user(['text', 'x']));
add('tool-result toolCallId missing', tool({ type: 'tool-result', toolName: 't', output: OUTPUTS.text }));
add('tool-approval-request inputSchemaInput a function', assistant({ type: 'tool-approval-request', approvalId: 'a', toolCallId: 'c', inputSchemaInput: () => 1 }));
add('assistant content []', { role: 'assistant', content: [] });
add('user content []', { role: 'user', content: [] });

// ---------------------------------------------------------------------------------------------

test('ai-sdk oracle: ours and modelMessageSchema agree on every case, or the case is a documented decision', () => {
  const unlisted = [], stale = [];
  for (const [name, value] of cases) {
    const ours = aiSdk.validate(value).ok;
    const theirs = modelMessageSchema.safeParse(value).success;
    const decision = DECISIONS[name];
    if (decision) {
      if (ours !== decision[0] || theirs !== decision[1]) stale.push(`${name}: ours ${ours}, ai ${theirs}; the table says ${decision[0]}, ${decision[1]}`);
    } else if (ours !== theirs) {
      unlisted.push(`${name}: ours ${ours}, ai ${theirs}${ours ? '' : ` (${aiSdk.validate(value).issues.map((i) => `${i.code} ${JSON.stringify(i.path)}`).join('; ')})`}`);
    }
  }
  assert.deepEqual(unlisted, [], 'unlisted disagreements');
  assert.deepEqual(stale, [], 'decisions that no longer hold');
  // Every decision names a case that exists.
  const names = new Set(cases.map(([n]) => n));
  for (const name of Object.keys(DECISIONS)) assert.ok(names.has(name), `decision for a case that is not generated: ${name}`);
  assert.ok(cases.length > 150, `only ${cases.length} cases`);
});

test('ai-sdk oracle: every valid case round-trips through toJSON/fromJSON and still passes both', () => {
  // Valid, and free-form (`unknown`), but with no JSON form: toJSON says so.
  const noJsonForm = new Set(['tool-approval-request inputSchemaInput a function']);
  for (const [name, value] of cases) {
    if (!aiSdk.validate(value).ok) continue;
    if (noJsonForm.has(name)) {
      assert.throws(() => aiSdk.toJSON(value), (e) => e.issues[0].code === 'not_serializable', name);
      continue;
    }
    const text = aiSdk.toJSON(value);
    const back = aiSdk.fromJSON(text);
    assert.equal(aiSdk.toJSON(back), text, name);
    assert.equal(modelMessageSchema.safeParse(back).success, true, `${name}: ai rejects what fromJSON made`);
  }
});
