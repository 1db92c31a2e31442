// The stream accumulators' API: push, snapshot, finish, onUpdate, accumulate over every kind of
// source, issues at the chunk's position, and the folded message converting like any other.
import test from 'node:test';
import assert from 'node:assert/strict';
import { openai, anthropic, aiSdk, convert } from '../../pkg/index.mjs';
import { bytesOf, chunksOf, files, objectStream, sse } from './stream-fixtures.mjs';

const START = { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-x', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 3, output_tokens: 1 } } };
const TOOL = [
  START,
  { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Let me look.' } },
  { type: 'content_block_stop', index: 0 },
  { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_1', name: 'weather', input: {} } },
  { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"city": "Par' } },
  { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: 'is", "days": [1, 2' } },
  { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: ']}' } },
  { type: 'content_block_stop', index: 1 },
  { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 20 } },
  { type: 'message_stop' },
];

test('createAccumulator: push gives each chunk its issues, snapshot the message so far, finish the result', () => {
  const updates = [];
  const acc = anthropic.createAccumulator({ onUpdate: (snapshot, issues) => updates.push([snapshot, issues]) });
  assert.equal(acc.snapshot(), undefined);
  for (const chunk of TOOL.slice(0, 6)) assert.deepEqual(acc.push(chunk), []);
  const partial = acc.snapshot();
  const tool = partial.content[1];
  // The tool input while it streams: the text so far, and the best value it holds.
  assert.deepEqual(tool.partial, { text: '{"city": "Par', value: { city: 'Par' } });
  assert.deepEqual(tool.input, { city: 'Par' });
  assert.equal(updates.length, 6);
  assert.deepEqual(updates[5][0], partial);
  for (const chunk of TOOL.slice(6)) acc.push(chunk);
  const result = acc.finish();
  assert.equal(result.ok, true);
  assert.deepEqual(result.issues, []);
  assert.deepEqual(result.value.content[1].input, { city: 'Paris', days: [1, 2] });
  assert.equal(result.value.content[1].partial, undefined);
  assert.deepEqual(result.messages, [result.value]);
  assert.equal(updates.length, TOOL.length);
  // finish again: the same result; a push after it is an issue, not an exception.
  assert.deepEqual(acc.finish(), result);
  assert.deepEqual(acc.push(TOOL[0]).map((i) => [i.code, i.path]), [['after_stop', [TOOL.length]]]);
  // Valid as a Message but for the fields the SDK's type declares that this message_start did
  // not send (real streams leave them out too; the accumulator's own check allows it).
  const strict = anthropic.Message.validate(result.value);
  assert.deepEqual([...new Set((strict.issues ?? []).map((i) => i.code))], strict.ok ? [] : ['missing']);
});

test('a broken chunk is an issue with its position; the rest of the stream still folds', () => {
  const acc = anthropic.createAccumulator();
  const issues = [];
  const chunks = [
    TOOL[0],
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'early' } },
    TOOL[1],
    42,
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 7 } },
    TOOL[2],
    TOOL[3],
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'late' } },
    ...TOOL.slice(4),
  ];
  chunks.forEach((c) => issues.push(...acc.push(c)));
  const result = acc.finish();
  assert.deepEqual(result.issues, issues);
  assert.deepEqual(issues.map((i) => [i.code, i.path]), [
    ['delta_before_start', [1, 'index']],
    ['invalid_type', [3]],
    ['invalid_type', [4, 'delta', 'text']],
    ['after_stop', [7, 'index']],
  ]);
  assert.equal(result.ok, false);
  assert.equal(result.value.content[0].text, 'Let me look.');
  assert.deepEqual(result.value.content[1].input, { city: 'Paris', days: [1, 2] });
});

test('chunks that throw, cycle or are not JSON are issues, and the accumulator keeps working', () => {
  const acc = anthropic.createAccumulator();
  const cyclic = { type: 'ping' };
  cyclic.self = cyclic;
  const throwing = { type: 'ping', get boom() { throw new Error('no'); } };
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  const proxy = new Proxy({ ...TOOL[0] }, {});
  const issues = [proxy, throwing, cyclic, revoked.proxy, { type: 'ping', f() {} }, undefined, null, 'nope']
    .map((c) => acc.push(c).map((i) => i.code));
  assert.deepEqual(issues, [[], ['unreadable'], ['cycle'], ['unreadable'], ['not_serializable'], ['invalid_type'], ['invalid_type'], ['invalid_json']]);
  for (const chunk of TOOL.slice(1)) assert.deepEqual(acc.push(chunk), []);
  assert.deepEqual(acc.finish().value.content[1].input, { city: 'Paris', days: [1, 2] });
});

