#!/usr/bin/env bash
# Build the npm package into pkg/: the wasm (release), its JS glue for Node and for browsers,
# shrunk with binaryen's wasm-opt, plus the facade and declarations from pkg-template/.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1m[build]\033[0m %s\n' "$*"; }

# Five wasm builds of one crate, each with its wasm-bindgen glue:
#   pkg/node/                     everything, opt-level 3 (Node reads it from disk: speed), with
#                                 the command line's log checks (cargo feature cli)
#   pkg/web/                      everything a browser uses (cargo feature browser), built for
#                                 size (profile release-small): the root
#   pkg/web-validate/             the seed formats (Kernel, swarm, Agens, Bedrock, OpenAI), no
#                                 conversions, opt-level 3: their browser entries
#   pkg/web-validate-anthropic/   Anthropic Messages alone, the same way: its browser entry
#   pkg/web-validate-ai-sdk/      the AI SDK's ModelMessage and UIMessage: its browser entry
# so a page that only validates one family's messages downloads that family's wasm alone.
target=target/wasm32-unknown-unknown
say "cargo build (wasm32): release, release-small, and without conversions one build per family"
cargo build --quiet --target wasm32-unknown-unknown --release
cargo build --quiet --target wasm32-unknown-unknown --profile release-small --no-default-features \
  --features browser --target-dir target/web
# The validation builds, one family each (the cargo features of src/formats/mod.rs), each in
# a target directory of its own so that none rebuilds another's.
VALIDATE=(web-validate:seed web-validate-anthropic:anthropic web-validate-ai-sdk:ai-sdk)
for build in "${VALIDATE[@]}"; do
  cargo build --quiet --target wasm32-unknown-unknown --release --no-default-features \
    --features "${build#*:}" --target-dir "target/${build%%:*}"
done

rm -rf pkg
mkdir -p pkg/node pkg/web pkg/types
say "wasm-bindgen: node and web glue"
wasm-bindgen --target nodejs --out-dir pkg/node "$target/release/agent_messages.wasm"
wasm-bindgen --target web --out-dir pkg/web "target/web/wasm32-unknown-unknown/release-small/agent_messages.wasm"
for build in "${VALIDATE[@]}"; do
  dir=${build%%:*}
  mkdir -p "pkg/$dir"
  wasm-bindgen --target web --out-dir "pkg/$dir" "target/$dir/wasm32-unknown-unknown/release/agent_messages.wasm"
done
# The Node glue is CommonJS inside a "type": "module" package.
echo '{ "type": "commonjs" }' > pkg/node/package.json

say "wasm-opt"
features=(--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
  --enable-mutable-globals --enable-reference-types --enable-multivalue)
for dir in pkg/node pkg/web pkg/web-validate pkg/web-validate-anthropic pkg/web-validate-ai-sdk; do
  level=-O3
  [ "$dir" = pkg/web ] && level=-Oz
  node_modules/.bin/wasm-opt "$level" "${features[@]}" --strip-debug --strip-producers \
    "$dir/agent_messages_bg.wasm" -o "$dir/agent_messages_bg.wasm"
done

say "facade and declarations"
cp pkg-template/package.json pkg-template/README.md LICENSE pkg/
cp pkg-template/entries/* pkg/
cp pkg-template/types/*.d.ts pkg/
# The command line (pkg/bin/agent-messages.mjs, pkg/cli/): it loads pkg/node/ itself.
cp -r pkg-template/bin pkg-template/cli pkg/
# After the copies: it writes the shortcuts into the root entries and their declarations.
node scripts/build-facade.mjs

gz() { gzip -9c "$1" | wc -c; }
say "pkg/ ready: wasm gzipped $(gz pkg/web/agent_messages_bg.wasm) B whole (web/); validation only: $(gz pkg/web-validate/agent_messages_bg.wasm) B seed formats (web-validate/), $(gz pkg/web-validate-anthropic/agent_messages_bg.wasm) B Anthropic, $(gz pkg/web-validate-ai-sdk/agent_messages_bg.wasm) B AI SDK"
