#!/usr/bin/env bash
# Coverage-guided fuzzing of the core (fuzz/, cargo fuzz with libFuzzer on nightly Rust; the
# product itself builds on stable). Installs what it needs the first time.
#   scripts/fuzz.sh TARGET [SECONDS]    run one target (default 60 s); findings go to
#                                       fuzz/artifacts/TARGET/, the corpus grows in
#                                       fuzz/corpus/TARGET/
#   scripts/fuzz.sh --list              the targets
set -euo pipefail
cd "$(dirname "$0")/.."
rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz
cd fuzz
if [ "${1:-}" = "--list" ]; then
  cargo +nightly fuzz list
  exit 0
fi
target=${1:?usage: scripts/fuzz.sh TARGET [SECONDS] (--list for the targets)}
seconds=${2:-60}
cargo +nightly fuzz run -O "$target" -- -max_total_time="$seconds" -max_len=65536