test('accumulate takes an array, an async iterable, a ReadableStream of chunks or bytes, a Response, or the raw body', async () => {
  const want = await anthropic.accumulate(TOOL);
  assert.equal(want.ok, true);
  const body = sse(TOOL, { eventNames: true, done: false });
  const bytes = new TextEncoder().encode(body);
  async function* gen() { yield* TOOL; }
  const pieces = (b, n) => new ReadableStream({ start(c) { for (let i = 0; i < b.length; i += n) c.enqueue(b.slice(i, i + n)); c.close(); } });
  for (const source of [gen(), objectStream(TOOL), pieces(bytes, 5), new Response(pieces(bytes, 3)), body, bytes, bytes.buffer]) {
    assert.deepEqual(await anthropic.accumulate(source), want);
  }
  await assert.rejects(anthropic.accumulate(42), TypeError);
});

test('a ReadableStream that errors midway: a stream_error issue, and what came before is kept', async () => {
  let n = 0;
  const stream = new ReadableStream({
    pull(c) {
      if (n < 3) c.enqueue(TOOL[n++]);
      else c.error(new Error('connection reset'));
    },
  });
  const result = await anthropic.accumulate(stream);
  assert.equal(result.ok, false);
  const codes = result.issues.map((i) => [i.code, i.path]);
  assert.deepEqual(codes[0], ['stream_error', [3]]);
  assert.match(result.issues[0].message, /connection reset/);
  assert.equal(result.value.content[0].text, 'Let me look.');
});

test('accumulate then convert: the folded message is a history entry in any format', async () => {
  const folded = await anthropic.accumulate(TOOL);
  for (const to of ['openai', 'ai-sdk', 'ai-sdk-ui', 'kernel', 'swarm', 'agens', 'bedrock']) {
    const out = convert([{ role: folded.value.role, content: folded.value.content }], { from: 'anthropic', to });
    assert.ok(out.messages.length > 0, to);
  }
  const o = await openai.accumulate(chunksOf(files('openai-chat').find((f) => f.name === 'deepseek-tool-call.chunks.txt').path));
  const back = convert([o.value], { from: 'openai', to: 'anthropic' });
  assert.equal(back.messages[0].content.at(-1).type, 'tool_use');
});

test('files with several responses fold into one message per response, in order', async () => {
  const file = files('anthropic').find((f) => f.name === 'anthropic-programmatic-tool-calling.1.chunks.txt');
  const result = await anthropic.accumulate(bytesOf(file.path));
  assert.equal(result.messages.length, 15);
  assert.equal(result.value, result.messages[14]);
  const ids = result.messages.map((m) => m.id);
  assert.equal(new Set(ids).size, 15);
});

test('openai: the result carries each ChatCompletion; snapshots show tool arguments as they stream', () => {
  const base = { id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm' };
  const acc = openai.createAccumulator();
  acc.push({ ...base, choices: [{ index: 0, delta: { role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"q": [1, {"a": "x' } }] }, finish_reason: null }] });
  const call = acc.snapshot().tool_calls[0];
  assert.equal(call.function.arguments, '{"q": [1, {"a": "x');
  assert.deepEqual(call.partial, { text: '{"q": [1, {"a": "x', value: { q: [1, { a: 'x' }] } });
  acc.push({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '"}]}' } }] }, finish_reason: 'tool_calls' }], usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } });
  const result = acc.finish();
  assert.equal(result.ok, true, JSON.stringify(result.issues));
  assert.equal(result.responses[0].usage.total_tokens, 3);
  assert.equal(result.responses[0].choices[0].finish_reason, 'tool_calls');
  assert.equal(result.value.tool_calls[0].function.arguments, '{"q": [1, {"a": "x"}]}');
  assert.equal(result.value.tool_calls[0].partial, undefined);
  assert.ok(openai.validate(result.value).ok);
});

test('options are checked: onUpdate must be a function, limits as for validation', () => {
  assert.throws(() => openai.createAccumulator({ onUpdate: 1 }), TypeError);
  assert.throws(() => openai.createAccumulator({ maxIssues: 0 }), TypeError);
  assert.equal(typeof aiSdk.createAccumulator, 'function');
  assert.equal(typeof aiSdk.accumulate, 'function');
});

test('strings are sent as validateJson sends text: a lone surrogate is reported, a pair split across raw pieces stays whole', () => {
  const acc = anthropic.createAccumulator();
  // A chunk's JSON text holding a lone surrogate (a JS string): reported, not silently U+FFFD.
  assert.deepEqual(acc.push('{"type":"ping","note":"\ud800"}').map((i) => [i.code, i.path]), [['ill_formed_string', [0, 'note']]]);
  // A raw body whose emoji is cut between its two UTF-16 halves, inside a JSON string.
  const raw = anthropic.createAccumulator();
  const body = sse(TOOL.map((c) => (c === TOOL[2] ? { ...c, delta: { type: 'text_delta', text: 'Let me look 😀.' } } : c)), { done: false });
  const cut = body.indexOf('😀') + 1;
  assert.deepEqual([...raw.pushRaw(body.slice(0, cut)), ...raw.pushRaw(body.slice(cut))], []);
  const result = raw.finish();
  assert.equal(result.ok, true, JSON.stringify(result.issues));
  assert.equal(result.value.content[0].text, 'Let me look 😀.');
});
