// The AI SDK's ModelMessage through the package: the module shape, constructors, rules, the JSON
// form of URLs, bytes and ArrayBuffers (exact round trips), and hostile values.
import { createRequire } from 'node:module';
import test from 'node:test';
import assert from 'node:assert/strict';
import { aiSdk, ValidationError } from '../../pkg/index.mjs';
import * as entry from '../../pkg/ai-sdk.mjs';

const require = createRequire(import.meta.url);
const codes = (r) => (r.ok ? [] : r.issues.map((i) => `${i.code} ${JSON.stringify(i.path)}`));

test('ai-sdk: the module shape', () => {
  for (const verb of ['validate', 'validateMany', 'validateJson', 'is', 'assert', 'toJSON', 'fromJSON']) {
    assert.equal(typeof aiSdk[verb], 'function', verb);
    assert.equal(entry[verb], aiSdk[verb], verb);
  }
  assert.equal(aiSdk.validate, aiSdk.ModelMessage.validate);
  assert.deepEqual([...aiSdk.ROLES], ['system', 'user', 'assistant', 'tool']);
  assert.deepEqual([...aiSdk.TOOL_RESULT_OUTPUT_TYPES], ['text', 'json', 'execution-denied', 'error-text', 'error-json', 'content']);
  for (const t of ['text', 'image', 'file', 'reasoning', 'reasoning-file', 'custom', 'tool-call', 'tool-result', 'tool-approval-request', 'tool-approval-response']) {
    assert.ok(aiSdk.PART_TYPES.includes(t), t);
  }
  for (const name of ['ModelMessage', 'SystemModelMessage', 'UserModelMessage', 'AssistantModelMessage', 'ToolModelMessage', 'TextPart',
    'ImagePart', 'FilePart', 'ReasoningPart', 'ReasoningFilePart', 'CustomPart', 'ToolCallPart', 'ToolResultPart', 'ToolApprovalRequest',
    'ToolApprovalResponse', 'ToolResultOutput', 'FileData', 'DataContent', 'ProviderReference', 'ProviderOptions', 'JSONValue']) {
    assert.equal(aiSdk[name].name, name);
    assert.equal(entry[name], aiSdk[name]);
  }
  assert.equal(entry.default, aiSdk);
  assert.equal(require('../../pkg/ai-sdk.cjs'), aiSdk);
  assert.equal(typeof aiSdk.schema['~standard'].validate, 'function');
});

test('ai-sdk: constructors build, validate and keep what they are given', () => {
  const bytes = new Uint8Array([1, 2, 3]);
  const u = new URL('https://example.com/a.png');
  assert.deepEqual(aiSdk.createSystemMessage('Be brief.'), { role: 'system', content: 'Be brief.' });
  const text = aiSdk.createTextPart('hi', { providerOptions: { openai: { a: 1 } } });
  assert.deepEqual(text, { type: 'text', text: 'hi', providerOptions: { openai: { a: 1 } } });
  const f = aiSdk.createFilePart(bytes, 'image/png', { filename: 'a.png' });
  assert.equal(f.data, bytes);
  const img = aiSdk.createImagePart(u);
  assert.equal(img.image, u);
  const user = aiSdk.createUserMessage([text, f, img]);
  assert.equal(user.content[1], f);
  const call = aiSdk.createToolCallPart('search', { q: 'x' });
  assert.match(call.toolCallId, /^[0-9A-Za-z]{16}$/);
  assert.notEqual(aiSdk.createToolCallPart('s', {}).toolCallId, call.toolCallId);
  assert.equal(aiSdk.createToolCallPart('s', {}, 'call-1').toolCallId, 'call-1');
  const result = aiSdk.createToolResultPart(call, { type: 'json', value: { n: 1 } });
  assert.deepEqual(result, { type: 'tool-result', toolCallId: call.toolCallId, toolName: 'search', output: { type: 'json', value: { n: 1 } } });
  assert.deepEqual(aiSdk.createToolResultPart('c1', 'search', { type: 'text', value: 'ok' }).toolCallId, 'c1');
  const assistant = aiSdk.createAssistantMessage([call]);
  const tool = aiSdk.createToolMessage([result]);
  assert.deepEqual(aiSdk.createMessage('tool', { content: [result] }), tool);
  assert.equal(aiSdk.validateMany([user, assistant, tool]).every((r) => r.ok), true);
  assert.match(aiSdk.generateId(), /^[0-9A-Za-z]{16}$/);
  // Refused, with the issue's code.
  assert.throws(() => aiSdk.createToolCallPart('s', NaN), (e) => e instanceof ValidationError && e.issues[0].code === 'not_json');
  assert.throws(() => aiSdk.createAssistantMessage([]), (e) => e.issues[0].code === 'too_small');
  assert.throws(() => aiSdk.createFilePart(bytes), (e) => e.issues[0].path[0] === 'mediaType');
  assert.throws(() => aiSdk.createTextPart('x', { type: 'image' }), TypeError);
  assert.throws(() => aiSdk.createTextPart('x', { text: 'y' }), TypeError);
  assert.throws(() => aiSdk.createMessage({ role: 'user', content: 'x' }), /the role comes first/);
  assert.throws(() => aiSdk.createSystemMessage('x', 'y'), TypeError);
});

