// The accumulators under hostile streams: a million tiny deltas, a 10 MB argument string,
// deltas for 10,000 indices that never began, tool input text that never parses; each folds
// (or reports) and the package keeps working after it. And the partial-JSON parser against the
// AI SDK's own parsePartialJson on every prefix of varied JSON texts.
import test from 'node:test';
import assert from 'node:assert/strict';
import { parsePartialJson } from 'ai';
import { openai, anthropic, aiSdk } from '../../pkg/index.mjs';

const START = { type: 'message_start', message: { id: 'm', type: 'message', role: 'assistant', model: 'x', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } } };
const END = [
  { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 1 } },
  { type: 'message_stop' },
];

test('a million one-character deltas fold (raw SSE and chunk objects)', async () => {
  const N = 1_000_000;
  const delta = 'data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x"}}\n\n';
  const body = `data: ${JSON.stringify(START)}\n\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n${delta.repeat(N)}data: {"type":"content_block_stop","index":0}\n\n${END.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('')}`;
  const result = await anthropic.accumulate(body);
  assert.equal(result.ok, true, JSON.stringify(result.issues.slice(0, 3)));
  assert.equal(result.value.content[0].text.length, N);
  // Objects, a tenth as many (each crosses on its own).
  const acc = openai.createAccumulator();
  const base = { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm' };
  acc.push({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
  const chunk = { ...base, choices: [{ index: 0, delta: { content: 'y' }, finish_reason: null }] };
  for (let i = 0; i < N / 10; i++) acc.push(chunk);
  acc.push({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
  const folded = acc.finish();
  assert.equal(folded.ok, true);
  assert.equal(folded.value.content.length, N / 10);
});

test('a 10 MB argument string folds, in one delta and in 4 KB pieces', async () => {
  const big = 'a'.repeat(10 * 1024 * 1024);
  const args = JSON.stringify({ blob: big });
  const base = { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm' };
  const call = (piece, first) => ({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index: 0, ...(first ? { id: 'call_1', type: 'function' } : {}), function: { ...(first ? { name: 'f' } : {}), arguments: piece } }] }, finish_reason: null }] });
  const whole = await openai.accumulate([
    { ...base, choices: [{ index: 0, delta: { role: 'assistant' }, finish_reason: null }] },
    call(args, true),
    { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
  ]);
  assert.equal(whole.ok, true);
  assert.equal(whole.value.tool_calls[0].function.arguments.length, args.length);
  const acc = anthropic.createAccumulator();
  acc.push(START);
  acc.push({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} } });
  for (let at = 0; at < args.length; at += 4096) {
    acc.push({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: args.slice(at, at + 4096) } });
  }
  // A snapshot in the middle shows the input so far (parsed once, not per delta).
  acc.push({ type: 'content_block_stop', index: 0 });
  END.forEach((e) => acc.push(e));
  const result = acc.finish();
  assert.equal(result.ok, true);
  assert.equal(result.value.content[0].input.blob.length, big.length);
});

test('deltas for 10,000 indices that never began: each an issue, the kept ones capped, the stream still folds', () => {
  const acc = anthropic.createAccumulator({ maxIssues: 50 });
  acc.push(START);
  acc.push({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
  let reported = 0;
  for (let i = 1; i <= 10_000; i++) {
    const issues = acc.push({ type: 'content_block_delta', index: i, delta: { type: 'text_delta', text: 'x' } });
    reported += issues.length;
    if (i === 1) assert.deepEqual(issues.map((x) => [x.code, x.path]), [['delta_before_start', [2, 'index']]]);
  }
  acc.push({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'kept' } });
  acc.push({ type: 'content_block_stop', index: 0 });
  END.forEach((e) => acc.push(e));
  const result = acc.finish();
  assert.equal(reported, 10_000);
  assert.equal(result.issues.length, 50);
  assert.equal(result.ok, false);
  assert.equal(result.value.content[0].text, 'kept');
  // And 10,000 tool calls by index, each begun: one message with all of them.
  const base = { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm' };
  const many = openai.createAccumulator();
  many.push({ ...base, choices: [{ index: 0, delta: { role: 'assistant' }, finish_reason: null }] });
  for (let i = 0; i < 10_000; i++) {
    many.push({ ...base, choices: [{ index: 0, delta: { tool_calls: [{ index: i, id: `call_${i}`, type: 'function', function: { name: 'f', arguments: '{}' } }] }, finish_reason: null }] });
  }
  many.push({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] });
  const folded = many.finish();
  assert.equal(folded.ok, true);
  assert.equal(folded.value.tool_calls.length, 10_000);
});

test('tool input that never parses: invalid_json_arguments at its last piece, the best value kept', async () => {
  const result = await anthropic.accumulate([
    START,
    { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} } },
    { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"a": [1, 2' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: ', }}}' } },
    { type: 'content_block_stop', index: 0 },
    ...END,
  ]);
  assert.deepEqual(result.issues.map((i) => [i.code, i.path]), [['invalid_json_arguments', [3, 'delta', 'partial_json']]]);
  assert.equal(result.ok, false);
  assert.ok(result.value.content[0].input !== undefined);
  // The package still works afterwards.
  assert.equal((await aiSdk.accumulate([{ type: 'start', messageId: 'x' }, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'ok' }, { type: 'text-end', id: 't' }, { type: 'finish' }])).ok, true);
});

// JSON texts of every kind (escapes, unicode, numbers of every form, nesting), whose every
// prefix the snapshot's partial value must read as the AI SDK does.
const TEXTS = [
  '{"city": "Paris", "days": [1, 2.5, -3e2, 0.001], "ok": true, "none": null, "nested": {"a": {"b": [{"c": "d"}]}}}',
  '{"q": "he said \\"hi\\" \\\\ \\n \\u00e9 \\ud83d\\ude00 ok", "t": false}',
  '[1, "two", {"three": [3, [3.5]]}, null, true, -0.5e-3]',
  '{"emoji": "😀 mixed ünïcödé", "empty": {}, "list": [], "s": ""}',
];

// A prefix that stops between the two halves of an escaped surrogate pair: the AI SDK's value
// holds the lone half, ours U+FFFD (the core's strings are UTF-8; the final message, once the
// pair is whole, is the same).
function wellFormed(v) {
  if (typeof v === 'string') return v.toWellFormed();
  if (Array.isArray(v)) return v.map(wellFormed);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, wellFormed(x)]));
  return v;
}

test('the partial value of a streaming tool input reads every prefix as the AI SDK parsePartialJson does', async () => {
  const base = { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm' };
  for (const text of TEXTS) {
    // Cut between code points: a JS string cut inside a surrogate pair is no text a provider
    // sends (the chunk read would report the lone half as ill_formed_string).
    const points = [...text];
    for (let cut = 1; cut <= points.length; cut++) {
      const prefix = points.slice(0, cut).join('');
      const acc = openai.createAccumulator();
      acc.push({ ...base, choices: [{ index: 0, delta: { role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: prefix } }] }, finish_reason: null }] });
      const { partial } = acc.snapshot().tool_calls[0];
      const theirs = await parsePartialJson(prefix);
      assert.equal(partial.text, prefix);
      assert.deepEqual(partial.value, wellFormed(theirs.value), `prefix ${JSON.stringify(prefix)}`);
    }
  }
});
