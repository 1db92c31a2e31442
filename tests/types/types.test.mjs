// node:test entry for `node --test tests/types/` (scripts/test.sh): runs run.mjs, which type-checks
// kernel.types.ts against pkg/ and proves, by mutating the transcription, that it can fail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

test('type test of the published declarations (tsc on kernel.types.ts, plus mutants)', () => {
  const run = spawnSync(process.execPath, [fileURLToPath(new URL('./run.mjs', import.meta.url))], { encoding: 'utf8' });
  const out = (run.stdout + run.stderr).trim();
  const last = out.split('\n').at(-1);
  assert.equal(run.status, 0, out);
  assert.match(last, /^\d+ passed, 0 failed$/, out);
});
