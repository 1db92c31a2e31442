'use strict';
// OpenAI Chat Completions through the built package. This file is the suite: run directly
// (node --test) it checks the package through require(); openai.test.mjs runs the same suite
// through import.
const test = require('node:test');
const assert = require('node:assert/strict');

const CALL_ID = /^call_[0-9a-z]{9}$/;

function run(api, openaiEntry, label) {
  const { openai, ValidationError } = api;
  const codes = (r) => r.issues.map((i) => `${i.code} ${JSON.stringify(i.path)}`);
  const call = (args = '{"q":"rust"}', id = 'call_1') => ({ id, type: 'function', function: { name: 'search', arguments: args } });
  const conversation = () => [
    { role: 'developer', content: 'Answer briefly.' },
    { role: 'system', content: [{ type: 'text', text: 'You are helpful.' }], name: 'rules' },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is on this picture? ünïcødé 😀' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'high' } },
        { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'mp3' } },
        { type: 'file', file: { file_data: 'JVBERi0=', filename: 'a.pdf' } },
      ],
    },
    { role: 'assistant', content: null, tool_calls: [call()], refusal: null, audio: null },
    { role: 'tool', tool_call_id: 'call_1', content: '{"hits":3}' },
    { role: 'assistant', content: [{ type: 'text', text: 'A cat.' }, { type: 'refusal', refusal: 'No more.' }], audio: { id: 'audio_1' } },
  ];

  test(`${label}: openai: the documented messages and parts are valid, and every type has a validator`, () => {
    for (const m of conversation()) assert.deepEqual(openai.validate(m), { ok: true, value: m }, m.role);
    const v = openai.validate(conversation()[0]);
    assert.equal(v.ok && v.value.role, 'developer');
    assert.equal(openai.ChatCompletionUserMessageParam.is(conversation()[2]), true);
    assert.equal(openai.ChatCompletionUserMessageParam.is(conversation()[0]), false);
    assert.equal(openai.ChatCompletionContentPart.is({ type: 'text', text: 'x' }), true);
    assert.equal(openai.ChatCompletionContentPart.is({ type: 'refusal', refusal: 'x' }), false);
    assert.equal(openai.ChatCompletionContentPartRefusal.is({ type: 'refusal', refusal: 'x' }), true);
    assert.equal(openai.ChatCompletionContentPartFile.is({ type: 'file', file: {} }), true);
    assert.equal(openai.ChatCompletionContentPartInputAudio.is({ type: 'input_audio', input_audio: { data: '', format: 'wav' } }), true);
    assert.equal(openai.ChatCompletionMessageToolCall.is(call()), true);
    assert.deepEqual([...openai.ROLES], ['developer', 'system', 'user', 'assistant', 'tool']);
    for (const name of ['ChatCompletionMessageParam', 'ChatCompletionDeveloperMessageParam', 'ChatCompletionSystemMessageParam',
      'ChatCompletionUserMessageParam', 'ChatCompletionAssistantMessageParam', 'ChatCompletionToolMessageParam',
      'ChatCompletionContentPart', 'ChatCompletionContentPartText', 'ChatCompletionContentPartImage',
      'ChatCompletionContentPartInputAudio', 'ChatCompletionContentPartFile', 'ChatCompletionContentPartRefusal',
      'ChatCompletionMessageToolCall']) {
      assert.equal(openai[name].name, name);
      for (const verb of ['validate', 'validateMany', 'validateJson', 'is', 'assert', 'toJSON', 'fromJSON']) assert.equal(typeof openai[name][verb], 'function');
      assert.equal(openai[name].schema['~standard'].vendor, 'agent-messages');
    }
    assert.equal(openai.validate, openai.ChatCompletionMessageParam.validate);
  });

  test(`${label}: openai: broken tool-call arguments are invalid_json_string with line and column`, () => {
    const r = openai.validate({ role: 'assistant', tool_calls: [call('{}'), call('{\n  "q": "rust",\n}'), call('')] });
    assert.deepEqual(codes(r), [
      'invalid_json_string ["tool_calls",1,"function","arguments"]',
      'invalid_json_string ["tool_calls",2,"function","arguments"]',
    ]);
    assert.match(r.issues[0].message, /not valid JSON: .* at line 3, column 1/);
    assert.equal(r.issues[0].expected, 'JSON text of an object');
    // Long arguments are read whole.
    const long = `{"q":"${'x'.repeat(100_000)}"`;
    assert.deepEqual(codes(openai.ChatCompletionMessageToolCall.validate(call(long))), ['invalid_json_string ["function","arguments"]']);
    assert.equal(openai.ChatCompletionMessageToolCall.validate(call(`${long}}`)).ok, true);
    // Arguments as an object (agent-swarm-kit's form) are not OpenAI's.
    assert.deepEqual(codes(openai.ChatCompletionMessageToolCall.validate(call({ q: 1 }))), ['invalid_type ["function","arguments"]']);
    // The same from JSON text.
    const text = JSON.stringify({ role: 'assistant', tool_calls: [call('[1,')] });
    assert.deepEqual(codes(openai.validateJson(text)), ['invalid_json_string ["tool_calls",0,"function","arguments"]']);
  });

  test(`${label}: openai: image URLs must be http(s) or data: URLs`, () => {
    const part = (url) => ({ role: 'user', content: [{ type: 'image_url', image_url: { url } }] });
    for (const url of ['https://x/a.png', 'http://x', 'data:image/jpeg;base64,/9j/']) assert.equal(openai.is(part(url)), true, url);
    for (const url of ['ftp://x', 'file:///etc/passwd', 'javascript:alert(1)', 'x.png', '']) {
      const r = openai.validate(part(url));
      assert.deepEqual(codes(r), ['invalid_format ["content",0,"image_url","url"]'], url);
      assert.equal(r.issues[0].expected, 'http(s) or data: URL');
    }
  });

  test(`${label}: openai: every issue at once, with paths, per role`, () => {
    const r = openai.validate({
      role: 'user',
      name: 1,
      content: [{ type: 'text' }, { type: 'image_url', image_url: { url: 'https://x', detail: 'ultra' } },
        { type: 'input_audio', input_audio: { data: 'x', format: 'ogg' } }, { type: 'refusal', refusal: 'no' }, 'plain'],
    });
    assert.deepEqual(codes(r), [
      'invalid_type ["name"]',
      'missing ["content",0,"text"]',
      'invalid_literal ["content",1,"image_url","detail"]',
      'invalid_literal ["content",2,"input_audio","format"]',
      'unknown_type ["content",3,"type"]',
      'invalid_type ["content",4]',
    ]);
    assert.deepEqual(codes(openai.validate({ role: 'system', content: [{ type: 'image_url', image_url: { url: 'https://x' } }] })),
      ['invalid_literal ["content",0,"type"]', 'missing ["content",0,"text"]']);
    assert.deepEqual(codes(openai.validate({ role: 'tool', content: 'x' })), ['missing ["tool_call_id"]']);
    assert.deepEqual(codes(openai.validate({ role: 'assistant', content: 3, refusal: 1, tool_calls: [{ ...call(), type: 'custom' }] })),
      ['invalid_type ["content"]', 'invalid_type ["refusal"]', 'invalid_literal ["tool_calls",0,"type"]']);
    assert.deepEqual(codes(openai.validate({ role: 'function', name: 'f', content: null })), ['unknown_type ["role"]']);
    assert.deepEqual(codes(openai.validate({ content: 'x' })), ['missing ["role"]']);
    assert.deepEqual(codes(openai.validate({ role: 'user', content: 'x', extra: 1 }, { strict: true })), ['unrecognized_key ["extra"]']);
    assert.equal(openai.validate({ role: 'tool' }, { abortEarly: true }).issues.length, 1);
    const many = openai.validateMany([conversation()[0], { role: 'user' }]);
    assert.deepEqual(many.map((x) => x.ok), [true, false]);
  });

  test(`${label}: openai: constructors fill the role, keep what they are given, and validate`, () => {
    assert.deepEqual(openai.createSystemMessage('Be brief.'), { role: 'system', content: 'Be brief.' });
    assert.deepEqual(openai.createDeveloperMessage('Be brief.', { name: 'dev' }), { role: 'developer', content: 'Be brief.', name: 'dev' });
    const parts = [{ type: 'text', text: 'hi' }];
    const user = openai.createUserMessage(parts, { name: 'ann', trace: { id: 7 } });
    assert.deepEqual(Object.keys(user), ['role', 'content', 'name', 'trace']);
    assert.equal(user.content, parts, 'the parts are the caller\'s, not a copy');
    assert.deepEqual(openai.createAssistantMessage('Hello'), { role: 'assistant', content: 'Hello' });
    // Neither content nor tool calls: the API refuses it, and so does the constructor.
    assert.throws(() => openai.createAssistantMessage(), (e) => e.issues[0].code === 'missing');
    assert.deepEqual(openai.validate({ role: 'user', content: [] }).issues.map((i) => i.code), ['too_small']);
    const tc = openai.createToolCall('search', { q: 'rust' });
    assert.deepEqual(openai.createAssistantMessage({ content: null, tool_calls: [tc] }), { role: 'assistant', content: null, tool_calls: [tc] });
    assert.deepEqual(openai.createToolMessage('call_1', 'done'), { role: 'tool', tool_call_id: 'call_1', content: 'done' });
    assert.deepEqual(openai.createToolMessage(tc, [{ type: 'text', text: 'ok' }]), { role: 'tool', tool_call_id: tc.id, content: [{ type: 'text', text: 'ok' }] });
    assert.deepEqual(openai.createMessage('user', { content: 'x' }), { role: 'user', content: 'x' });
    // Invalid fields are a ValidationError with every issue; contradictions a TypeError.
    assert.throws(() => openai.createUserMessage(5, { name: 1 }), (e) => e instanceof ValidationError
      && codes(e).join() === 'invalid_type ["content"],invalid_type ["name"]');
    assert.throws(() => openai.createToolMessage('c', { hits: 3 }), ValidationError);
    assert.throws(() => openai.createSystemMessage('x', { role: 'user' }), TypeError);
    assert.throws(() => openai.createSystemMessage('x', { content: 'y' }), TypeError);
    assert.throws(() => openai.createSystemMessage('x', 'y'), TypeError);
    assert.throws(() => openai.createMessage('wizard', {}), (e) => e instanceof ValidationError && e.issues[0].code === 'unknown_type');
    assert.throws(() => openai.createMessage(1, {}), TypeError);
    assert.throws(() => openai.createMessage('user', { role: 'tool' }), TypeError);
  });

  test(`${label}: openai: createToolCall makes call_ ids and JSON-text arguments, losing nothing`, () => {
    const ids = new Set();
    for (let i = 0; i < 200; i++) {
      const tc = openai.createToolCall('f', { i });
      assert.match(tc.id, CALL_ID);
      ids.add(tc.id);
    }
    assert.equal(ids.size, 200);
    const args = { q: 'a"b\n', n: [1, -0, 1.5e300, null, true], nested: { deep: [{}] }, ['__proto__']: 1, 'é😀': 'x' };
    const tc = openai.createToolCall('search', args, 'call_mine');
    assert.deepEqual(Object.keys(tc), ['id', 'type', 'function']);
    assert.equal(tc.id, 'call_mine');
    assert.equal(tc.type, 'function');
    assert.equal(tc.function.name, 'search');
    assert.equal(tc.function.arguments, JSON.stringify(args));
    assert.deepEqual(JSON.parse(tc.function.arguments), JSON.parse(JSON.stringify(args)));
    assert.equal(openai.createToolCall('f').function.arguments, '{}');
    assert.equal(openai.createToolCall('f', '{"raw": true}').function.arguments, '{"raw": true}', 'a string is the JSON text itself');
    assert.throws(() => openai.createToolCall('f', '{broken'), (e) => e instanceof ValidationError && e.issues[0].code === 'invalid_json_string');
    assert.throws(() => openai.createToolCall(7, {}), (e) => e instanceof ValidationError && codes(e).join() === 'invalid_type ["function","name"]');
    // What JSON.stringify would silently drop or alter is refused, with paths.
    const cyclic = { a: [] };
    cyclic.a.push(cyclic);
    assert.throws(() => openai.createToolCall('f', { fn() {}, u: undefined, list: [undefined, NaN, 1n], when: new Date(0), m: new Map(), s: Symbol('s'), cyclic }), (e) => {
      assert.ok(e instanceof ValidationError);
      assert.deepEqual(codes(e), [
        'not_serializable ["function","arguments","fn"]',
        'not_serializable ["function","arguments","u"]',
        'not_serializable ["function","arguments","list",0]',
        'not_finite ["function","arguments","list",1]',
        'not_serializable ["function","arguments","list",2]',
        'not_serializable ["function","arguments","when"]',
        'not_serializable ["function","arguments","m"]',
        'not_serializable ["function","arguments","s"]',
        'cycle ["function","arguments","cyclic","a",0]',
      ]);
      return true;
    });
    assert.throws(() => openai.createToolCall('f', { get bad() { throw new Error('getter'); } }), (e) => e.issues[0].code === 'unreadable');
    let deep = {};
    const root = deep;
    for (let i = 0; i < 10_000; i++) deep = deep.a = {};
    assert.throws(() => openai.createToolCall('f', root), (e) => e.issues[0].code === 'too_deep');
    // An object of a class would come back as a plain object: refused, as JSON.stringify would
    // change it. The codec's tags are plain data here, written as they are.
    class Point { constructor() { this.x = 1; } }
    assert.throws(() => openai.createToolCall('f', { p: new Point() }), (e) => e instanceof ValidationError
      && codes(e).join() === 'not_serializable ["function","arguments","p"]');
    assert.throws(() => openai.createToolCall('f', new URL('http://x/')), (e) => codes(e).join() === 'not_serializable ["function","arguments"]');
    assert.equal(openai.createToolCall('f', { $bytes: 'AA', n: Object.assign(Object.create(null), { a: 1 }) }).function.arguments,
      '{"$bytes":"AA","n":{"a":1}}');
    // A getter that calls back into the package while the arguments are written.
    const reentrant = { get a() { return openai.validate({ role: 'user', content: 'x' }).ok; }, b: [1, 2] };
    assert.equal(openai.createToolCall('f', reentrant).function.arguments, '{"a":true,"b":[1,2]}');
    // And the other way round: the outer write keeps walking objects of a class.
    const outer = { role: 'user', get content() { return openai.createToolCall('f', { q: 1 }).function.arguments; }, extra: new Point() };
    assert.deepEqual(JSON.parse(openai.toJSON(outer)), { role: 'user', content: '{"q":1}', extra: { x: 1 } });
    // A lone surrogate is written as JSON.stringify writes it, an escape: as text, it is refused.
    assert.throws(() => openai.createToolCall('f', { s: 'a\ud800' }), (e) => codes(e).join() === 'invalid_json_string ["function","arguments"]');
  });

  test(`${label}: openai: parseArguments gives the value or the position of the error, never throws`, () => {
    assert.deepEqual(openai.parseArguments(call('{"q":"rust","n":[1,2]}')), { ok: true, value: { q: 'rust', n: [1, 2] } });
    // Arguments are an object of named arguments: other JSON is an issue, as are repeated keys.
    assert.deepEqual(codes(openai.parseArguments('[1, "two", null]')), ['invalid_json_string []']);
    assert.match(openai.parseArguments('{"a":1,"a":2}').issues[0].message, /more than once/);
    const broken = openai.parseArguments(call('{\n  "q": "rust",\n  "n": [1, 2\n}'));
    assert.equal(broken.ok, false);
    assert.deepEqual(codes(broken), ['invalid_json_string ["function","arguments"]']);
    assert.match(broken.issues[0].message, /line 4, column 1/);
    const text = openai.parseArguments('{"a": tru}');
    assert.deepEqual(codes(text), ['invalid_json_string []']);
    assert.match(text.issues[0].message, /line 1, column 7/);
    // A "__proto__" key is data.
    const proto = openai.parseArguments('{"__proto__": {"polluted": true}}');
    assert.ok(proto.ok && Object.hasOwn(proto.value, '__proto__'));
    assert.equal({}.polluted, undefined);
    // Not a tool call at all: issues, not exceptions.
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    for (const bad of [undefined, null, 42, {}, { function: null }, proxy, call(5), { ...call(), get function() { throw new Error('x'); } }]) {
      let r;
      assert.doesNotThrow(() => { r = openai.parseArguments(bad); });
      assert.equal(r.ok, false);
    }
    // Deep arguments honour maxDepth.
    assert.equal(openai.parseArguments('{"a":[[[1]]]}', { maxDepth: 3 }).ok, false);
    assert.equal(openai.parseArguments('{"a":[[[1]]]}').ok, true);
  });

  test(`${label}: openai: createImagePart takes a URL or bytes (a base64 data: URL)`, () => {
    assert.deepEqual(openai.createImagePart('https://x/cat.png'), { type: 'image_url', image_url: { url: 'https://x/cat.png' } });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255, 128]);
    const part = openai.createImagePart(png);
    assert.equal(part.image_url.url, `data:image/png;base64,${Buffer.from(png).toString('base64')}`);
    assert.equal(openai.createImagePart(new Uint8Array([0xff, 0xd8, 0xff, 0xe0])).image_url.url.slice(0, 23), 'data:image/jpeg;base64,');
    assert.match(openai.createImagePart(new TextEncoder().encode('GIF89a')).image_url.url, /^data:image\/gif;base64,/);
    assert.match(openai.createImagePart(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 ')).image_url.url, /^data:image\/webp;base64,/);
    const raw = new Uint8Array(300_001).map((_, i) => i % 251);
    const big = openai.createImagePart(raw, 'image/x-raw');
    assert.deepEqual(new Uint8Array(Buffer.from(big.image_url.url.split(',')[1], 'base64')), raw);
    assert.equal(openai.createImagePart(new Uint8Array(0), 'image/png').image_url.url, 'data:image/png;base64,');
    assert.throws(() => openai.createImagePart(new Uint8Array([1, 2, 3])), TypeError);
    assert.throws(() => openai.createImagePart(png, 'image/png;evil,'), TypeError);
    assert.throws(() => openai.createImagePart('https://x', 'image/png'), TypeError);
    assert.throws(() => openai.createImagePart(42), TypeError);
    assert.throws(() => openai.createImagePart('ftp://x'), (e) => e instanceof ValidationError && codes(e).join() === 'invalid_format ["image_url","url"]');
    assert.equal(openai.is(openai.createUserMessage([{ type: 'text', text: 'see' }, part])), true);
  });

  test(`${label}: openai: toJSON/fromJSON and validateJson round-trip exactly`, () => {
    const msgs = conversation();
    msgs[2].meta = { raw: new Uint8Array([0, 1, 255]), err: new TypeError('bad'), look: { $bytes: 'alike' }, neg: -0 };
    const text = openai.toJSON(msgs);
    JSON.parse(text);
    const back = openai.fromJSON(text);
    assert.deepEqual(back, msgs);
    assert.ok(back[2].meta.raw instanceof Uint8Array);
    assert.ok(back[2].meta.err instanceof TypeError);
    assert.ok(Object.is(back[2].meta.neg, -0));
    assert.equal(back[3].tool_calls[0].function.arguments, '{"q":"rust"}');
    assert.deepEqual(openai.fromJSON(JSON.parse(text)), msgs);
    // One message, and the per-type codecs.
    const one = openai.createAssistantMessage({ content: null, tool_calls: [openai.createToolCall('f', { s: 'é\u2028"' })] });
    assert.deepEqual(openai.fromJSON(openai.toJSON(one)), one);
    const tc = call('{"x":[1,{"y":null}]}');
    assert.deepEqual(openai.ChatCompletionMessageToolCall.fromJSON(openai.ChatCompletionMessageToolCall.toJSON(tc)), tc);
    // Without extras, the JSON form is JSON.stringify's.
    const plain = conversation();
    assert.equal(openai.toJSON(plain), JSON.stringify(plain));
    const checked = openai.validateJson(JSON.stringify(plain));
    assert.equal(checked.ok, true);
    assert.deepEqual(checked.value, plain);
    assert.throws(() => openai.toJSON({ role: 'user' }), ValidationError);
    assert.throws(() => openai.fromJSON('{"role":"user","content":"a","content":"b"}'), (e) => e.issues[0].code === 'duplicate_key');
  });

  test(`${label}: openai: hostile input gets issues and the instance keeps answering`, () => {
    const good = { role: 'user', content: 'hi' };
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const cyclic = { role: 'user', content: [] };
    cyclic.content.push(cyclic);
    let deep = [];
    const deepMsg = { role: 'user', content: 'x', extra: deep };
    for (let i = 0; i < 10_000; i++) deep = deep[0] = [];
    const cases = [
      // One depth rule for validate and toJSON: too deep is too deep, also in `any`.
      ['deep nesting in a custom property', deepMsg, 'too_deep'],
      ['deep content', { role: 'user', content: deepMsg.extra }, 'invalid_type'],
      ['huge string', { role: 'user', content: 'x'.repeat(20_000_000) }, null],
      ['huge arguments', { role: 'assistant', tool_calls: [call(`{"x":"${'x'.repeat(5_000_000)}"}`)] }, null],
      ['__proto__ key', JSON.parse('{"__proto__": 1, "role": "user", "content": "t"}'), null],
      ['lone surrogate', { role: 'user', content: 'a\uD800b' }, 'ill_formed_string'],
      ['lone surrogate in arguments', { role: 'assistant', tool_calls: [call('"\uDC00"')] }, 'ill_formed_string'],
      ['NaN', { role: 'user', content: NaN }, 'invalid_type'],
      ['Infinity', { role: 'tool', content: 'x', tool_call_id: Infinity }, 'invalid_type'],
      ['BigInt', { role: 'user', content: 10n }, 'invalid_type'],
      ['cycle', cyclic, 'cycle'],
      ['revoked proxy', proxy, 'unreadable'],
      ['throwing trap', new Proxy({}, { ownKeys() { throw new Error('trap'); } }), 'unreadable'],
      ['throwing getter', { role: 'user', get content() { throw new Error('getter'); } }, 'unreadable'],
      ['throwing role', { get role() { throw new Error('role'); }, content: 'x' }, 'unreadable'],
      ['symbol', { role: Symbol('user'), content: 'x' }, 'invalid_type'],
      ['function', { role: 'user', content() {} }, 'invalid_type'],
    ];
    for (const [name, value, code] of cases) {
      let r;
      assert.doesNotThrow(() => { r = openai.validate(value); }, name);
      if (code === null) assert.equal(r.ok, true, `${name}: ${JSON.stringify(r.issues)}`);
      else assert.equal(r.issues?.[0]?.code, code, `${name}: ${JSON.stringify(r.issues)}`);
      assert.doesNotThrow(() => openai.is(value), name);
      assert.equal(openai.is(good), true, `still answering after ${name}`);
    }
    // Deep or cyclic custom properties are valid JS values, but have no JSON form.
    assert.throws(() => openai.toJSON(deepMsg), (e) => e.issues[0].code === 'too_deep');
    assert.throws(() => openai.toJSON({ ...good, extra: cyclic }), (e) => e.issues[0].code === 'cycle');
    assert.equal(openai.validateJson('['.repeat(100_000)).issues[0].code, 'too_deep');
    assert.equal(openai.validateJson('{"role":"user","content":"\uD800"}').issues[0].code, 'ill_formed_string');
    assert.equal(openai.validateJson(42).issues[0].code, 'invalid_input');
    assert.equal(openai.validate(good).ok, true);
  });

  test(`${label}: openai: the ./openai entry is the root namespace`, () => {
    assert.equal(openaiEntry.default ?? openaiEntry, openai);
    const named = openaiEntry.default ? openaiEntry : openai;
    for (const name of ['validate', 'createToolCall', 'parseArguments', 'createImagePart', 'ChatCompletionMessageToolCall', 'ROLES']) {
      assert.equal(named[name], openai[name], name);
    }
  });
}

module.exports = { run };

if (require.main === module) run(require('../../pkg/index.cjs'), require('../../pkg/openai.cjs'), 'cjs');
