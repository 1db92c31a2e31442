// A small timing harness. Each case is one operation `op(input) -> number` over a list of
// inputs (taken in turn). The loop that calls it is generated afresh for every case (new
// Function), so that V8's feedback for one case's call site never mixes with another's and a
// cheap op is not penalised by a megamorphic call left over from the case before.
//
// Per case: calibrate a batch size so that one batch takes about `batchMs`, warm up for
// `warmupMs`, then time `batches` batches with process.hrtime.bigint() and keep the median
// (and the quartiles, as a noise figure). The cases of a group have their batches interleaved
// (see measureGroup). The numbers the op returns are summed and checked
// against what the case expects, so no result can be optimised away and a peer that starts
// failing in the middle of a run is caught.

function makeLoop() {
  // eslint-disable-next-line no-new-func
  return new Function(
    'op',
    'inputs',
    'n',
    `'use strict';
    let acc = 0, j = 0;
    const m = inputs.length;
    for (let i = 0; i < n; i++) {
      acc += op(inputs[j]);
      if (++j === m) j = 0;
    }
    return acc;`,
  );
}

export const PROFILES = {
  full: { batchMs: 20, batches: 21, warmupMs: 250 },
  quick: { batchMs: 5, batches: 5, warmupMs: 60 },
};

function quantile(sorted, q) {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos), hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

function summarize(name, samples, n) {
  samples.sort((a, b) => a - b);
  return {
    name,
    nsPerOp: quantile(samples, 0.5),
    q1: quantile(samples, 0.25),
    q3: quantile(samples, 0.75),
    min: samples[0],
    opsPerBatch: n,
    batches: samples.length,
  };
}

/**
 * Get one case ready: calibrate its batch size and warm it up. `expect(n)` gives the sum the
 * op's results must add up to over n calls (default: n, i.e. every call returns 1).
 */
function prepare({ name, op, inputs, expect = (n) => n }, profile) {
  const loop = makeLoop();
  const run = (n) => {
    const t0 = process.hrtime.bigint();
    const acc = loop(op, inputs, n);
    const ns = Number(process.hrtime.bigint() - t0);
    if (acc !== expect(n)) {
      throw new Error(`${name}: the ops returned ${acc} over ${n} calls, expected ${expect(n)} (a broken case or peer)`);
    }
    return ns;
  };

  // Calibrate: grow n until one batch takes at least a tenth of the target, then scale.
  // Batch sizes are whole multiples of the input count, so every input is used equally and
  // the checksum is exact.
  const unit = inputs.length;
  let n = unit;
  let ns = run(n);
  while (ns < profile.batchMs * 1e5 && n < 1e8) {
    n *= 4;
    ns = run(n);
  }
  // Warm up (this is where the optimising compilers settle), re-estimating the cost.
  const warmEnd = process.hrtime.bigint() + BigInt(Math.round(profile.warmupMs * 1e6));
  let perOp = ns / n;
  while (process.hrtime.bigint() < warmEnd) perOp = run(n) / n;
  n = Math.max(unit, Math.round((profile.batchMs * 1e6) / perOp / unit) * unit);
  return { name, run, n };
}

/** Time one case on its own. */
export function measure(c, profile) {
  const p = prepare(c, profile);
  const samples = [];
  for (let b = 0; b < profile.batches; b++) samples.push(p.run(p.n) / p.n);
  return summarize(p.name, samples, p.n);
}

/**
 * Time the cases of one group together: each is calibrated and warmed up, then their batches
 * are interleaved (A B C A B C ...), so that a slow spell of the machine (another process on
 * a small box, a frequency change) falls on all of them alike and their ratios stay fair.
 */
export function measureGroup(cases, profile, onCase = () => {}) {
  const prepared = cases.map((c, i) => {
    onCase(i, c);
    return prepare(c, profile);
  });
  const samples = prepared.map(() => []);
  for (let b = 0; b < profile.batches; b++) {
    for (let i = 0; i < prepared.length; i++) samples[i].push(prepared[i].run(prepared[i].n) / prepared[i].n);
  }
  return prepared.map((p, i) => summarize(p.name, samples[i], p.n));
}

/** A list of failed checks: `check(what, fn)` records `what` when `fn()` is falsy or throws. */
export function checklist() {
  const failures = [];
  const check = (what, fn) => {
    try {
      if (!fn()) failures.push(what);
    } catch (e) {
      failures.push(`${what} (threw: ${e.message})`);
    }
  };
  return { failures, check };
}

/**
 * The median ms of one call of an async `fn` (the side-by-side benches of async work: the AI
 * SDK's converters, the stream accumulators): two warm-up calls, a batch size that takes about
 * `minMs / 4`, then `batches` batches.
 */
export async function timeAsync(fn, { batches, minMs }) {
  await fn(); await fn();
  let n = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await fn();
    if (performance.now() - t0 >= minMs / 4 || n > 1e6) break;
    n *= 2;
  }
  const per = [];
  for (let b = 0; b < batches; b++) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) await fn();
    per.push((performance.now() - t0) / n);
  }
  per.sort((a, b) => a - b);
  return per[per.length >> 1];
}
