// The first stage on `jobs` threads: `jobs - 1` worker threads, each with its own wasm
// instance, and this thread, which also runs the second stage. A batch waits in the queue
// until a worker is idle (`run`), or until this thread, waiting for a worker's answer, takes
// it itself (`keep`: its records stay in this thread's wasm, no digest crosses). A worker is
// handed none before it says it is ready (its wasm compiled: about 80 ms, in which this
// thread checks the first batches itself instead of waiting for a worker's). With one job
// every batch is this thread's.
import { Worker } from 'node:worker_threads';
import { createKeeper } from './stage.mjs';

/** How many batches a worker holds at once: the one it checks and two more, so that it never
 * waits for this thread to hand it one. This thread answers a worker only between batches of
 * its own (a batch kept, a digest fed: 1 to 3 ms each, several in a row); with one batch in
 * reserve the worker sat idle a sixth of a 1 GB check, with two, about a fifteenth. */
const DEPTH = 3;

export function createPool(jobs, config) {
  const workers = [];
  const queue = [];
  const waiting = new Map();
  let next = 0;
  const pool = {
    size: Math.max(1, jobs),
    /** Called when a worker can take another batch (the caller hands it a queued one). */
    onIdle: () => {},
    idle: () => workers.some((w) => w.ready && w.held < DEPTH),
    /** The batch checked on a worker: a promise of { result, digest }. */
    run(batch) {
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        queue.push({ id, batch });
        dispatch();
      });
    },
    ...createKeeper(config),
    close: () => Promise.all(workers.map((w) => w.worker.terminate())),
  };
  const dispatch = () => {
    while (queue.length) {
      const ready = workers.filter((w) => w.ready);
      const w = ready.reduce((a, b) => (b.held < a.held ? b : a), ready[0]);
      if (!w || w.held >= DEPTH) return;
      const { id, batch } = queue.shift();
      w.held++;
      // (A file's block crosses as where it is: the worker reads it.)
      w.worker.postMessage({ id, batch });
    }
  };
  for (let n = 1; n < jobs; n++) {
    const worker = new Worker(new URL('./worker.mjs', import.meta.url), { workerData: config });
    const w = { worker, held: 0, ready: false };
    worker.on('message', ({ ready, id, result, error, code }) => {
      if (ready) {
        w.ready = true;
        dispatch();
        if (pool.idle()) pool.onIdle();
        return;
      }
      const p = waiting.get(id);
      waiting.delete(id);
      w.held--;
      dispatch();
      if (code) p.reject(Object.assign(new Error(error), { code }));
      else if (error) p.reject(new Error(`a worker failed: ${error}`));
      else p.resolve(result);
      if (pool.idle()) pool.onIdle();
    });
    worker.on('error', (e) => {
      for (const p of waiting.values()) p.reject(e);
      waiting.clear();
    });
    workers.push(w);
  }
  return pool;
}
