// Folding recorded streams (../shared/fixtures/streams, every file of each format in one pass):
// ours against the official accumulators, in one process, side by side.
// - objects in: the chunk objects, already parsed. Ours: createAccumulator + push + finish.
//   Theirs: `openai`'s ChatCompletionStream and `@anthropic-ai/sdk`'s MessageStream given the
//   objects (their `Stream.fromReadableStream`, which parses JSON lines, is swapped for one
//   that yields the objects: the accumulators themselves, nothing else), `ai`'s
//   readUIMessageStream over a ReadableStream of the objects.
// - bytes in: the raw body. OpenAI and Anthropic: server-sent events as the API sends them
//   (theirs: `Stream.fromSSEResponse`, the SDKs' own SSE reader, into the same accumulator) and
//   JSON lines (theirs: `fromReadableStream`, which splits lines and JSON.parses each). The AI
//   SDK: server-sent events (theirs: `parseJsonEventStream` with `uiMessageChunkSchema` into
//   readUIMessageStream, what useChat's transport does).
// Both sides must fold every file before anything is timed. Targets (issue 12): objects in at
// least as fast as theirs (ratio <= 1), bytes in at least 2x faster (ratio <= 0.5).
// Run by run.mjs (section 11), or alone: `node bench/stream.mjs [--quick] [--json]`.
import { Stream as OpenAIStream } from 'openai/streaming.js';
import { ChatCompletionStream } from 'openai/lib/ChatCompletionStream.js';
import { Stream as AnthropicStream } from '@anthropic-ai/sdk/streaming.js';
import { MessageStream } from '@anthropic-ai/sdk/lib/MessageStream.js';
import { parseJsonEventStream, readUIMessageStream, uiMessageChunkSchema } from 'ai';
import { openai, anthropic, aiSdk } from '../pkg/index.mjs';
import { timeAsync } from './harness.mjs';
import { anthropicResponses, chunksOf, files, openaiResponses } from '../tests/js/stream-fixtures.mjs';

const QUICK = process.argv.includes('--quick');
const JSON_OUT = process.argv.includes('--json');
const encoder = new TextEncoder();

// The official accumulators given objects (or an SSE body) in place of JSON lines.
for (const S of [OpenAIStream, AnthropicStream]) {
  const original = S.fromReadableStream;
  S.fromReadableStream = function fromReadableStream(source, controller) {
    if (source?.objects) return new S(async function* objects() { yield* source.objects; }, controller);
    if (source?.sse) return S.fromSSEResponse(new Response(source.sse), controller);
    return original.call(this, source, controller);
  };
}

const bodyStream = (bytes) => new ReadableStream({ start(c) { c.enqueue(bytes); c.close(); } });
const objectStream = (chunks) => new ReadableStream({ start(c) { for (const x of chunks) c.enqueue(x); c.close(); } });
const lines = (chunks) => encoder.encode(chunks.map((c) => JSON.stringify(c)).join('\n') + '\n');
const sseOf = (chunks, named, done) => encoder.encode(chunks.map((c) => `${named ? `event: ${c.type}\n` : ''}data: ${JSON.stringify(c)}\n\n`).join('') + (done ? 'data: [DONE]\n\n' : ''));

const fresh = (c) => (c.type === 'message_start'
  ? { ...c, message: { ...c.message, content: [...c.message.content], usage: { ...c.message.usage } } }
  : c);

function corpus(folder, split) {
  const responses = files(folder).flatMap(({ name, path }) => (
    name.startsWith('duplicate') || name.startsWith('spliced') ? [] : split(chunksOf(path))));
  return responses;
}