test('ai-sdk: the rules, each with its code', () => {
  const a = (...content) => ({ role: 'assistant', content });
  const call = (input) => ({ type: 'tool-call', toolCallId: 'c', toolName: 't', input });
  assert.deepEqual(codes(aiSdk.validate(a(call(undefined)))), ['not_json ["content",0,"input"]']);
  assert.deepEqual(codes(aiSdk.validate(a(call({ when: new Date(0) })))), ['not_json ["content",0,"input","when"]']);
  assert.deepEqual(codes(aiSdk.validate(a(call({ a: undefined })))), []);
  assert.deepEqual(codes(aiSdk.validate(a({ type: 'custom', kind: 'x' }))), ['invalid_format ["content",0,"kind"]']);
  assert.deepEqual(codes(aiSdk.validate(a())), ['too_small ["content"]']);
  assert.deepEqual(codes(aiSdk.validate({ role: 'user', content: [] })), ['too_small ["content"]']);
  assert.deepEqual(codes(aiSdk.validate({ role: 'tool', content: [] })), []);
  assert.deepEqual(codes(aiSdk.validate({ role: 'system', content: [{ type: 'text', text: 'x' }] })), ['invalid_type ["content"]']);
  assert.deepEqual(codes(aiSdk.validate({ role: 'user', content: [{ type: 'reasoning', text: 'x' }] })), ['unknown_type ["content",0,"type"]']);
  assert.deepEqual(codes(aiSdk.validate({ role: 'user', content: 'x', extra: 1 }, { strict: true })), ['unrecognized_key ["extra"]']);
});

test('ai-sdk: toJSON/fromJSON round-trip URLs, bytes, Buffers and ArrayBuffers exactly', () => {
  const m = {
    role: 'user',
    content: [
      { type: 'image', image: new URL('https://example.com/a.png?x=1#f') },
      { type: 'file', data: new Uint8Array([0, 255]), mediaType: 'image/png' },
      { type: 'file', data: Buffer.from('hi'), mediaType: 'text/plain' },
      { type: 'file', data: new Uint8Array([104, 105]).buffer, mediaType: 'text/plain' },
      { type: 'file', data: { type: 'url', url: new URL('https://x.test/'), originalUrl: 'http://x.test' }, mediaType: 'image' },
      { type: 'file', data: { type: 'data', data: new Uint8Array([1]).buffer }, mediaType: 'image' },
      { type: 'file', data: { $bytes: 'not bytes' }, mediaType: 'image' },
      { type: 'file', data: { openai: 'file-1' }, mediaType: 'application/pdf' },
    ],
  };
  const text = aiSdk.toJSON(m);
  assert.match(text, /"image":\{"\$url":"https:\/\/example.com\/a.png\?x=1#f"\}/);
  assert.match(text, /"data":\{"\$arrayBuffer":"aGk="\}/);
  assert.match(text, /"data":\{"\$escape":\{"\$bytes":"not bytes"\}\}/);
  const back = aiSdk.fromJSON(text);
  assert.ok(back.content[0].image instanceof URL);
  assert.equal(back.content[0].image.href, 'https://example.com/a.png?x=1#f');
  assert.deepEqual(back.content[1].data, new Uint8Array([0, 255]));
  // A Buffer comes back as a Uint8Array with its bytes.
  assert.equal(Object.getPrototypeOf(back.content[2].data), Uint8Array.prototype);
  assert.deepEqual([...back.content[2].data], [104, 105]);
  assert.ok(back.content[3].data instanceof ArrayBuffer);
  assert.deepEqual([...new Uint8Array(back.content[3].data)], [104, 105]);
  assert.ok(back.content[4].data.url instanceof URL);
  assert.equal(back.content[4].data.originalUrl, 'http://x.test');
  assert.ok(back.content[5].data.data instanceof ArrayBuffer);
  assert.deepEqual(back.content[6].data, { $bytes: 'not bytes' });
  assert.deepEqual(back.content[7].data, { openai: 'file-1' });
  assert.equal(aiSdk.toJSON(back), text);
  // validateJson reads the JSON form, and builds the JS form.
  const r = aiSdk.validateJson(text);
  assert.equal(r.ok, true);
  assert.ok(r.value.content[0].image instanceof URL);
  // A JSON-form URL without a scheme is an issue.
  const bad = aiSdk.validateJson('{"role":"user","content":[{"type":"image","image":{"$url":"nope"}}]}');
  assert.deepEqual(codes(bad), ['invalid_format ["content",0,"image","$url"]']);
  // One with a scheme that the URL parser still refuses: a ValidationError with the path.
  assert.throws(() => aiSdk.fromJSON('{"role":"user","content":[{"type":"image","image":{"$url":"http://exa mple.com"}}]}'),
    (e) => e instanceof ValidationError && e.issues[0].code === 'invalid_format' && e.issues[0].path.join('.') === 'content.0.image.$url');
  // Free-form values carry them too.
  const request = { role: 'assistant', content: [{ type: 'tool-approval-request', approvalId: 'a', toolCallId: 'c', inputSchemaInput: { u: new URL('https://x.test/'), b: new ArrayBuffer(2) } }] };
  const again = aiSdk.fromJSON(aiSdk.toJSON(request));
  assert.ok(again.content[0].inputSchemaInput.u instanceof URL);
  assert.ok(again.content[0].inputSchemaInput.b instanceof ArrayBuffer);
});

