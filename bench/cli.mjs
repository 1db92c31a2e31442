#!/usr/bin/env node
// The command line over a generated JSONL log (issue 13): throughput of `check` and `convert`
// in MB/s and messages/s with --jobs 1 and --jobs 2, against the same job as a plain Node
// script (bench/cli-zod.mjs: JSON.parse per line and zod 4) and, for reading alone, `wc -l`
// as the floor; each run a process of its own, timed from outside, one after the other.
//
// The log: OpenAI messages, one per line, each with the `thread_id` of its conversation (a
// question, a tool call, its result, an answer; ~170 bytes a message), 1 GB by default, written
// once to $TMPDIR/agent-messages-bench/ and kept for later runs.
//   node bench/cli.mjs              1 GB
//   node bench/cli.mjs --mb 200     another size
//   node bench/cli.mjs --quick      32 MB (a smoke test)
//   node bench/cli.mjs --json       the figures as JSON
//   node bench/cli.mjs --rounds 5   the runs the targets compare, five times each (3 by default)
// Targets: check at least 2x the Node + zod script with one job, and --jobs 2 at least 1.7x
// --jobs 1. The three runs they compare (the zod script, check --jobs 1 and 2) are run in
// turn, round after round, and each figure is its median (a shared machine's slow spells fall
// on all three alike, and one spell does not make a figure); the other runs once.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsonl } from '../tests/cli/logs.mjs';

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const JSON_OUT = args.includes('--json');
const at = args.indexOf('--mb');
const MB = at >= 0 ? Number(args[at + 1]) : QUICK ? 32 : 1024;
const atRounds = args.indexOf('--rounds');
const ROUNDS = atRounds >= 0 ? Number(args[atRounds + 1]) : QUICK ? 1 : 3;
const BIN = fileURLToPath(new URL('../pkg/bin/agent-messages.mjs', import.meta.url));
const ZOD = fileURLToPath(new URL('./cli-zod.mjs', import.meta.url));
const log = JSON_OUT ? () => {} : (s = '') => process.stdout.write(`${s}\n`);

/** The log of about `mb` MB: copies of 1000 conversations, each copy with call ids and
 * thread ids of its own. */
async function generate(mb) {
  const dir = path.join(os.tmpdir(), 'agent-messages-bench');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `openai-${mb}mb.jsonl`);
  if (existsSync(file) && statSync(file).size >= mb * 1e6) return file;
  const out = createWriteStream(`${file}.tmp`);
  const chunk = jsonl('openai', 1000, { groupBy: 'thread_id', pad: 8 });
  let size = 0;
  for (let k = 0; size < mb * 1e6; k++) {
    const copy = chunk.replaceAll('"call_', `"call_${k}_`).replaceAll('"thread_id":"t', `"thread_id":"t${k}_`);
    if (!out.write(copy)) await once(out, 'drain');
    size += Buffer.byteLength(copy);
  }
  out.end();
  await once(out, 'close');
  const { renameSync } = await import('node:fs');
  renameSync(`${file}.tmp`, file);
  return file;
}

