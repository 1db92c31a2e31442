#!/usr/bin/env bash
# While developing: rebuild only pkg/node/ (the wasm Node and the command line load) and copy
# the command line's files, after a full scripts/build.sh made the rest of pkg/.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet --target wasm32-unknown-unknown --release
wasm-bindgen --target nodejs --out-dir pkg/node target/wasm32-unknown-unknown/release/agent_messages.wasm
echo '{ "type": "commonjs" }' > pkg/node/package.json
node_modules/.bin/wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-reference-types --enable-multivalue --strip-debug --strip-producers \
  pkg/node/agent_messages_bg.wasm -o pkg/node/agent_messages_bg.wasm
rm -rf pkg/bin pkg/cli
cp -r pkg-template/bin pkg-template/cli pkg/
cp pkg-template/package.json pkg/
