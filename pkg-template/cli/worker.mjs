// A worker thread of the command line: its own wasm instance and first stage (LogUnits),
// answering each batch with the text of its result.
import { parentPort, workerData } from 'node:worker_threads';
import { createUnits } from './stage.mjs';

const stage = createUnits(workerData);
parentPort.on('message', ({ id, batch }) => {
  let result, error;
  try {
    result = stage(batch);
  } catch (e) {
    error = String(e?.stack ?? e);
  }
  parentPort.postMessage({ id, result, error });
});
