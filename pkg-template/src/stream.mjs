// Stream accumulators: a model's answer chunk by chunk (OpenAI chat.completion.chunk, Anthropic
// MessageStreamEvent, AI SDK UIMessageChunk) folded into the format's message in the wasm
// (src/stream), checked as it comes. Each accumulator owns one wasm handle; a chunk object
// crosses as a tape written in full, raw stream bytes (server-sent events or JSON lines) and
// chunk JSON text cross as bytes.

import { AgentMessagesError } from './errors.mjs';
import { createIssueReader } from './issues.mjs';
import { escapeLoneSurrogates, kindOf, messageOf } from './values.mjs';

// Brand checks that never throw (a revoked Proxy throws on `instanceof`).
function isBytes(v) {
  try {
    return v instanceof Uint8Array;
  } catch {
    return false;
  }
}
function isBuffer(v) {
  try {
    return v instanceof ArrayBuffer;
  } catch {
    return false;
  }
}
const isRaw = (v) => typeof v === 'string' || isBytes(v) || isBuffer(v);

function finished(at) {
  return [{ code: 'after_stop', path: [at], message: 'a chunk pushed after finish(): the accumulator is finished' }];
}

/** `{ createAccumulator, accumulate }` for the streamed format `format`. */
export function createStream({ wasm, tape, texts, numbers, options }, format) {
  if (typeof wasm.StreamHandle !== 'function') {
    // A browser page that imported only format entries runs the validation build.
    const missing = () => {
      throw new AgentMessagesError(`agent-messages: stream accumulators are not in the validation-only build this page loaded; import the root entry ('agent-messages') for ${format} streams`, 'unsupported');
    };
    return { createAccumulator: missing, accumulate: async (...args) => missing(...args) };
  }
  const { OK, INVALID } = numbers.result;
  const { readIssues, readIssuesThen } = createIssueReader(numbers);
  const { read: readOptions, DEFAULTS } = options;

  // Write a chunk object on the tape and fold it: the push code, or null when it does not fit.
  function writeChunk(handle, chunk, maxDepth) {
    if (!tape.write(chunk, true, maxDepth, false)) return null;
    return tape.sizedCall(handle, 'push_tape');
  }

  // A string into the text buffer, as validateJson sends JSON text: a lone surrogate escaped,
  // so that it is reported rather than turned into U+FFFD by the UTF-8 encoding; then
  // `handle[method](length)`, or null when it does not fit.
  function pushString(handle, method, text) {
    const len = texts.put(escapeLoneSurrogates(text));
    return len < 0 ? null : handle[method](len);
  }

  function createAccumulator(opts) {
    const { onUpdate, ...limits } = opts ?? {};
    if (onUpdate !== undefined && typeof onUpdate !== 'function') {
      throw new TypeError(`createAccumulator: onUpdate must be a function, received ${kindOf(onUpdate)}`);
    }
    const o = readOptions(limits) ?? DEFAULTS;
    const handle = wasm.StreamHandle.open(format, o.maxIssues, o.maxDepth);
    if (!handle) throw new AgentMessagesError(`agent-messages: no stream accumulator for ${format} in this build`, 'unsupported');
    // (A handle dropped without finish() is freed by wasm-bindgen's own FinalizationRegistry.)
    let done = null;
    // Whether pushRaw was called (finish then ends the raw body).
    let raw = false;

    const issuesOf = (code) => (code === INVALID ? readIssues(wasm.take_result()) : []);
    const update = (issues) => {
      if (onUpdate) onUpdate(snapshot(), issues);
      return issues;
    };

    function pushChunk(chunk) {
      if (isBytes(chunk)) return issuesOf(handle.push_json(chunk));
      const code = typeof chunk === 'string'
        ? pushString(handle, 'push_json_text', chunk)
        : tape.run(writeChunk, handle, chunk, o.maxDepth);
      return issuesOf(code ?? handle.too_large());
    }

    /** Fold one chunk (an object, or its JSON text as a string or bytes): its issues, each
     * path starting with the chunk's position. Never throws for a bad chunk. */
    function push(chunk) {
      if (done) return finished(done.count);
      return update(pushChunk(chunk));
    }

    /** Read a piece of a raw stream body (server-sent events, or JSON lines; a string or
     * bytes, split anywhere): the issues of the chunks it completes. */
    function pushRaw(piece) {
      if (done) return finished(done.count);
      let code;
      raw = true;
      if (typeof piece === 'string') code = pushString(handle, 'push_raw_text', piece) ?? handle.too_large();
      else if (isBytes(piece)) code = handle.push_bytes(piece);
      else if (isBuffer(piece)) code = handle.push_bytes(new Uint8Array(piece));
      else throw new TypeError(`pushRaw: expected a string or bytes, received ${kindOf(piece)}`);
      return update(issuesOf(code));
    }

    /** The message so far (a tool input still streaming also as `partial: { text, value }`),
     * or undefined before a response began. */
    function snapshot() {
      if (done) return done.result.value;
      return handle.snapshot() === OK ? undefined : JSON.parse(wasm.take_result());
    }

    /** End the stream: `{ ok, value?, messages, issues }` (and `responses` where the message
     * is not the whole response: OpenAI's `ChatCompletion`s). Again: the same result. */
    function finish() {
      if (done) return done.result;
      const count = handle.count();
      if (raw) handle.end_bytes();
      handle.finish();
      const [issues, rest] = readIssuesThen(wasm.take_result());
      const { ok, messages, responses } = JSON.parse(rest);
      handle.free();
      const result = { ok, value: messages[messages.length - 1], messages, issues };
      if (responses.length > 0) result.responses = responses;
      if (result.value === undefined) delete result.value;
      done = { count, result };
      return result;
    }

    /** The source failed: an issue at the next position (`stream_error`); what came is kept. */
    function fail(error) {
      if (done) return [];
      return issuesOf(handle.fail(messageOf(error)));
    }

    return Object.freeze({ push, pushRaw, snapshot, finish, fail, get count() { return done ? done.count : handle.count(); } });
  }

  /** Fold a whole stream: an array or (async) iterable of chunks, a ReadableStream (of chunks
   * or of bytes), a fetch Response, or the raw body as a string or bytes. Resolves to the
   * result of finish(); a source that fails midway is a `stream_error` issue, and what came
   * before is kept. */
  async function accumulate(source, opts) {
    const acc = createAccumulator(opts);
    const take = (item) => (isRaw(item) ? acc.pushRaw(item) : acc.push(item));
    if (isRaw(source)) {
      acc.pushRaw(source);
      return acc.finish();
    }
    if (Array.isArray(source)) {
      for (const chunk of source) acc.push(chunk);
      return acc.finish();
    }
    let body = source;
    if (typeof Response === 'function' && source instanceof Response) body = source.body;
    // Set when the source is neither chunks nor a body: a TypeError, once the reading is over.
    let unusable = false;
    try {
      if (body && typeof body.getReader === 'function') {
        const reader = body.getReader();
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            take(value);
          }
        } finally {
          reader.releaseLock?.();
        }
      } else if (body && typeof body[Symbol.asyncIterator] === 'function') {
        for await (const item of body) take(item);
      } else if (body && typeof body[Symbol.iterator] === 'function') {
        for (const item of body) take(item);
      } else {
        unusable = true;
      }
    } catch (error) {
      acc.fail(error);
    }
    if (unusable) {
      throw new TypeError(`accumulate: expected chunks (an array, an iterable, a ReadableStream) or a raw body, received ${kindOf(source)}`);
    }
    return acc.finish();
  }

  return { createAccumulator, accumulate };
}
