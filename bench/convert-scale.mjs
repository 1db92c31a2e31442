#!/usr/bin/env node
// How a conversion's time grows with its length: Agens → OpenAI (about 14 losses a step, the
// most of the bench's pairs) of 100 to 8,000 steps, one conversion each after a warm-up, for
// each build given (default: pkg/). Not part of the run: a check that nothing in a conversion
// is quadratic (the losses' sort was, before issue 14's session 19).
//
//   node bench/convert-scale.mjs                      this build
//   node bench/convert-scale.mjs target/pkg-old pkg   an old build beside the new one

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { agensConversation } from './fixtures-convert.mjs';

const dirs = process.argv.slice(2);
const builds = await Promise.all((dirs.length ? dirs : ['pkg']).map(async (dir) => [dir, await import(pathToFileURL(resolve(dir, 'index.mjs')).href)]));
const LENGTHS = [100, 1000, 2000, 4000, 8000];
console.log(`agens → openai: ms for one conversion (median of 3), by steps\n${'steps'.padStart(6)}${builds.map(([d]) => d.padStart(24)).join('')}`);
for (const n of LENGTHS) {
  const list = agensConversation(1, n);
  const row = builds.map(([, pkg]) => {
    pkg.convert(list, { from: 'agens', to: 'openai' });
    const times = [0, 1, 2].map(() => {
      const t0 = performance.now();
      pkg.convert(list, { from: 'agens', to: 'openai' });
      return performance.now() - t0;
    }).sort((a, b) => a - b);
    return times[1].toFixed(1).padStart(24);
  });
  console.log(`${String(n).padStart(6)}${row.join('')}`);
}
