// The package's three wasm builds side by side, in one process, the same ops interleaved:
// Node's (pkg/node: everything, opt-level 3), the browsers' whole package (pkg/web: built for
// size, to stay in its gzip budget) and the browsers' validation build (pkg/web-validate: no
// conversions, opt-level 3). What the size of pkg/web costs in speed, measured, not guessed.
//
//   node bench/builds.mjs [--quick] [--json]
//
// Run by bench/run.mjs (section 9). Prints a table, or one JSON line with --json.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { conversation, replies } from './fixtures.mjs';
import { kernelConversation } from './fixtures-convert.mjs';

const QUICK = process.argv.includes('--quick');
const JSON_OUT = process.argv.includes('--json');
const pkg = new URL('../pkg/', import.meta.url);
const { createApi } = await import(new URL('api.mjs', pkg));

async function web(dir) {
  // A glue module per build: import it under its own URL so each keeps its own instance.
  const glue = await import(new URL(`${dir}/agent_messages.js`, pkg));
  glue.initSync({ module: new WebAssembly.Module(readFileSync(new URL(`${dir}/agent_messages_bg.wasm`, pkg))) });
  return createApi(glue);
}
const builds = {
  node: createRequire(import.meta.url)(new URL('index.cjs', pkg).pathname),
  web: await web('web'),
  'web-validate': await web('web-validate'),
};

const reply = replies(64);
const mix = conversation(1);
const chat = kernelConversation(1);
const OPS = [
  ['kernel.validate, 64 replies', (api) => () => reply.reduce((n, m) => n + api.kernel.validate(m).ok, 0), reply.length],
  ['kernel.validate, 100-message mix', (api) => () => mix.reduce((n, m) => n + api.kernel.validate(m).ok, 0), mix.length],
  ['kernel.validateJson, 64 replies', (api) => {
    const texts = reply.map((m) => JSON.stringify(m));
    return () => texts.reduce((n, t) => n + api.kernel.validateJson(t).ok, 0);
  }, reply.length],
  ['convert kernel → openai, 100 messages', (api) => api.convert
    ? () => api.convert(chat, { from: 'kernel', to: 'openai' }).messages.length > 0 ? chat.length : 0
    : null, chat.length],
];

const rounds = QUICK ? 3 : 9;
const budgetNs = QUICK ? 5e6 : 4e7;
function batch(fn, n) {
  const t0 = process.hrtime.bigint();
  let sum = 0;
  for (let i = 0; i < n; i++) sum += fn();
  return [Number(process.hrtime.bigint() - t0) / n, sum];
}

const rows = [];
for (const [label, make, items] of OPS) {
  const fns = Object.entries(builds).map(([name, api]) => [name, make(api)]).filter(([, f]) => f);
  // Calibrate on the first build: enough calls for the time budget per batch.
  fns.forEach(([, f]) => batch(f, 3));
  const [once] = batch(fns[0][1], 5);
  const n = Math.max(3, Math.round(budgetNs / Math.max(once, 1)));
  const times = Object.fromEntries(fns.map(([name]) => [name, []]));
  for (let r = 0; r < rounds; r++) {
    for (const [name, f] of fns) {
      const [ns, sum] = batch(f, n);
      if (sum !== n * items) throw new Error(`bench/builds: ${label} on ${name} did not do what it should (${sum} of ${n * items})`);
      times[name].push(ns / items);
    }
  }
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  rows.push({ label, perItemNs: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)])) });
}

if (JSON_OUT) {
  console.log(JSON.stringify(rows));
} else {
  const names = Object.keys(builds);
  console.log(`${''.padEnd(42)}${names.map((n) => n.padStart(16)).join('')}   (ns per message; x of node)`);
  for (const { label, perItemNs } of rows) {
    const base = perItemNs.node;
    const cells = names.map((n) => (n in perItemNs
      ? `${perItemNs[n].toFixed(0)} ${(perItemNs[n] / base).toFixed(2)}x` : '—').padStart(16));
    console.log(`${label.padEnd(42)}${cells.join('')}`);
  }
}
