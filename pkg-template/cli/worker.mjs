// A worker thread of the command line: its own wasm instance and first stage (LogUnits),
// answering each batch with the text of its result.
import { parentPort, workerData } from 'node:worker_threads';
import { createUnits } from './stage.mjs';

const stage = createUnits(workerData);
// (No batch is handed to a worker before this: the main thread checks them meanwhile.)
parentPort.postMessage({ ready: true });
parentPort.on('message', ({ id, batch }) => {
  let out, error, code;
  try {
    out = stage(batch);
  } catch (e) {
    // A file's block that cannot be read is the file's error (its system code), not a bug.
    code = e?.code;
    error = code ? e.message : String(e?.stack ?? e);
  }
  // The digest's buffer is handed over, not copied.
  parentPort.postMessage({ id, result: out, error, code }, out ? [out.digest.buffer] : []);
});
