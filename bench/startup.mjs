// Start-up costs, each measured in a fresh Node process (nothing compiled or cached yet).
//
//   node bench/startup.mjs require   time of require('pkg/index.cjs'): read the .wasm file,
//                                    compile it synchronously (new WebAssembly.Module),
//                                    instantiate, run the glue's start function, build the
//                                    facade (describe(), tape buffers, validators); then the
//                                    first kernel.validate call, cold.
//   node bench/startup.mjs web       the browser entry's steps, one by one, with the bytes
//                                    already in memory: WebAssembly.compile (async), the web
//                                    glue's initSync (instantiate + start), createApi, first
//                                    kernel.validate.
//
// Prints one JSON line of milliseconds. Run by bench/run.mjs.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const pkg = new URL('../pkg/', import.meta.url);
const msg = { id: '01JDB9Z8Q4X2N6V0R5T7Y3K1MA', timestamp: 1732233600000, type: 'reply', text: 'Hello there, how can I help?' };
const ms = (a, b) => Number(b - a) / 1e6;
const now = () => process.hrtime.bigint();

const mode = process.argv[2];
if (mode === 'require') {
  const require = createRequire(import.meta.url);
  const path = new URL('index.cjs', pkg).pathname;
  const t0 = now();
  const api = require(path);
  const t1 = now();
  const ok = api.kernel.validate(msg).ok;
  const t2 = now();
  if (!ok) throw new Error('the first validation failed');
  console.log(JSON.stringify({ require: ms(t0, t1), firstValidate: ms(t1, t2) }));
} else if (mode === 'web') {
  const glue = await import(new URL('web/agent_messages.js', pkg));
  const { createApi } = await import(new URL('api.mjs', pkg));
  const bytes = readFileSync(new URL('web/agent_messages_bg.wasm', pkg));
  const t0 = now();
  const module = await WebAssembly.compile(bytes);
  const t1 = now();
  glue.initSync({ module });
  const t2 = now();
  const api = createApi(glue);
  const t3 = now();
  const ok = api.kernel.validate(msg).ok;
  const t4 = now();
  if (!ok) throw new Error('the first validation failed');
  console.log(JSON.stringify({ compile: ms(t0, t1), instantiate: ms(t1, t2), createApi: ms(t2, t3), firstValidate: ms(t3, t4) }));
} else {
  console.error('usage: node bench/startup.mjs require|web');
  process.exit(2);
}
