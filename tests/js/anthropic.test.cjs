'use strict';
// Anthropic Messages through the built package. This file is the suite: run directly (node
// --test) it checks the package through require(); anthropic.test.mjs runs the same suite
// through import.
const test = require('node:test');
const assert = require('node:assert/strict');

const TOOLU = /^toolu_[0-9A-Za-z]{24}$/;

function run(api, entry, label) {
  const { anthropic, ValidationError } = api;
  const codes = (r) => r.issues.map((i) => `${i.code} ${JSON.stringify(i.path)}`);
  const toolUse = (id = 'toolu_01A') => ({ type: 'tool_use', id, name: 'get_weather', input: { city: 'Paris' } });
  const toolResult = (id = 'toolu_01A') => ({ type: 'tool_result', tool_use_id: id, content: '18C' });
  const conversation = () => [
    { role: 'user', content: 'What is the weather in Paris? ünïcødé 😀' },
    { role: 'assistant', content: [{ type: 'thinking', thinking: 'use the tool', signature: 'EqQBCkYIARgCIkA=' }, { type: 'text', text: 'Let me check.' }, toolUse()] },
    { role: 'user', content: [toolResult(), { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } }] },
    { role: 'assistant', content: [{ type: 'redacted_thinking', data: 'EmwKAhgB' }, { type: 'text', text: '18C.', cache_control: { type: 'ephemeral', ttl: '1h' } }] },
    { role: 'system', content: [{ type: 'text', text: 'Be brief from now on.' }] },
  ];
  const usage = { cache_creation: null, cache_creation_input_tokens: null, cache_read_input_tokens: null, inference_geo: null, input_tokens: 3, output_tokens: 4, output_tokens_details: null, server_tool_use: null, service_tier: null, speed: null };
  const response = (content) => ({ id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', container: null, diagnostics: null, stop_details: null, stop_reason: 'end_turn', stop_sequence: null, usage, content });

  test(`${label}: anthropic: the documented messages, a prompt and a response are valid, and every type has a validator`, () => {
    for (const m of conversation()) assert.deepEqual(anthropic.validate(m), { ok: true, value: m }, m.role);
    const prompt = { system: 'You are terse.', messages: conversation() };
    assert.deepEqual(anthropic.Prompt.validate(prompt), { ok: true, value: prompt });
    assert.equal(anthropic.Message.is(response([{ type: 'text', text: 'hi', citations: null }])), true);
    assert.equal(anthropic.ContentBlock.is({ type: 'text', text: 'hi', citations: null }), true);
    assert.equal(anthropic.ContentBlock.is({ type: 'image', source: { type: 'url', url: 'https://x' } }), false);
    assert.equal(anthropic.ContentBlockParam.is({ type: 'image', source: { type: 'url', url: 'https://x' } }), true);
    assert.deepEqual([...anthropic.ROLES], ['user', 'assistant', 'system']);
    assert.equal(anthropic.BLOCK_TYPES.length, 16);
    assert.equal(anthropic.RESPONSE_BLOCK_TYPES.length, 12);
    assert.ok(Object.isFrozen(anthropic.BLOCK_TYPES));
    for (const name of ['MessageParam', 'Prompt', 'Message', 'ContentBlockParam', 'ContentBlock', 'TextBlockParam', 'ImageBlockParam',
      'DocumentBlockParam', 'ThinkingBlockParam', 'ToolUseBlockParam', 'ToolResultBlockParam', 'ContainerUploadBlock', 'Usage']) {
      assert.equal(anthropic[name].name, name);
      for (const verb of ['validate', 'validateMany', 'validateJson', 'is', 'assert', 'toJSON', 'fromJSON']) assert.equal(typeof anthropic[name][verb], 'function');
      assert.equal(anthropic[name].schema['~standard'].vendor, 'agent-messages');
    }
    assert.equal(anthropic.validate, anthropic.MessageParam.validate);
  });

  test(`${label}: anthropic: each rule users trip on has its own code and path`, () => {
    // tool_result first in its user message, never in an assistant message.
    assert.deepEqual(codes(anthropic.validate({ role: 'user', content: [{ type: 'text', text: 'x' }, toolResult()] })),
      ['misplaced_tool_result ["content",1]']);
    assert.deepEqual(codes(anthropic.validate({ role: 'assistant', content: [toolResult()] })), ['misplaced_tool_result ["content",0]']);
    // In a prompt, each tool_result answers a tool_use of the assistant message before.
    const prompt = (id) => ({ messages: [{ role: 'assistant', content: [toolUse()] }, { role: 'user', content: [toolResult(id)] }] });
    assert.equal(anthropic.Prompt.is(prompt('toolu_01A')), true);
    assert.deepEqual(codes(anthropic.Prompt.validate(prompt('toolu_01B'))), ['unmatched_tool_result ["messages",1,"content",0,"tool_use_id"]']);
    assert.deepEqual(codes(anthropic.Prompt.validateJson(JSON.stringify(prompt('toolu_01B')))),
      ['unmatched_tool_result ["messages",1,"content",0,"tool_use_id"]']);
    // Thinking without its signature.
    const r = anthropic.validate({ role: 'assistant', content: [{ type: 'thinking', thinking: 'hmm' }] });
    assert.deepEqual(codes(r), ['missing_signature ["content",0,"signature"]']);
    assert.match(r.issues[0].message, /signature/);
    // Media types the API does not take.
    const image = (media_type) => ({ type: 'image', source: { type: 'base64', media_type, data: 'AA==' } });
    assert.deepEqual(codes(anthropic.ContentBlockParam.validate(image('image/bmp'))), ['unsupported_media_type ["source","media_type"]']);
    assert.deepEqual(codes(anthropic.ContentBlockParam.validate({ type: 'document', source: { type: 'base64', media_type: 'text/plain', data: 'AA==' } })),
      ['unsupported_media_type ["source","media_type"]']);
    // Empty content, empty text.
    assert.deepEqual(codes(anthropic.validate({ role: 'user', content: '' })), ['too_small ["content"]']);
    assert.deepEqual(codes(anthropic.validate({ role: 'user', content: [] })), ['too_small ["content"]']);
    assert.deepEqual(codes(anthropic.validate({ role: 'user', content: [{ type: 'text', text: '' }] })), ['too_small ["content",0,"text"]']);
    // tool_use input is an object; ids fit the API's pattern.
    assert.deepEqual(codes(anthropic.ContentBlockParam.validate({ ...toolUse(), input: '{"city":"Paris"}' })), ['invalid_type ["input"]']);
    assert.deepEqual(codes(anthropic.ContentBlockParam.validate(toolUse('toolu 1'))), ['invalid_format ["id"]']);
    assert.deepEqual(codes(anthropic.ContentBlockParam.validate(toolUse('a'.repeat(65)))), ['invalid_format ["id"]']);
    // Other issues, in one pass.
    assert.deepEqual(codes(anthropic.validate({ role: 'tool', content: 'x' })), ['unknown_type ["role"]']);
    assert.deepEqual(codes(anthropic.validate({ role: 'user', content: 'x', extra: 1 }, { strict: true })), ['unrecognized_key ["extra"]']);
  });

  test(`${label}: anthropic: long ids are compared whole in the fast walk`, () => {
    // Ids of 64 characters that differ only at the end.
    const a = `toolu_${'a'.repeat(57)}1`, b = `toolu_${'a'.repeat(57)}2`;
    assert.equal(a.length, 64);
    const prompt = (id) => ({ messages: [{ role: 'assistant', content: [toolUse(a)] }, { role: 'user', content: [toolResult(id)] }] });
    assert.equal(anthropic.Prompt.is(prompt(a)), true);
    assert.deepEqual(codes(anthropic.Prompt.validate(prompt(b))), ['unmatched_tool_result ["messages",1,"content",0,"tool_use_id"]']);
  });

  test(`${label}: anthropic: constructors in the SDK's vocabulary`, () => {
    assert.deepEqual(anthropic.createUserMessage('hi'), { role: 'user', content: 'hi' });
    assert.deepEqual(anthropic.createAssistantMessage([{ type: 'text', text: 'ok' }], { trace: 't' }),
      { role: 'assistant', content: [{ type: 'text', text: 'ok' }], trace: 't' });
    assert.deepEqual(anthropic.createSystemMessage('Be brief.'), { role: 'system', content: 'Be brief.' });
    assert.deepEqual(anthropic.createMessage('user', { content: 'x' }), { role: 'user', content: 'x' });
    assert.throws(() => anthropic.createMessage({ role: 'user', content: 'x' }), /role comes first/);
    assert.throws(() => anthropic.createUserMessage('x', { role: 'assistant' }), TypeError);
    assert.throws(() => anthropic.createUserMessage(''), (e) => e instanceof ValidationError && e.issues[0].code === 'too_small');
    assert.deepEqual(anthropic.createTextBlock('hi', { cache_control: { type: 'ephemeral' } }),
      { type: 'text', text: 'hi', cache_control: { type: 'ephemeral' } });
    // Images: bytes (sniffed or given), data: URLs, base64 with its media type, URLs.
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1]);
    assert.deepEqual(anthropic.createImageBlock(png), { type: 'image', source: { type: 'base64', media_type: 'image/png', data: Buffer.from(png).toString('base64') } });
    assert.deepEqual(anthropic.createImageBlock(new Uint8Array([1, 2, 3]), 'image/webp').source, { type: 'base64', media_type: 'image/webp', data: 'AQID' });
    assert.deepEqual(anthropic.createImageBlock('data:image/gif;base64,R0lGOA==').source, { type: 'base64', media_type: 'image/gif', data: 'R0lGOA==' });
    assert.deepEqual(anthropic.createImageBlock('R0lGOA==', 'image/gif').source, { type: 'base64', media_type: 'image/gif', data: 'R0lGOA==' });
    assert.deepEqual(anthropic.createImageBlock('https://example.com/a.png').source, { type: 'url', url: 'https://example.com/a.png' });
    assert.throws(() => anthropic.createImageBlock(new Uint8Array([1, 2, 3])), /give their media type/);
    assert.throws(() => anthropic.createImageBlock(new Uint8Array([1]), 'image/bmp'), (e) => e.issues[0].code === 'unsupported_media_type');
    assert.throws(() => anthropic.createImageBlock(3), TypeError);
    assert.throws(() => anthropic.createImageBlock('https://example.com/a.png', 'image/png'), /a URL says its own/);
    // Tool use with a fresh id, as the API makes them; a tool result for it.
    const tu = anthropic.createToolUseBlock('get_weather', { city: 'Paris' });
    assert.match(tu.id, TOOLU);
    assert.deepEqual(tu, { type: 'tool_use', id: tu.id, name: 'get_weather', input: { city: 'Paris' } });
    assert.notEqual(anthropic.createToolUseBlock('f').id, tu.id);
    assert.deepEqual(anthropic.createToolUseBlock('f', undefined, 'toolu_x').input, {});
    assert.match(anthropic.generateToolUseId(), TOOLU);
    assert.throws(() => anthropic.createToolUseBlock('f', 'text'), (e) => e.issues[0].code === 'invalid_type');
    const tr = anthropic.createToolResultBlock(tu, '18C', { is_error: false });
    assert.deepEqual(tr, { type: 'tool_result', tool_use_id: tu.id, content: '18C', is_error: false });
    assert.deepEqual(anthropic.createToolResultBlock('toolu_1'), { type: 'tool_result', tool_use_id: 'toolu_1' });
    // A prompt, checked across messages.
    const p = anthropic.createPrompt([anthropic.createUserMessage('weather?'), anthropic.createAssistantMessage([tu]), anthropic.createUserMessage([tr])], 'Be brief.');
    assert.equal(p.system, 'Be brief.');
    assert.deepEqual(Object.keys(p), ['system', 'messages']);
    assert.deepEqual(Object.keys(anthropic.createPrompt([])), ['messages']);
    assert.throws(() => anthropic.createPrompt([anthropic.createUserMessage([tr])]), (e) => e.issues[0].code === 'unmatched_tool_result');
  });

  test(`${label}: anthropic: the JSON codec round-trips, and validateJson reads one or many`, () => {
    const messages = conversation();
    const text = anthropic.toJSON(messages);
    assert.deepEqual(JSON.parse(text), messages);
    assert.deepEqual(anthropic.fromJSON(text), messages);
    assert.deepEqual(anthropic.validateJson(JSON.stringify(messages[1])), { ok: true, value: messages[1] });
    const many = anthropic.validateMany([messages[0], { role: 'user', content: '' }]);
    assert.deepEqual(many.map((x) => x.ok), [true, false]);
    assert.equal(anthropic.validateJson('{"role":"user","content":"x","role":"user"}').issues[0].code, 'duplicate_key');
    // What a value holds that JSON cannot is refused, not dropped.
    assert.throws(() => anthropic.toJSON({ role: 'user', content: 'x', extra: () => 1 }), ValidationError);
    const withBytes = { role: 'user', content: 'x', raw: new Uint8Array([1, 2]) };
    assert.deepEqual(anthropic.fromJSON(anthropic.toJSON(withBytes)), withBytes);
  });

  test(`${label}: anthropic: hostile values are issues, never a crash`, () => {
    const good = conversation()[0];
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const cyclic = { role: 'user', content: [] };
    cyclic.content.push(cyclic);
    let deep = [];
    const deepMsg = { role: 'user', content: 'x', extra: deep };
    for (let i = 0; i < 10_000; i++) deep = deep[0] = [];
    const cases = [
      ['deep nesting in a custom property', deepMsg, 'too_deep'],
      ['deep tool input', { role: 'assistant', content: [{ ...toolUse(), input: { a: deepMsg.extra } }] }, 'too_deep'],
      ['huge string', { role: 'user', content: 'x'.repeat(20_000_000) }, null],
      ['huge id', { role: 'assistant', content: [toolUse('x'.repeat(5_000_000))] }, 'invalid_format'],
      ['__proto__ key', JSON.parse('{"__proto__": 1, "role": "user", "content": "t"}'), null],
      ['lone surrogate', { role: 'user', content: 'a\uD800b' }, 'ill_formed_string'],
      ['NaN', { role: 'user', content: NaN }, 'invalid_type'],
      ['BigInt', { role: 'user', content: 10n }, 'invalid_type'],
      ['cycle', cyclic, 'cycle'],
      ['revoked proxy', proxy, 'unreadable'],
      ['throwing trap', new Proxy({}, { ownKeys() { throw new Error('trap'); } }), 'unreadable'],
      ['throwing getter', { role: 'user', get content() { throw new Error('getter'); } }, 'unreadable'],
      ['throwing block type', { role: 'user', content: [{ get type() { throw new Error('type'); } }] }, 'unreadable'],
      ['throwing tool_use_id', { role: 'user', content: [{ type: 'tool_result', get tool_use_id() { throw new Error('id'); } }] }, 'unreadable'],
      ['symbol', { role: Symbol('user'), content: 'x' }, 'invalid_type'],
    ];
    for (const [name, value, code] of cases) {
      let r;
      assert.doesNotThrow(() => { r = anthropic.validate(value); }, name);
      if (code === null) assert.equal(r.ok, true, `${name}: ${JSON.stringify(r.issues)}`);
      else assert.equal(r.issues?.[0]?.code, code, `${name}: ${JSON.stringify(r.issues)}`);
      assert.doesNotThrow(() => anthropic.is(value), name);
      assert.doesNotThrow(() => anthropic.Prompt.validate({ messages: [value, value] }), name);
      assert.equal(anthropic.is(good), true, `still answering after ${name}`);
    }
    assert.throws(() => anthropic.toJSON(deepMsg), (e) => e.issues[0].code === 'too_deep');
    assert.equal(anthropic.validateJson('['.repeat(100_000)).issues[0].code, 'too_deep');
    assert.equal(anthropic.validateJson(42).issues[0].code, 'invalid_input');
    assert.equal(anthropic.validate(good).ok, true);
  });

  test(`${label}: anthropic: the ./anthropic entry is the root namespace`, () => {
    assert.equal(entry.default ?? entry, anthropic);
    const named = entry.default ? entry : anthropic;
    for (const name of ['validate', 'createToolUseBlock', 'createPrompt', 'Prompt', 'Message', 'ROLES', 'BLOCK_TYPES']) {
      assert.equal(named[name], anthropic[name], name);
    }
  });
}

module.exports = { run };

if (require.main === module) run(require('../../pkg/index.cjs'), require('../../pkg/anthropic.cjs'), 'cjs');
