#!/usr/bin/env bash
# Install what building and testing need, skipping what is already there. Safe to run again.
#   scripts/setup.sh            toolchain for the build (wasm target, wasm-bindgen CLI, npm tools)
#   scripts/setup.sh --browser  also Debian's chromium and chromium-driver, for the browser tests
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# The CLI must be exactly the version of the wasm-bindgen crate in Cargo.lock.
want=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"/\1/p')
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  say "installing wasm-bindgen-cli $want (have: ${have:-none}); this takes a few minutes"
  # Without --locked: the CLI's own lockfile names a crate this registry lacks.
  cargo install wasm-bindgen-cli --version "$want"
fi

# Installed once per content of package.json + package-lock.json (a stamp of their hash, not
# file times: a fresh checkout or git worktree has new times and the same content).
want_npm=$(cat package.json package-lock.json 2>/dev/null | sha256sum | cut -c1-16)
have_npm=$(cat node_modules/.agent-messages-deps 2>/dev/null || true)
if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -x node_modules/.bin/tsc ] || [ ! -x node_modules/.bin/esbuild ] \
  || [ "$have_npm" != "$want_npm" ]; then
  say "installing npm dev tools (binaryen's wasm-opt, esbuild, typescript, vite, playwright-core, bench peers)"
  if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
  echo "$want_npm" > node_modules/.agent-messages-deps
fi

if [ "${1:-}" = "--browser" ]; then
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    say "installing Debian's chromium and chromium-driver"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq chromium chromium-driver >/dev/null
  fi
fi
