#!/usr/bin/env bash
# Build the npm package into pkg/: the wasm (release), its JS glue for Node and for browsers,
# shrunk with binaryen's wasm-opt, plus the facade and declarations from pkg-template/.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1m[build]\033[0m %s\n' "$*"; }

say "cargo build (wasm32, release)"
cargo build --quiet --target wasm32-unknown-unknown --release
wasm=target/wasm32-unknown-unknown/release/agent_messages.wasm

rm -rf pkg
mkdir -p pkg/node pkg/web pkg/types
say "wasm-bindgen: node and web glue"
wasm-bindgen --target nodejs --out-dir pkg/node "$wasm"
wasm-bindgen --target web --out-dir pkg/web "$wasm"
# The Node glue is CommonJS inside a "type": "module" package.
echo '{ "type": "commonjs" }' > pkg/node/package.json

say "wasm-opt -O3"
for dir in pkg/node pkg/web; do
  node_modules/.bin/wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
    --strip-debug --strip-producers "$dir/agent_messages_bg.wasm" -o "$dir/agent_messages_bg.wasm"
done

say "facade and declarations"
node scripts/build-facade.mjs
cp pkg-template/package.json pkg-template/README.md LICENSE pkg/
cp pkg-template/entries/* pkg/
cp pkg-template/types/*.d.ts pkg/

raw=$(wc -c < pkg/web/agent_messages_bg.wasm)
gz=$(gzip -9c pkg/web/agent_messages_bg.wasm | wc -c)
say "pkg/ ready: wasm $raw bytes, $gz gzipped"
