#!/usr/bin/env bash
# Build the npm package into pkg/: the wasm (release), its JS glue for Node and for browsers,
# shrunk with binaryen's wasm-opt, plus the facade and declarations from pkg-template/.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1m[build]\033[0m %s\n' "$*"; }

# Three wasm builds of one crate, each with its wasm-bindgen glue:
#   pkg/node/           everything, opt-level 3 (Node reads it from disk: speed, not size)
#   pkg/web/            everything, built for size (profile release-small): the root entry
#   pkg/web-validate/   no conversions (--no-default-features), opt-level 3: the format entries,
#                       so a page that only validates downloads the small wasm
target=target/wasm32-unknown-unknown
say "cargo build (wasm32): release, release-small, release without conversions"
cargo build --quiet --target wasm32-unknown-unknown --release
cargo build --quiet --target wasm32-unknown-unknown --profile release-small
cargo build --quiet --target wasm32-unknown-unknown --release --no-default-features \
  --target-dir target/validate

rm -rf pkg
mkdir -p pkg/node pkg/web pkg/web-validate pkg/types
say "wasm-bindgen: node and web glue"
wasm-bindgen --target nodejs --out-dir pkg/node "$target/release/agent_messages.wasm"
wasm-bindgen --target web --out-dir pkg/web "$target/release-small/agent_messages.wasm"
wasm-bindgen --target web --out-dir pkg/web-validate \
  "target/validate/wasm32-unknown-unknown/release/agent_messages.wasm"
# The Node glue is CommonJS inside a "type": "module" package.
echo '{ "type": "commonjs" }' > pkg/node/package.json

say "wasm-opt"
features=(--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
  --enable-mutable-globals --enable-reference-types --enable-multivalue)
for dir in pkg/node pkg/web pkg/web-validate; do
  level=-O3
  [ "$dir" = pkg/web ] && level=-Oz
  node_modules/.bin/wasm-opt "$level" "${features[@]}" --strip-debug --strip-producers \
    "$dir/agent_messages_bg.wasm" -o "$dir/agent_messages_bg.wasm"
done

say "facade and declarations"
node scripts/build-facade.mjs
cp pkg-template/package.json pkg-template/README.md LICENSE pkg/
cp pkg-template/entries/* pkg/
cp pkg-template/types/*.d.ts pkg/

gz() { gzip -9c "$1" | wc -c; }
say "pkg/ ready: wasm gzipped $(gz pkg/web/agent_messages_bg.wasm) B whole (web/), $(gz pkg/web-validate/agent_messages_bg.wasm) B validation only (web-validate/)"
