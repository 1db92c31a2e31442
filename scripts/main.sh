#!/usr/bin/env bash
# The main job: install what is missing, build the npm package into pkg/, run the quickstart.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
printf '\033[1m[main]\033[0m node examples/quickstart.mjs\n'
node examples/quickstart.mjs