const FORMATS = [
  {
    name: 'OpenAI chat.completion.chunk', ns: openai,
    responses: corpus('openai-chat', openaiResponses)
      // ChatCompletionStream throws on these three recorded streams (docs/STREAMS.md).
      .filter((r) => r.every((c) => c.choices.every((ch) => !ch.delta?.tool_calls || ch.delta.tool_calls.every((t) => t.index === 0)))
        && r.some((c) => c.choices.some((ch) => ch.delta?.role))),
    sse: (r) => sseOf(r, false, true),
    theirsObjects: (r) => ChatCompletionStream.fromReadableStream({ objects: r }).finalChatCompletion(),
    theirsSse: (bytes) => ChatCompletionStream.fromReadableStream({ sse: bytes }).finalChatCompletion(),
    theirsLines: (bytes) => ChatCompletionStream.fromReadableStream(bodyStream(bytes)).finalChatCompletion(),
  },
  {
    name: 'Anthropic MessageStreamEvent', ns: anthropic,
    responses: corpus('anthropic', anthropicResponses),
    sse: (r) => sseOf(r, true, false),
    // MessageStream keeps message_start's message as its snapshot and pushes the blocks into
    // it: each run gets a fresh one (one small copy per response).
    theirsObjects: (r) => MessageStream.fromReadableStream({ objects: r.map(fresh) }).finalMessage(),
    theirsSse: (bytes) => MessageStream.fromReadableStream({ sse: bytes }).finalMessage(),
    theirsLines: (bytes) => MessageStream.fromReadableStream(bodyStream(bytes)).finalMessage(),
  },
  {
    name: 'AI SDK UIMessageChunk', ns: aiSdk,
    responses: files('ai-sdk-ui').map(({ path }) => chunksOf(path)),
    sse: (r) => sseOf(r, false, true),
    theirsObjects: async (r) => { let last; for await (const m of readUIMessageStream({ stream: objectStream(r) })) last = m; return last; },
    theirsSse: async (bytes) => {
      const chunks = parseJsonEventStream({ stream: bodyStream(bytes), schema: uiMessageChunkSchema() }).pipeThrough(new TransformStream({
        transform(part, c) { if (!part.success) throw part.error; c.enqueue(part.value); },
      }));
      let last; for await (const m of readUIMessageStream({ stream: chunks })) last = m; return last;
    },
    theirsLines: null,
  },
];

const time = (fn) => timeAsync(fn, { batches: QUICK ? 3 : 9, minMs: QUICK ? 40 : 250 });

const rows = [];
for (const f of FORMATS) {
  const { responses, ns } = f;
  const chunkCount = responses.reduce((s, r) => s + r.length, 0);
  const sse = responses.map(f.sse);
  const jsonLines = responses.map(lines);
  const mb = (list) => list.reduce((s, b) => s + b.length, 0) / 1e6;
  // Both sides fold every response first.
  for (const [i, r] of responses.entries()) {
    const ours = ns.createAccumulator();
    for (const c of r) ours.push(c);
    if (!ours.finish().ok) throw new Error(`${f.name}: response ${i} does not fold cleanly for us`);
    if (!(await ns.accumulate(sse[i])).ok) throw new Error(`${f.name}: response ${i} (SSE) does not fold cleanly for us`);
    await f.theirsObjects(r);
    await f.theirsSse(sse[i]);
    if (f.theirsLines) await f.theirsLines(jsonLines[i]);
  }
  const oursObjects = () => {
    let n = 0;
    for (const r of responses) {
      const acc = ns.createAccumulator();
      for (const c of r) acc.push(c);
      n += acc.finish().messages.length;
    }
    return n;
  };
  const all = (fn, inputs) => async () => { for (const x of inputs) await fn(x); };
  const pair = async (label, ours, theirs, bytesMb, target) => {
    const a = await time(ours);
    const b = await time(theirs);
    rows.push({ format: f.name, label, chunks: chunkCount, mb: bytesMb, oursMs: a, theirsMs: b, ratio: a / b, target, met: a / b <= target });
  };
  await pair('objects in', oursObjects, all(f.theirsObjects, responses), mb(jsonLines), 1);
  await pair('SSE bytes in', all((b) => ns.accumulate(b), sse), all(f.theirsSse, sse), mb(sse), 0.5);
  if (f.theirsLines) await pair('JSON-lines bytes in', all((b) => ns.accumulate(b), jsonLines), all(f.theirsLines, jsonLines), mb(jsonLines), 0.5);
}

if (JSON_OUT) {
  process.stdout.write(JSON.stringify(rows));
} else {
  for (const r of rows) {
    const rate = (ms) => `${((r.chunks / ms) * 1e3 / 1e6).toFixed(2)} M chunks/s, ${((r.mb / ms) * 1e3).toFixed(0)} MB/s`;
    console.log(`${r.format}, ${r.label} (${r.chunks} chunks, ${r.mb.toFixed(2)} MB)\n  ours ${r.oursMs.toFixed(2)} ms (${rate(r.oursMs)}), theirs ${r.theirsMs.toFixed(2)} ms (${rate(r.theirsMs)}): ${r.ratio.toFixed(2)}x, target <= ${r.target}x ${r.met ? 'MET' : 'NOT MET'}`);
  }
}
