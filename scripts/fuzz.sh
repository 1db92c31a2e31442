#!/usr/bin/env bash
# Coverage-guided fuzzing of the core (fuzz/, cargo fuzz with libFuzzer on nightly Rust; the
# product itself builds on stable). Installs what it needs the first time.
#   scripts/fuzz.sh TARGET [MINUTES]    run one target (default 1 minute; fractions work:
#                                       0.5); findings go to fuzz/artifacts/TARGET/, the
#                                       corpus grows in fuzz/corpus/TARGET/
#   scripts/fuzz.sh --smoke [SECONDS]   every target for a few seconds (default 5) from its
#                                       seeds: the test command's short run
#   scripts/fuzz.sh --list              the targets
# The seed corpora and the dictionary of every format's keys and literals are written from
# the native tests' generators and ../shared/fixtures (write_fuzz_seeds in
# tests/native/fuzz_replay.rs) before a target's first run. A finding: minimise it
# (cargo +nightly fuzz tmin TARGET FILE, in fuzz/), fix it, and keep it in
# fuzz/regressions/TARGET/ with a name that says what it found: the native tests replay it.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz
# A run prints a line per new input; this keeps the last lines and the verdict.
seeds() {
  if [ ! -f fuzz/corpus/formats.dict ]; then
    FUZZ_SEEDS="$root/fuzz/corpus" cargo test --release --quiet --test native write_fuzz_seeds \
      -- --ignored >/dev/null
  fi
}
run() { # TARGET SECONDS
  local log
  log=$(mktemp)
  mkdir -p "fuzz/corpus/$1"
  # (The law leaks a few short strings by design: tests/native/convert_law.rs, leak.)
  if (cd fuzz && ASAN_OPTIONS=detect_leaks=0 cargo +nightly fuzz run -O "$1" "corpus/$1" -- -max_total_time="$2" \
      -max_len=65536 -timeout=20 -rss_limit_mb=4096 -detect_leaks=0 -dict=corpus/formats.dict \
      -print_final_stats=1) >"$log" 2>&1; then
    grep -E '^#[0-9]+.*(DONE|pulse)' "$log" | tail -1 | sed "s/^/$1: /"
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added)' "$log" \
      | sed "s/^/$1: /"
    rm -f "$log"
  else
    grep -vE '^#[0-9]+' "$log" | tail -40
    echo "$1: a finding (above; the input is in fuzz/artifacts/$1/; the whole log: $log)" >&2
    return 1
  fi
}
case "${1:-}" in
  --list)
    (cd fuzz && cargo +nightly fuzz list)
    ;;
  --smoke)
    seeds
    (cd fuzz && cargo +nightly fuzz build -O)
    for target in $(cd fuzz && cargo +nightly fuzz list); do
      run "$target" "${2:-5}"
    done
    ;;
  "")
    echo "usage: scripts/fuzz.sh TARGET [MINUTES] | --smoke [SECONDS] | --list" >&2
    exit 2
    ;;
  *)
    seeds
    run "$1" "$(awk -v m="${2:-1}" 'BEGIN { printf "%d", m * 60 }')"
    ;;
esac