/** Run `cmd args` once: seconds (wall clock) and its stdout. */
function timed(cmd, argv) {
  const t = process.hrtime.bigint();
  const r = spawnSync(cmd, argv, { encoding: 'utf8', maxBuffer: 64 << 20 });
  const s = Number(process.hrtime.bigint() - t) / 1e9;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd} ${argv.join(' ')}: exit ${r.status}\n${r.stderr}`);
  return { s, stdout: r.stdout, stderr: r.stderr, status: r.status };
}

const file = await generate(MB);
const bytes = statSync(file).size;
const lines = Number(timed('wc', ['-l', file]).stdout.trim().split(/\s+/)[0]);
const out = path.join(path.dirname(file), 'converted.jsonl');
const runs = [
  { id: 'wc', label: 'wc -l (reading alone: the floor)', cmd: 'wc', argv: ['-l', file] },
  { id: 'zod', label: 'Node script: JSON.parse + zod 4 per line', cmd: process.execPath, argv: [ZOD, file] },
  ...[1, 2].map((j) => ({ id: `check-${j}`, label: `check --format openai --jobs ${j}`, cmd: process.execPath, argv: [BIN, 'check', '--format', 'openai', '--json', '-q', '--jobs', String(j), file] })),
  ...[1, 2].map((j) => ({ id: `check-detect-${j}`, label: `check (formats detected) --jobs ${j}`, cmd: process.execPath, argv: [BIN, 'check', '--json', '-q', '--jobs', String(j), file] })),
  ...[1, 2].map((j) => ({ id: `check-grouped-${j}`, label: `check --format openai --group-by thread_id --jobs ${j}`, cmd: process.execPath, argv: [BIN, 'check', '--format', 'openai', '--group-by', 'thread_id', '--json', '-q', '--jobs', String(j), file] })),
  ...[1, 2].map((j) => ({ id: `convert-${j}`, label: `convert --from openai --to anthropic --jobs ${j}`, cmd: process.execPath, argv: [BIN, 'convert', '--from', 'openai', '--to', 'anthropic', '-q', '--jobs', String(j), '-o', out, file] })),
];

log(`The command line over ${file}: ${(bytes / 1e6).toFixed(0)} MB, ${lines.toLocaleString('en-US')} messages (OpenAI, one per line)`);
log(`${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}; wall clock; the runs the targets compare: the median of ${ROUNDS} in turn`);
log('');
/** One run, its output checked: seconds. */
function measured(r) {
  const { s, stdout } = timed(r.cmd, r.argv);
  if (r.id.startsWith('check')) {
    const summary = JSON.parse(stdout.trim().split('\n').at(-1));
    if (summary.messages !== lines || summary.errors !== 0) throw new Error(`${r.label}: ${stdout.slice(-400)}`);
  }
  if (r.id === 'zod') {
    const z = JSON.parse(stdout);
    if (z.lines !== lines || z.invalid !== 0) throw new Error(`zod: ${stdout}`);
  }
  return s;
}
const COMPARED = ['zod', 'check-1', 'check-2'];
const times = Object.fromEntries(runs.map((r) => [r.id, []]));
for (let k = 0; k < ROUNDS; k++) for (const r of runs.filter((r) => COMPARED.includes(r.id))) times[r.id].push(measured(r));
const median = (xs) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1];
const results = {};
for (const r of runs) {
  if (!times[r.id].length) times[r.id].push(measured(r));
  const s = median(times[r.id]);
  results[r.id] = { label: r.label, seconds: s, runs: times[r.id], mbPerS: bytes / 1e6 / s, messagesPerS: lines / s };
  const spread = times[r.id].length > 1 ? ` (${Math.min(...times[r.id]).toFixed(2)}-${Math.max(...times[r.id]).toFixed(2)})` : '';
  log(`  ${r.label.padEnd(58)} ${s.toFixed(2).padStart(7)} s ${results[r.id].mbPerS.toFixed(0).padStart(6)} MB/s ${Math.round(results[r.id].messagesPerS).toLocaleString('en-US').padStart(11)} msg/s${spread}`);
}
// What this machine gives two threads: two `check --jobs 1` processes over the same file at
// once, against one alone (shared cores, memory bandwidth and turbo make it less than 2x; no
// --jobs 2 can scale past it).
{
  const argv = runs.find((r) => r.id === 'check-1').argv;
  const t = process.hrtime.bigint();
  await Promise.all([0, 1].map(() => new Promise((resolve, reject) => {
    const p = spawn(process.execPath, argv, { stdio: 'ignore' });
    p.on('exit', (code) => (code === 0 || code === 1 ? resolve() : reject(new Error(`exit ${code}`))));
  })));
  const s = Number(process.hrtime.bigint() - t) / 1e9;
  results['two-processes'] = { label: 'two check --jobs 1 processes at once', seconds: s / 2, mbPerS: (2 * bytes) / 1e6 / s, messagesPerS: (2 * lines) / s };
  log(`  ${'two check --jobs 1 processes at once (both files)'.padEnd(58)} ${s.toFixed(2).padStart(7)} s ${results['two-processes'].mbPerS.toFixed(0).padStart(6)} MB/s ${Math.round(results['two-processes'].messagesPerS).toLocaleString('en-US').padStart(11)} msg/s`);
}
const ratio = (a, b) => results[b].seconds / results[a].seconds;
const targets = [
  { label: 'check, one job, x the Node + zod script', figure: ratio('check-1', 'zod'), want: 2 },
  { label: 'check --jobs 2, x --jobs 1', figure: ratio('check-2', 'check-1'), want: 1.7 },
  { label: 'two processes at once, x one (the machine; no target)', figure: ratio('two-processes', 'check-1') },
  { label: 'convert --jobs 2, x --jobs 1 (no target)', figure: ratio('convert-2', 'convert-1') },
  { label: 'check, one job, x wc -l (the floor; no target)', figure: ratio('check-1', 'wc') },
];
log('');
for (const t of targets) {
  const status = t.want === undefined ? '' : t.figure >= t.want ? `MET (>= ${t.want}x)` : `NOT MET (>= ${t.want}x)`;
  log(`  ${t.label.padEnd(56)} ${t.figure.toFixed(2).padStart(6)}x  ${status}`);
}
if (JSON_OUT) process.stdout.write(`${JSON.stringify({ file, bytes, messages: lines, results, targets })}\n`);
