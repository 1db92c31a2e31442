// A second, private instance of the package's wasm with the facade's own tape writer, so that
// a benchmark can time the walker or the engine alone while the package's instance and tape
// are left alone.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** `{ wasm, tape, described }`: the glue loaded afresh, its tape, and its `describe()`. */
export function privateInstance() {
  const gluePath = require.resolve('../pkg/node/agent_messages.js');
  const cached = require.cache[gluePath];
  delete require.cache[gluePath];
  const wasm = require(gluePath);
  if (cached) require.cache[gluePath] = cached;
  const src = readFileSync(new URL('../pkg/api.cjs', import.meta.url), 'utf8');
  const module = { exports: {} };
  // eslint-disable-next-line no-new-func
  const { createTape } = new Function('module', 'exports', 'require', `${src}\n;return { createTape };`)(module, module.exports, require);
  const described = wasm.describe();
  return { wasm, tape: createTape(wasm, described), described };
}
