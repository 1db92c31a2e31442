#!/usr/bin/env bash
# The main job: install what is missing, build the npm package into pkg/, then serve the
# playground (www/) on http://127.0.0.1:8080 until stopped (PORT=... to change the port).
# `--quickstart` runs examples/quickstart.mjs instead of serving.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
if [[ "${1:-}" == "--quickstart" ]]; then
  printf '\033[1m[main]\033[0m node examples/quickstart.mjs\n'
  exec node examples/quickstart.mjs
fi
printf '\033[1m[main]\033[0m node scripts/serve.mjs (the playground)\n'
exec node scripts/serve.mjs
