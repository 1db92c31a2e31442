// A worker thread of the command line: its own wasm instance and first stage (LogUnits),
// answering each batch with the text of its result.
import { parentPort, workerData } from 'node:worker_threads';
import { createUnits } from './stage.mjs';

const stage = createUnits(workerData);
parentPort.on('message', ({ id, batch }) => {
  let out, error;
  try {
    out = stage(batch);
  } catch (e) {
    error = String(e?.stack ?? e);
  }
  // The digest's buffer is handed over, not copied.
  parentPort.postMessage({ id, result: out, error }, out ? [out.digest.buffer] : []);
});
