#!/usr/bin/env bash
# Every test, from a fresh machine: set-up, lint, native Rust tests, wasm tests under Node, the
# build, then the JavaScript layers against the built pkg/ (CJS and ESM, types, headless
# Chromium, an installed tarball), a short run of every fuzz target, and a quick run of the
# benchmark as a smoke test.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n\033[1m[test]\033[0m %s\n' "$*"; }

# A clean clone's whole run writes about 3.1 GB of build output (measured at its peak, with the
# settings below); say so up front instead of failing half-way with "No space left on device"
# (a CI run did). Incremental caches and full debug info serve an edit loop, not one run: off.
NEED_GB=4
export CARGO_INCREMENTAL=0 CARGO_PROFILE_DEV_DEBUG=line-tables-only
free_kb=$(df -Pk . | awk 'NR == 2 { print $4 }')
if (( free_kb < NEED_GB * 1024 * 1024 )); then
  echo "scripts/test.sh: $((free_kb / 1024)) MB free on $(df -P . | awk 'NR == 2 { print $6 }'), needs about ${NEED_GB} GB for the builds" >&2
  exit 1
fi

step "set-up"
bash scripts/setup.sh --browser

step "cargo fmt --check, cargo clippy (native and wasm32)"
cargo fmt --all -- --check
(cd fuzz && cargo fmt -- --check)
cargo clippy --quiet --all-targets -- -D warnings
cargo clippy --quiet --target wasm32-unknown-unknown --all-targets -- -D warnings
# The browsers' builds: one format family each, without the conversions' exports, and the
# whole browser build (no command line).
for family in seed anthropic ai-sdk browser; do
  cargo clippy --quiet --target wasm32-unknown-unknown --no-default-features --features "$family" \
    --lib -- -D warnings
done

step "cargo test (native core)"
cargo test --quiet

step "cargo test --target wasm32-unknown-unknown (binding layer under Node)"
cargo test --target wasm32-unknown-unknown --test wasm

step "build pkg/"
bash scripts/build.sh

step "node --test: the package in CJS and ESM, types, Chromium, installed tarball, its command line"
node --test --test-concurrency=1 tests/js/ tests/types/ tests/browser/ tests/consumer/ tests/cli/

step "fuzz --smoke: every fuzz target for a few seconds from its seeds (nightly Rust, cargo-fuzz)"
bash scripts/fuzz.sh --smoke 5

step "bench --quick (smoke: it runs and its peers agree with us)"
node bench/run.mjs --quick

step "examples/quickstart.mjs"
node examples/quickstart.mjs > /dev/null
echo "all tests passed"