test('ai-sdk: hostile values are issues, never crashes', () => {
  const file = (data) => ({ role: 'user', content: [{ type: 'file', data, mediaType: 'image/png' }] });
  // Not a URL: a look-alike, a Proxy of a real one, an object claiming the tag.
  const fake = { href: 'https://x.test/', toString: () => 'https://x.test/' };
  Object.defineProperty(fake, Symbol.toStringTag, { value: 'URL' });
  const fileUrl = (url) => ({ role: 'user', content: [{ type: 'file', data: { type: 'url', url }, mediaType: 'x' }] });
  assert.deepEqual(codes(aiSdk.validate(fileUrl(fake))), ['invalid_type ["content",0,"data","url"]']);
  assert.deepEqual(codes(aiSdk.validate(fileUrl(new Proxy(new URL('https://x.test/'), {})))), ['invalid_type ["content",0,"data","url"]']);
  assert.deepEqual(codes(aiSdk.validate(fileUrl(Object.create(URL.prototype)))), ['invalid_type ["content",0,"data","url"]']);
  // A throwing getter.
  const throwing = { role: 'user', content: [{ type: 'file', get data() { throw new Error('no'); }, mediaType: 'x' }] };
  assert.deepEqual(codes(aiSdk.validate(throwing)), ['unreadable ["content",0,"data"]']);
  // A revoked Proxy.
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  assert.equal(aiSdk.validate(file(proxy)).ok, false);
  // Cycles and deep nesting, in a free-form input.
  const cyc = { a: 1 };
  cyc.self = cyc;
  const call = (input) => ({ role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 't', input }] });
  assert.deepEqual(codes(aiSdk.validate(call(cyc))), ['cycle ["content",0,"input","self"]']);
  let deep = {};
  for (let i = 0; i < 300; i++) deep = { d: deep };
  assert.equal(aiSdk.validate(call(deep)).issues[0].code, 'too_deep');
  // A SharedArrayBuffer is not an ArrayBuffer; a detached ArrayBuffer is an empty one.
  assert.deepEqual(codes(aiSdk.validate(file(new SharedArrayBuffer(2)))), ['invalid_type ["content",0,"data"]']);
  const detached = new ArrayBuffer(4);
  structuredClone(detached, { transfer: [detached] });
  assert.equal(aiSdk.validate(file(detached)).ok, true);
  assert.ok(aiSdk.fromJSON(aiSdk.toJSON(file(detached))).content[0].data instanceof ArrayBuffer);
  // Values that are not messages at all.
  for (const v of [undefined, null, 1, 'x', [], () => 1, Symbol('x'), 1n]) assert.equal(aiSdk.validate(v).ok, false);
});
