#!/usr/bin/env node
// An old build of the package beside the new one, on one machine: the whole benchmark
// (bench/run.mjs --json) over each, the two runs taken in turn, then every row side by side.
// "No row of the bench may get slower" is read off this table.
//
//   node bench/compare.mjs OLD_PKG [--quick] [--only RE] [--rounds N]
//
// OLD_PKG is a built package directory (a copy of pkg/ from an earlier commit: `cp -r pkg
// target/pkg-old` before rebuilding). The same bench code measures both: this directory's
// files are copied next to a link to OLD_PKG (target/bench-old/), so only the package differs.
// With --rounds N (default 1) each build is run N times, alternating, and each figure is the
// median of its runs.

import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
const old = args[0];
if (!old || old.startsWith('-') || !existsSync(resolve(old, 'index.mjs'))) {
  console.error('usage: node bench/compare.mjs OLD_PKG [--quick] [--only RE] [--rounds N]  (OLD_PKG: a built package directory)');
  process.exit(2);
}
const roundsAt = args.indexOf('--rounds');
const ROUNDS = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 1;
const passOn = args.slice(1).filter((a, i, all) => a !== '--rounds' && all[i - 1] !== '--rounds');

const repo = new URL('..', import.meta.url).pathname;
const oldTree = resolve(repo, 'target/bench-old');
rmSync(oldTree, { recursive: true, force: true });
mkdirSync(oldTree, { recursive: true });
cpSync(resolve(repo, 'bench'), resolve(oldTree, 'bench'), { recursive: true });
symlinkSync(resolve(old), resolve(oldTree, 'pkg'));
for (const dir of ['pkg-template', 'tests', 'node_modules']) symlinkSync(resolve(repo, dir), resolve(oldTree, dir));

function run(tree, label, round) {
  process.stderr.write(`bench/compare: round ${round + 1} of ${ROUNDS}, the ${label} build\n`);
  const r = spawnSync(process.execPath, [resolve(tree, 'bench/run.mjs'), '--json', ...passOn], {
    encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 26,
  });
  if (r.status !== 0) {
    console.error(`bench/compare: the ${label} build's run failed (exit ${r.status})`);
    process.exit(1);
  }
  return JSON.parse(r.stdout);
}

const runs = { old: [], new: [] };
for (let round = 0; round < ROUNDS; round++) {
  runs.old.push(run(oldTree, 'old', round));
  runs.new.push(run(repo, 'new', round));
}

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
// A result's time, whichever unit its section reports.
const figure = (r) => r.nsPerMessage ?? r.nsPerOp ?? r.msPerPass ?? r.ns;
function figures(which) {
  const byId = new Map();
  for (const run of runs[which]) {
    for (const r of run.results) {
      if (figure(r) === undefined) continue;
      if (!byId.has(r.id)) byId.set(r.id, { label: r.label ?? r.id, unit: r.msPerPass !== undefined ? 'ms/pass' : 'ns/msg', xs: [] });
      byId.get(r.id).xs.push(figure(r));
    }
  }
  return byId;
}
const before = figures('old');
const after = figures('new');

const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
const fmt = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const first = runs.new[0];
console.log(`agent-messages: the old build (${resolve(old)}) beside the new (pkg/), ${ROUNDS} run${ROUNDS > 1 ? 's' : ''} each, taken in turn`);
console.log(`node ${first.node}, ${first.cpus} × ${first.cpu}; load average at the new run's start ${first.loadAverageAtStart.toFixed(1)}`);
console.log('');
console.log(`${pad('row', 96)}${lpad('old', 10)}${lpad('new', 10)}${lpad('new/old', 9)}`);
let slower = 0;
for (const [id, a] of after) {
  const b = before.get(id);
  const n = median(a.xs);
  const o = b ? median(b.xs) : NaN;
  const ratio = n / o;
  if (ratio > 1.1) slower++;
  console.log(`${pad(id.slice(0, 94), 96)}${lpad(Number.isFinite(o) ? fmt(o) : '-', 10)}${lpad(fmt(n), 10)}${lpad(Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : 'new', 9)}${ratio > 1.1 ? '  slower' : ''}`);
}
console.log('');
console.log('Targets: old | new');
const oldTargets = new Map(runs.old[0].targets.map((t) => [t.label, t]));
for (const t of first.targets) {
  const o = oldTargets.get(t.label);
  console.log(`  ${pad(t.label, 72)} ${pad(o ? `${o.figure} ${o.met ? 'MET' : 'NOT MET'}` : '-', 44)} ${t.figure} ${t.met ? 'MET' : 'NOT MET'}`);
}
console.log('');
console.log(`${slower} row${slower === 1 ? '' : 's'} more than 10% slower in the new build (medians; a single run on a busy machine moves rows by that much).`);
