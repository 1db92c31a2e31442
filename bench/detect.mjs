#!/usr/bin/env node
// detectFormat of a 100-message conversation of each seed format (the conversion fixtures),
// µs a message, beside two ways a caller could tell formats apart by hand:
// - our validators asked one format at a time (each stored type's `is` of every item, and a
//   strict `validate` of those that pass: what `detectFormat` itself did before issue 14's
//   session 21, when it began to write the list once and try every format on it in the wasm);
// - zod 4: each item against the five seed formats' loose schemas (no strict pass; Anthropic
//   and the AI SDK's formats, which detectFormat also tries, left out).
// Not part of the run; for each build given (default: pkg/), the groups interleaved.
//
//   node bench/detect.mjs [--quick] [old-pkg] [pkg]

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { createRequire } from 'node:module';
import * as FC from './fixtures-convert.mjs';
import { PROFILES, measureGroup } from './harness.mjs';
import { zodKernel } from './peers.mjs';
import { zodAgens, zodBedrock, zodBedrockEvent, zodOpenAILoose, zodSwarm } from './peers-formats.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const dirs = args.filter((a) => a !== '--quick');
const builds = await Promise.all((dirs.length ? dirs : ['pkg']).map(async (dir) => [dir, await import(pathToFileURL(resolve(dir, 'index.mjs')).href)]));
// Each build's own description of its formats (the wasm's, which the facade reads at start-up).
const require = createRequire(import.meta.url);
const describe = (dir) => require(resolve(dir, 'node/agent_messages.js')).describe();
const SOURCES = {
  kernel: FC.kernelConversation, openai: FC.openaiConversation, swarm: FC.swarmConversation,
  agens: FC.agensConversation, bedrock: FC.bedrockResponses,
};
const ZOD = [zodKernel, zodOpenAILoose, zodSwarm, zodAgens, zodBedrock, zodBedrockEvent];

// Our validators, one format at a time: the formats some item is valid in, scored as
// detectFormat scores them.
function byValidators(pkg, described) {
  const formats = described.formats.filter((f) => f.convertible).map(({ name, namespace, lists }) => ({
    name,
    validators: (lists.STORED ?? [described.schemas.find(([format]) => format === name)[1]]).map((t) => pkg[namespace][t]),
  }));
  const strict = { strict: true, abortEarly: true, maxIssues: 1 };
  return (list) => {
    const found = [];
    for (const { name, validators } of formats) {
      let matched = 0, exact = 0;
      for (const item of list) {
        if (!validators.some((v) => v.is(item))) continue;
        matched++;
        if (validators.some((v) => v.validate(item, strict).ok)) exact++;
      }
      if (matched > 0) found.push({ format: name, confidence: (matched + exact) / (2 * list.length), matched, exact, total: list.length });
    }
    return found.sort((a, b) => b.confidence - a.confidence);
  };
}

const zodCount = (list) => {
  let n = 0;
  for (const item of list) for (const s of ZOD) if (s.safeParse(item).success) n++;
  return n;
};

const profile = quick ? PROFILES.quick : PROFILES.full;
const rows = [];
for (const [source, make] of Object.entries(SOURCES)) {
  const inputs = [1, 2, 3, 4].map((seed) => make(seed));
  const cases = [];
  for (const [dir, pkg] of builds) {
    const hand = byValidators(pkg, describe(dir));
    for (const list of inputs) {
      const got = pkg.detectFormat(list);
      if (!isDeepStrictEqual(got, hand(list))) throw new Error(`${dir}: detectFormat of a ${source} conversation differs from its validators'`);
      if (got[0]?.format !== source || got[0].confidence !== 1) throw new Error(`${dir}: a ${source} conversation detected as ${JSON.stringify(got[0])}`);
    }
    cases.push({ name: `${dir} detectFormat`, op: (a) => (pkg.detectFormat(a)[0].format === source ? 1 : 0), inputs });
    cases.push({ name: `${dir} validators one format at a time`, op: (a) => (hand(a)[0].format === source ? 1 : 0), inputs });
  }
  cases.push({ name: 'zod 4, each seed schema', op: (a) => (zodCount(a) > 0 ? 1 : 0), inputs });
  const results = measureGroup(cases, profile);
  for (const r of results) rows.push({ source, name: r.name, us: r.nsPerOp / 1000 / 100 });
}

const width = Math.max(...rows.map((r) => r.name.length));
let last = '';
for (const r of rows) {
  if (r.source !== last) {
    console.log(`\n${r.source}: 100 messages, µs a message`);
    last = r.source;
  }
  const base = rows.find((x) => x.source === r.source && x.name.startsWith('zod'));
  console.log(`  ${r.name.padEnd(width)}  ${r.us.toFixed(2).padStart(8)}  ${(r.us / base.us).toFixed(2)}x zod`);
}
