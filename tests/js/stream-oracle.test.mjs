// The stream oracles: every recorded stream folded by ours and by the official accumulator of
// its format (`openai`'s ChatCompletionStream, `@anthropic-ai/sdk`'s MessageStream and
// BetaMessageStream, `ai`'s readUIMessageStream), one response at a time, must give the same
// message. Where the official one is wrong or throws, the right answer is the official one on
// the stream with that one thing put right (or computed from the chunks), and the difference
// is a row of docs/STREAMS.md.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChatCompletionStream } from 'openai/lib/ChatCompletionStream.js';
import { MessageStream } from '@anthropic-ai/sdk/lib/MessageStream.js';
import { BetaMessageStream } from '@anthropic-ai/sdk/lib/BetaMessageStream.js';
import { readUIMessageStream } from 'ai';
import { openai, anthropic, aiSdk } from '../../pkg/index.mjs';
import {
  anthropicResponses, bytesOf, chunksOf, files, jsonLines, objectStream, openaiResponses,
} from './stream-fixtures.mjs';

// What the SDKs add that is no part of a message: `parsed` (OpenAI's structured outputs) and
// `parsed_output` (Anthropic's); undefined and key order are nothing (JSON).
function plain(v) {
  return JSON.parse(JSON.stringify(v, (k, x) => (k === 'parsed' || k === 'parsed_output' ? undefined : x)));
}

const openaiFinal = (chunks) => ChatCompletionStream.fromReadableStream(jsonLines(chunks)).finalChatCompletion();

// The streams the README says are broken on purpose (a repeated message_start).
const BROKEN = new Set(['duplicate-message-start.chunks.txt', 'spliced-message-start.chunks.txt']);

// OpenAI: the official accumulator replaces a string field the type does not name
// (`reasoning_content`, `reasoning`) with each delta's, so it keeps the last piece (or null);
// the right answer is every piece in order. Mistral's typed content parts it joins as
// "[object Object]"; the right answer is the text parts' text, and the thinking parts' text as
// reasoning_content. It drops a null `system_fingerprint` the chunks sent; we keep it.
function openaiRightAnswer(theirs, chunks) {
  const right = plain(theirs);
  const message = right.choices[0].message;
  for (const key of ['reasoning_content', 'reasoning']) {
    const pieces = chunks.flatMap((c) => c.choices.map((ch) => ch.delta?.[key]).filter((x) => typeof x === 'string'));
    if (pieces.length > 0) message[key] = pieces.join('');
  }
  const parts = chunks.flatMap((c) => c.choices.flatMap((ch) => (Array.isArray(ch.delta?.content) ? [ch.delta.content] : typeof ch.delta?.content === 'string' ? [[{ type: 'text', text: ch.delta.content }]] : [])));
  if (parts.some((p) => p.some((x) => x.type === 'thinking'))) {
    message.content = parts.flat().filter((x) => x.type === 'text').map((x) => x.text).join('');
    message.reasoning_content = parts.flat().filter((x) => x.type === 'thinking').flatMap((x) => x.thinking.map((t) => t.text)).join('');
  }
  if (chunks.some((c) => c.system_fingerprint === null) && right.system_fingerprint === undefined) right.system_fingerprint = null;
  return right;
}

// Where the official accumulator throws on a real stream, the stream with that one thing put
// right: a tool call without `index` or `type` (Mistral), a response whose deltas never say
// `role` (ours: the assistant), a tool call numbered 1 with no call 0 (a gateway mirroring
// Anthropic's block index).
const OPENAI_REPAIRS = {
  'mistral-tool-call.chunks.txt': (c) => ({
    ...c,
    choices: c.choices.map((ch) => ({ ...ch, delta: { ...ch.delta, tool_calls: ch.delta.tool_calls?.map((t, i) => ({ index: i, type: 'function', ...t })) } })),
  }),
  'mistral-incremental-tool-call.chunks.txt': (c, n) => (n === 0
    ? { ...c, choices: c.choices.map((ch) => ({ ...ch, delta: { role: 'assistant', ...ch.delta } })) }
    : c),
  'anthropic-fallback-tool-call.sse': (c) => ({
    ...c,
    choices: c.choices.map((ch) => ({ ...ch, delta: { ...ch.delta, tool_calls: ch.delta.tool_calls?.map((t) => ({ ...t, index: t.index - 1 })) } })),
  }),
};

