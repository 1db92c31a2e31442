#!/usr/bin/env node
// Where the time of one conversion goes, as far as the built package lets us see from outside:
// a 100-message conversation (fixtures-convert.mjs) converted whole, and beside it the stages
// that can be run on their own. Each figure is the median of interleaved batches (the stages
// of a round run back to back, so a slow spell of the machine falls on all alike).
//
//   node bench/convert-stages.mjs                 kernel → openai
//   node bench/convert-stages.mjs openai kernel   another pair (of those the build converts)
//
// Stages: the JS walker writing the list onto the tape in full mode (a private wasm instance,
// as run.mjs's hypothetical list validator), `<from>.toJSON(list)` (walker + Rust validation
// + the JSON form as text + its trip to JS), `validateMany` (walker in fast mode + validation
// alone), the target's check of the output alone (`<to>.validateJson(text)`: text into wasm,
// parse, shape check), `JSON.parse` of the result text as convert() gets it (losses, generated
// ids, revival plan: the messages are built from their tape, converted.mjs). What convert()
// does besides (building the source's values, the mapping, writing the target's tape, the
// target's check on it, building the messages in JS) is the remainder. The split inside Rust: profile
// natively (see bench/README.md) or a wasm build with stage exits.

import * as FC from './fixtures-convert.mjs';
import { privateInstance } from './private-instance.mjs';

const pkg = await import('../pkg/index.mjs');
const [from = 'kernel', to = 'openai'] = process.argv.slice(2);
const FIXTURES = {
  kernel: FC.kernelConversation, openai: FC.openaiConversation, bedrock: FC.bedrockResponses,
  swarm: FC.swarmConversation, agens: FC.agensConversation,
};
if (!FIXTURES[from] || !pkg[to]) {
  console.error('usage: node bench/convert-stages.mjs [FROM TO] (formats: kernel, openai, bedrock, swarm, agens)');
  process.exit(1);
}
const inputs = [1, 2, 3, 4].map((seed) => FIXTURES[from](seed));
const options = { from, to };
try {
  pkg.convert([], options);
} catch (e) {
  console.error(`${from} → ${to}: not in this build (${e.message})`);
  process.exit(1);
}

const { wasm, tape, described } = privateInstance();
const { DEFAULT_MAX_DEPTH: MAX_DEPTH, DEFAULT_MAX_ISSUES: MAX_ISSUES } = described.numbers.limit;

// The result text convert() parses, made by the same wasm call on the private instance.
const resultTexts = inputs.map((list) => {
  tape.write(list, true, MAX_DEPTH, false);
  tape.withSizes((nw, nn, nc, nb) => wasm.convert_tape(from, to, nw, nn, nc, nb, MAX_ISSUES, MAX_DEPTH, Date.now(), false, ''));
  return wasm.take_result();
});
const outputTexts = inputs.map((list) => pkg[to].toJSON(pkg.convert(list, options).messages));

const stages = [
  ['convert(list, { from, to }) whole', (i) => pkg.convert(inputs[i], options).messages.length],
  ['  JS walker, full mode (tape.write)', (i) => (tape.write(inputs[i], true, MAX_DEPTH, false) ? 1 : 0)],
  [`  ${from}.toJSON(list): walker + validation + JSON form text`, (i) => pkg[from].toJSON(inputs[i]).length],
  [`  ${from}.validateMany(list): fast walker + validation alone`, (i) => pkg[from].validateMany(inputs[i]).length],
  [`  ${to}.validateJson(output text).ok: the target check alone`, (i) => (pkg[to].validateJson(outputTexts[i]).ok ? 1 : 0)],
  ['  JSON.parse(result text): losses, generated ids, plan', (i) => JSON.parse(resultTexts[i]).generated.length + 1],
];

const ROUNDS = 31, PER = 12;
for (const [, f] of stages) for (let i = 0; i < 200; i++) f(i & 3);
const samples = stages.map(() => []);
for (let r = 0; r < ROUNDS; r++) {
  stages.forEach(([, f], j) => {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < PER; i++) f(i & 3);
    samples[j].push(Number(process.hrtime.bigint() - t0) / PER / 1e3);
  });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const figures = samples.map(median);
console.log(`${from} → ${to}, 100 messages (${inputs.length} conversations in turn); µs per conversation, median of ${ROUNDS} rounds`);
stages.forEach(([label], j) => console.log(`${label.padEnd(62)}${figures[j].toFixed(1).padStart(9)}`));
const resultBytes = Math.round(resultTexts.reduce((s, t) => s + t.length, 0) / resultTexts.length);
// (Losses cross as `{ kinds, at }`: each distinct loss once, then each run of one message's
// losses as its index and first kind, and -n after them for a run of n > 1.)
const lossCount = ({ at }) => {
  let count = 0;
  for (let r = 0; r < at.length; r += 2) count += at[r + 2] < 0 ? -at[r++ + 2] : 1;
  return count;
};
const losses = Math.round(resultTexts.reduce((s, t) => s + lossCount(JSON.parse(t).losses), 0) / resultTexts.length);
console.log(`(result text ${resultBytes} characters on average, ${losses} losses)`);
