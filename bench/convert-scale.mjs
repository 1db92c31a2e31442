#!/usr/bin/env node
// How a conversion's time grows with its length: every pair of formats (and checkConversation
// of each), at a short and a long conversation, in µs a message, with the long one's figure over
// the short one's. A ratio near 1 is linear; one that grows with the length is something
// quadratic (the losses' sort was, before issue 14's session 19; the search for a message's
// dropped losses and OpenAI's explicit nulls were, before session 20). Not part of the run: a
// check by hand, for each build given (default: pkg/). The bench's fixtures give kernel,
// openai, swarm, agens and bedrock; the other sources are the OpenAI conversation converted.
//
//   node bench/convert-scale.mjs                         every pair, this build
//   node bench/convert-scale.mjs --only 'agens→'         the pairs whose name matches
//   node bench/convert-scale.mjs --long 25600 old pkg    longer, an old build beside the new one
//   node bench/convert-scale.mjs --wide                  one OpenAI message of 500 and of 4,000
//                                                        tool calls with their results, into
//                                                        every format and back (µs a call)

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as FC from './fixtures-convert.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const [value] = args.splice(at, 2).slice(1);
  return value;
};
const only = new RegExp(option('--only', '.'));
const WIDE = args.includes('--wide');
if (WIDE) args.splice(args.indexOf('--wide'), 1);
const SHORT = 400;
const LONG = Number(option('--long', '12800'));
const dirs = args.length ? args : ['pkg'];
const builds = await Promise.all(dirs.map(async (dir) => [dir, await import(pathToFileURL(resolve(dir, 'index.mjs')).href)]));
const FORMATS = ['kernel', 'openai', 'swarm', 'agens', 'bedrock', 'anthropic', 'ai-sdk', 'ai-sdk-ui'];
const OWN = {
  kernel: FC.kernelConversation, openai: FC.openaiConversation, swarm: FC.swarmConversation, agens: FC.agensConversation,
  bedrock: FC.bedrockResponses,
};

// The conversations of every source at `n` messages (through the first build, for the sources
// the fixtures do not give).
function conversations(pkg, n) {
  const out = {};
  for (const [format, make] of Object.entries(OWN)) out[format] = make(1, n);
  for (const format of FORMATS.filter((f) => !OWN[f])) out[format] = pkg.convert(out.openai, { from: 'openai', to: format }).messages;
  return out;
}

// The median of `times` runs of `f`, after one run, in ms.
function time(f, times) {
  f();
  const t = [];
  for (let r = 0; r < times; r++) {
    const t0 = performance.now();
    f();
    t.push(performance.now() - t0);
  }
  return t.sort((a, b) => a - b)[times >> 1];
}

// One OpenAI assistant message with `n` tool calls, and a tool message for each.
function wide(n) {
  const calls = Array.from({ length: n }, (_, k) => ({
    id: `call_${k}`, type: 'function', function: { name: `f${k % 7}`, arguments: `{"k":${k}}` },
  }));
  return [
    { role: 'user', content: 'go' },
    { role: 'assistant', content: null, tool_calls: calls },
    ...calls.map((c) => ({ role: 'tool', tool_call_id: c.id, content: `ok ${c.id}` })),
  ];
}

if (WIDE) {
  const [small, big] = [500, 4000];
  console.log(`µs a tool call with ${small} and ${big} calls in one message, and ${big} / ${small}`);
  console.log(`${'pair'.padEnd(24)}${builds.map(([d]) => ` ${d}`.padEnd(36)).join('')}`);
  for (const to of FORMATS.filter((f) => f !== 'openai')) {
    for (const [from, into] of [['openai', to], [to, 'openai'], [to, 'kernel']]) {
      if (from === into || !only.test(`${from}→${into}`)) continue;
      const cells = builds.map(([, pkg]) => {
        const source = (n) => (from === 'openai' ? wide(n) : pkg.convert(wide(n), { from: 'openai', to: from }).messages);
        const [a, b] = [small, big].map((n) => {
          const list = source(n);
          return (time(() => pkg.convert(list, { from, to: into }), 3) / n) * 1000;
        });
        return `${a.toFixed(2).padStart(9)} ${b.toFixed(2).padStart(8)} ${(b / a).toFixed(2).padStart(6)}x`.padEnd(36);
      });
      console.log(`${`${from}→${into}`.padEnd(24)}${cells.join('')}`);
    }
  }
  process.exit(0);
}

const short = conversations(builds[0][1], SHORT);
const long = conversations(builds[0][1], LONG);
console.log(`µs a message at ${SHORT} and ${LONG} messages (the derived sources have fewer), and long / short`);
console.log(`${'pair'.padEnd(24)}${builds.map(([d]) => ` ${d}`.padEnd(36)).join('')}`);
for (const from of FORMATS) {
  for (const to of [...FORMATS.filter((f) => f !== from), 'check']) {
    const name = `${from}→${to}`;
    if (!only.test(name)) continue;
    const cells = builds.map(([, pkg]) => {
      const op = (list) => () => (to === 'check' ? pkg.checkConversation(list, { format: from }) : pkg.convert(list, { from, to }));
      const a = (time(op(short[from]), 5) / short[from].length) * 1000;
      const b = (time(op(long[from]), 1) / long[from].length) * 1000;
      return `${a.toFixed(2).padStart(9)} ${b.toFixed(2).padStart(8)} ${(b / a).toFixed(2).padStart(6)}x`.padEnd(36);
    });
    console.log(`${name.padEnd(24)}${cells.join('')}`);
  }
}