for (const { name, path } of files('openai-chat')) {
  test(`openai: ${name} folds as ChatCompletionStream does, one response at a time`, async () => {
    const chunks = chunksOf(path);
    const ours = await openai.accumulate(chunks);
    assert.deepEqual(ours.issues, []);
    assert.equal(ours.ok, true);
    const responses = openaiResponses(chunks);
    assert.equal(ours.responses.length, responses.length);
    assert.equal(ours.messages.length, responses.length);
    for (const [n, response] of responses.entries()) {
      const repair = OPENAI_REPAIRS[name];
      if (repair) await assert.rejects(openaiFinal(response), `${name}: the official accumulator now takes it; drop the repair`);
      const theirs = await openaiFinal(repair ? response.map(repair) : response);
      const right = openaiRightAnswer(theirs, response);
      assert.deepEqual(plain(ours.responses[n]), right, `${name}, response ${n}`);
      assert.deepEqual(ours.messages[n], right.choices[0].message);
    }
    // The raw body (JSON lines or server-sent events) folds to the same, from bytes.
    const raw = await openai.accumulate(bytesOf(path));
    assert.deepEqual(raw, ours);
  });
}

for (const { name, path } of files('anthropic')) {
  test(`anthropic: ${name} folds as MessageStream does, one response at a time`, async () => {
    const chunks = chunksOf(path);
    const ours = await anthropic.accumulate(chunks);
    if (BROKEN.has(name)) {
      assert.equal(ours.ok, false);
      assert.ok(ours.issues.some((i) => i.code === 'duplicate_start'), JSON.stringify(ours.issues));
      if (name.startsWith('duplicate')) {
        // The repeated message_start is ignored: the rest is the message the official
        // accumulator makes of the stream without it.
        const theirs = await MessageStream.fromReadableStream(jsonLines(chunks.filter((c, i) => i !== 1))).finalMessage();
        assert.deepEqual(ours.messages, [plain(theirs)]);
      }
      return;
    }
    assert.deepEqual(ours.issues, []);
    assert.equal(ours.ok, true);
    const responses = anthropicResponses(chunks);
    assert.equal(ours.messages.length, responses.length);
    for (const [n, response] of responses.entries()) {
      const theirs = plain(await MessageStream.fromReadableStream(jsonLines(response)).finalMessage());
      const beta = plain(await BetaMessageStream.fromReadableStream(jsonLines(response)).finalMessage());
      // MessageStream does not know compaction_delta or mcp_tool_use input; BetaMessageStream
      // does: the right answer for those blocks is the beta one.
      theirs.content = theirs.content.map((b, i) => (b.type === 'compaction' || b.type === 'mcp_tool_use' ? beta.content[i] : b));
      // Both keep only the `message_delta` fields they name; the right answer keeps every one
      // (`usage.iterations`, `context_management`).
      for (const e of response.filter((c) => c.type === 'message_delta')) {
        for (const [k, v] of Object.entries(e)) if (!['type', 'delta', 'usage'].includes(k)) theirs[k] = v;
        for (const [k, v] of Object.entries(e.usage ?? {})) if (v !== null) theirs.usage[k] = v;
      }
      assert.deepEqual(ours.messages[n], theirs, `${name}, response ${n}`);
    }
    const raw = await anthropic.accumulate(bytesOf(path));
    assert.deepEqual(raw, ours);
  });
}

for (const { name, path } of files('ai-sdk-ui')) {
  test(`aiSdk: ${name} folds as readUIMessageStream does`, async () => {
    const chunks = chunksOf(path);
    const ours = await aiSdk.accumulate(chunks);
    assert.deepEqual(ours.issues, []);
    assert.equal(ours.ok, true);
    let last;
    for await (const m of readUIMessageStream({ stream: objectStream(chunks) })) last = m;
    assert.deepEqual(ours.value, plain(last));
    // From a ReadableStream of the chunk objects too.
    assert.deepEqual(await aiSdk.accumulate(objectStream(chunks)), ours);
  });
}

test('anthropic: signature_delta pieces join (MessageStream keeps only the last)', async () => {
  const start = { type: 'message_start', message: { id: 'm', type: 'message', role: 'assistant', model: 'x', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } } };
  const chunks = [
    start,
    { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'hm' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'Ab' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'Cd' } },
    { type: 'content_block_stop', index: 0 },
    { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 2 } },
    { type: 'message_stop' },
  ];
  const theirs = await MessageStream.fromReadableStream(jsonLines(chunks)).finalMessage();
  assert.equal(theirs.content[0].signature, 'Cd');
  const ours = await anthropic.accumulate(chunks);
  assert.equal(ours.ok, true);
  assert.equal(ours.value.content[0].signature, 'AbCd');
});

test('openai: a stream without finish_reason folds with an incomplete issue (ChatCompletionStream throws)', async () => {
  const chunks = [{ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { role: 'assistant', content: 'Hi' }, finish_reason: null }] }];
  await assert.rejects(openaiFinal(chunks), /finish_reason/);
  const ours = await openai.accumulate(chunks);
  assert.equal(ours.ok, false);
  assert.deepEqual(ours.issues.map((i) => [i.code, i.path]), [['incomplete', [1]]]);
  assert.equal(ours.value.content, 'Hi');
});
