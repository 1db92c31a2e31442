// The recorded provider streams of ../shared/fixtures/streams (its README says where each comes
// from), read as the chunks they hold, and split into responses the way the official
// accumulators need them (each takes one response).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = new URL('../../../shared/fixtures/streams/', import.meta.url).pathname;

/** The stream files of a folder (`openai-chat`, `anthropic`, `ai-sdk-ui`), by name. */
export function files(folder) {
  const dir = join(ROOT, folder);
  return readdirSync(dir).filter((f) => !statSync(join(dir, f)).isDirectory()).sort().map((name) => ({ name, path: join(dir, name) }));
}

/** The chunks of a file: a JSON array, JSON lines, or server-sent events (`data:` lines). */
export function chunksOf(path) {
  const text = readFileSync(path, 'utf8');
  if (path.endsWith('.json')) return JSON.parse(text);
  const out = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('event:') || line.trim() === '') continue;
    const data = line.startsWith('data:') ? line.slice(5).trim() : line;
    if (data === '[DONE]') continue;
    out.push(JSON.parse(data));
  }
  return out;
}

/** The raw bytes of a file. */
export function bytesOf(path) {
  return new Uint8Array(readFileSync(path));
}

/** OpenAI: a new non-empty `id` after another one begins the next response. */
export function openaiResponses(chunks) {
  const out = [];
  let id = '';
  for (const c of chunks) {
    if (c.id && id && c.id !== id) out.push([]);
    if (c.id) id = c.id;
    if (out.length === 0) out.push([]);
    out.at(-1).push(c);
  }
  return out;
}

/** Anthropic: each `message_start` after a `message_stop` begins the next response. */
export function anthropicResponses(chunks) {
  const out = [];
  let stopped = true;
  for (const c of chunks) {
    if (c.type === 'message_start' && stopped) out.push([]);
    if (c.type === 'message_start') stopped = false;
    if (c.type === 'message_stop') stopped = true;
    out.at(-1).push(c);
  }
  return out;
}

/** A ReadableStream of the chunks as JSON lines: what the SDKs' `fromReadableStream` reads. */
export function jsonLines(chunks) {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(c) {
      for (const x of chunks) c.enqueue(encoder.encode(`${JSON.stringify(x)}\n`));
      c.close();
    },
  });
}

/** A ReadableStream of the chunk objects themselves. */
export function objectStream(chunks) {
  return new ReadableStream({
    start(c) {
      for (const x of chunks) c.enqueue(x);
      c.close();
    },
  });
}

/** The chunks as server-sent events, each `data:` line one chunk, then `data: [DONE]`. */
export function sse(chunks, { eventNames = false, done = true } = {}) {
  let out = '';
  for (const c of chunks) out += `${eventNames && c.type ? `event: ${c.type}\n` : ''}data: ${JSON.stringify(c)}\n\n`;
  return done ? `${out}data: [DONE]\n\n` : out;
}
