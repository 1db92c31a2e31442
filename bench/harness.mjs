// A small timing harness. Each case is one operation `op(input) -> number` over a list of
// inputs (taken in turn). The loop that calls it is generated afresh for every case (new
// Function), so that V8's feedback for one case's call site never mixes with another's and a
// cheap op is not penalised by a megamorphic call left over from the case before.
//
// Per case: calibrate a batch size so that one batch takes about `batchMs`, warm up for
// `warmupMs`, then time `batches` batches with process.hrtime.bigint() and keep the median
// (and the quartiles, as a noise figure). The numbers the op returns are summed and checked
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
  full: { batchMs: 25, batches: 15, warmupMs: 300 },
  quick: { batchMs: 4, batches: 3, warmupMs: 30 },
};

function quantile(sorted, q) {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos), hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/**
 * Time one case. `expect(n)` gives the sum the op's results must add up to over n calls
 * (default: n, i.e. every call returns 1).
 */
export function measure({ name, op, inputs, expect = (n) => n }, profile) {
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

  const samples = [];
  for (let b = 0; b < profile.batches; b++) samples.push(run(n) / n);
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
