// The first stage on `jobs` threads: `jobs - 1` worker threads, each with its own wasm
// instance, and this thread, which also runs the second stage. A batch waits in the queue
// until a worker is idle (`run`), or until this thread, waiting for a worker's answer, takes
// it itself (`keep`: its records stay in this thread's wasm, no digest crosses). With one job
// every batch is this thread's.
import { Worker } from 'node:worker_threads';
import { createKeeper } from './stage.mjs';

export function createPool(jobs, config) {
  const workers = [];
  const idle = [];
  const queue = [];
  const waiting = new Map();
  let next = 0;
  const pool = {
    size: Math.max(1, jobs),
    /** Called when a worker becomes idle (the caller hands it a queued batch). */
    onIdle: () => {},
    idle: () => idle.length > 0,
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
    close: () => Promise.all(workers.map((w) => w.terminate())),
  };
  const dispatch = () => {
    while (idle.length && queue.length) {
      const w = idle.pop();
      const { id, batch } = queue.shift();
      w.postMessage({ id, batch });
    }
  };
  for (let n = 1; n < jobs; n++) {
    const w = new Worker(new URL('./worker.mjs', import.meta.url), { workerData: config });
    w.on('message', ({ id, result, error }) => {
      const p = waiting.get(id);
      waiting.delete(id);
      idle.push(w);
      dispatch();
      if (error) p.reject(new Error(`a worker failed: ${error}`));
      else p.resolve(result);
      if (idle.length) pool.onIdle();
    });
    w.on('error', (e) => {
      for (const p of waiting.values()) p.reject(e);
      waiting.clear();
    });
    workers.push(w);
    idle.push(w);
  }
  return pool;
}
