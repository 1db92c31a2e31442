// A second, private instance of the package's wasm with the facade's own tape writer, so that
// a benchmark can time the walker or the engine alone while the package's instance and tape
// are left alone.
import { createRequire } from 'node:module';
import { createTape } from '../pkg-template/src/tape.mjs';

const require = createRequire(import.meta.url);

/** `{ wasm, tape, described }`: the glue loaded afresh, its tape (the facade's walker, the
 * module pkg/api.* bundles), and its `describe()`. */
export function privateInstance() {
  const gluePath = require.resolve('../pkg/node/agent_messages.js');
  const cached = require.cache[gluePath];
  delete require.cache[gluePath];
  const wasm = require(gluePath);
  if (cached) require.cache[gluePath] = cached;
  const described = wasm.describe();
  return { wasm, tape: createTape(wasm, described), described };
}
