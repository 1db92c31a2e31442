// The log checks over every source, in order: batches to the first stage (the pool), their
// results taken back in input order and fed to each file's second stage (LogConversations)
// on this thread. What comes out goes to the caller's hooks: `issue(file, issue)` in input
// order, `conversation(file, record)` as each is closed, `converted(file, text)` and
// `loss(file, loss)` when converting, `file(file, error?)` per source; `progress(bytes,
// messages)` after each batch. A hook may return `false` to stop the run. Returns the stats
// summed.
import { createConversations, readResult } from './stage.mjs';
import { batches, closeSource } from './sources.mjs';

/** How many bytes of log a batch holds: large enough that what each batch costs besides its
 * checks (handing it over, its answer and digest, feeding them on) is little (2 MB: --jobs 2
 * 2.5% faster than 1 MB on a 1 GB log, 4 MB no faster), small enough that the batches read
 * ahead (stdin's, JSON files') and each thread's block are little memory. */
export const BATCH_BYTES = 1 << 21;

/** Thrown by a hook's `false` to end the run. */
const STOP = Symbol('stop');

export async function runLog(sources, pool, config, hooks) {
  const total = emptyStats();
  for (const source of sources) {
    if (source.error) {
      hooks.file?.(source, source.error);
      continue;
    }
    const second = createConversations(config);
    let base = 1;
    // Batches are read ahead by a loop of their own (up to `room` of them), so that a worker
    // done with one finds the next queued.
    const room = pool.size * 4 + 4;
    let ended = false;
    let stopped = false;
    let readError = null;
    let wakeReader = null;
    let wakeTaker = null;
    const wake = (w) => w?.();
    // The batches read and not yet fed to the second stage, in input order; each `queued`
    // until a worker takes it (`worker`) or this thread checks it itself (`kept`).
    const inflight = [];
    const assign = () => {
      for (const e of inflight) {
        if (!pool.idle()) return;
        if (e.state !== 'queued') continue;
        e.state = 'worker';
        e.promise = pool.run(e.batch);
        e.promise.then(() => (e.done = true), () => (e.done = true));
        e.batch = null;
      }
    };
    pool.onIdle = assign;
    const keep = (e) => {
      e.text = pool.keep(e.batch);
      e.state = 'kept';
      e.batch = null;
    };
    const take = async () => {
      const e = inflight[0];
      // Items carry their own lines (0-based); JSONL lines count from the batch's first.
      const at = e.lines ? base : 1;
      if (e.state === 'queued') {
        keep(e);
        // (A turn of the event loop, in which a worker may say it is ready or done.)
        if (pool.size > 1) await new Promise(setImmediate);
      }
      let r, answer;
      if (e.state === 'worker') {
        // While a worker has the oldest batch, this thread checks those queued after it.
        for (let q; !e.done && (q = inflight.find((x) => x.state === 'queued')); ) {
          keep(q);
          await new Promise(setImmediate);
        }
        const done = await e.promise;
        r = readResult(done.result);
        answer = second.feed(done.digest, at);
      } else {
        r = readResult(e.text);
        answer = pool.feed(second, at);
      }
      inflight.shift();
      const found = parseLines(r.issues).map((i) => ((i.line += at), i));
      const [findings, turns, turnLosses] = answer.split('\0');
      found.push(...parseLines(findings));
      if (found.length > 1) found.sort((a, b) => a.line - b.line || a.column - b.column);
      for (const i of found) await hooks.issue?.(source, i);
      // (Parsed only for a caller that takes them: `detect`; a log grouped by thread holds
      // many.)
      if (hooks.conversation) {
        for (const c of parseLines(r.conversations)) {
          c.line += at;
          hooks.conversation(source, c);
        }
      }
      // Conversation lines converted by the first stage, then turns of single messages.
      if (r.converted) await hooks.converted?.(source, r.converted);
      for (const l of parseLines(r.losses)) {
        l.line += at;
        if ((await hooks.loss?.(source, l)) === false) throw STOP;
      }
      if (turns) await hooks.converted?.(source, turns);
      for (const l of parseLines(turnLosses)) {
        if ((await hooks.loss?.(source, l)) === false) throw STOP;
      }
      addStats(total, r.stats);
      if (e.lines) base += r.lines;
      hooks.progress?.(e.size, r.stats.messages);
    };
    const reader = (async () => {
      try {
        for await (const batch of batches(source, BATCH_BYTES)) {
          const size = batch.bytes ?? (batch.lines ?? batch.items).length;
          inflight.push({ lines: !batch.items, size, batch, state: 'queued' });
          assign();
          wake(wakeTaker);
          while (inflight.length >= room && !stopped) await new Promise((r) => (wakeReader = r));
          if (stopped) break;
        }
      } catch (e) {
        readError = e;
      } finally {
        ended = true;
        wake(wakeTaker);
      }
    })();
    try {
      for (;;) {
        if (inflight.length) {
          await take();
          wake(wakeReader);
        } else if (ended) {
          if (readError) throw readError;
          break;
        } else await new Promise((r) => (wakeTaker = r));
      }
    } catch (e) {
      stopped = true;
      wake(wakeReader);
      await reader;
      while (inflight.length) await inflight.shift().promise?.catch(() => {});
      pool.clear();
      closeSource(source);
      if (e === STOP) {
        second.free();
        return { ...total, stopped: true };
      }
      if (!e?.code) throw e;
      hooks.file?.(source, `${e.code}: ${e.message.replace(/^\w+: /, '')}`);
      second.free();
      continue;
    }
    // (Every batch is checked: no thread reads the file any more.)
    closeSource(source);
    const [last, records, converted, losses, stats] = second.finish().split('\0');
    for (const i of parseLines(last)) await hooks.issue?.(source, i);
    if (hooks.conversation) for (const c of parseLines(records)) hooks.conversation(source, c);
    if (converted) await hooks.converted?.(source, converted);
    for (const l of parseLines(losses)) {
      if ((await hooks.loss?.(source, l)) === false) {
        second.free();
        return { ...total, stopped: true };
      }
    }
    addStats(total, JSON.parse(stats));
    second.free();
    hooks.file?.(source, null);
  }
  return total;
}

function parseLines(text) {
  if (!text) return [];
  const out = [];
  for (const line of text.split('\n')) if (line) out.push(JSON.parse(line));
  return out;
}

export function emptyStats() {
  return { units: 0, blank: 0, unreadable: 0, messages: 0, invalid: 0, conversations: 0, bytes: 0, maxBytes: 0, toolCalls: 0, toolResults: 0, converted: 0, kinds: {}, formats: {} };
}

export function addStats(total, part) {
  for (const [k, v] of Object.entries(part)) {
    if (typeof v === 'object') {
      total[k] ??= {};
      for (const [name, n] of Object.entries(v)) total[k][name] = (total[k][name] ?? 0) + n;
    } else if (k === 'maxBytes') total[k] = Math.max(total[k] ?? 0, v);
    else total[k] = (total[k] ?? 0) + v;
  }
}
