// The wasm size budgets, declared once for the consumer test (tests/consumer), which holds the
// package to them, and the benchmark (bench/run.mjs), which prints each size beside its budget.
// KB = 1000 B, gzip -9, after wasm-opt:
// - a page that only validates (each format family's validation build) downloads at most
//   70 KB of wasm;
// - the whole package (the root entry in browsers: every format's conversions, the stream
//   accumulators) has a ceiling against accidental growth, not a goal: raise it only with the
//   reason and the figures in the commit message (`git log -p bench/budgets.mjs` is the history).
export const WASM_GZIP_LIMIT = {
  web: 243_000,
  'web-validate': 70_000,
  'web-validate-anthropic': 70_000,
  'web-validate-ai-sdk': 70_000,
};
