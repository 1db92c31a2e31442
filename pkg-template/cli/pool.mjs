// The first stage on `jobs` worker threads, each with its own wasm instance; results come
// back in the order the batches went in (the caller awaits them in order). With one job
// both stages run on this thread, fused (`pool.fused`).
import { Worker } from 'node:worker_threads';
import { createFused } from './stage.mjs';

export function createPool(jobs, config) {
  if (jobs <= 1) {
    // One thread: the first stage hands its records to the second as they are.
    return { fused: createFused(config), close: async () => {}, size: 1 };
  }
  const workers = [];
  const idle = [];
  const queue = [];
  const waiting = new Map();
  let next = 0;
  const dispatch = () => {
    while (idle.length && queue.length) {
      const w = idle.pop();
      const { id, batch } = queue.shift();
      w.postMessage({ id, batch });
    }
  };
  for (let n = 0; n < jobs; n++) {
    const w = new Worker(new URL('./worker.mjs', import.meta.url), { workerData: config });
    w.on('message', ({ id, result, error }) => {
      const p = waiting.get(id);
      waiting.delete(id);
      idle.push(w);
      dispatch();
      if (error) p.reject(new Error(`a worker failed: ${error}`));
      else p.resolve(result);
    });
    w.on('error', (e) => {
      for (const p of waiting.values()) p.reject(e);
      waiting.clear();
    });
    workers.push(w);
    idle.push(w);
  }
  return {
    size: jobs,
    run(batch) {
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        queue.push({ id, batch });
        dispatch();
      });
    },
    close: () => Promise.all(workers.map((w) => w.terminate())),
  };
}
