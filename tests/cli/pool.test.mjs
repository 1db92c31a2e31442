// The command line's threads (pkg/cli/pool.mjs): a worker is handed no batch before it says
// it is ready (its wasm compiled), so that the main thread checks the first batches itself
// instead of waiting for a worker that is still starting.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { createPool } from '../../pkg/cli/pool.mjs';

const config = { format: 'openai', maxIssues: 100, maxDepth: 64 };
const lines = (n) => Buffer.from(Array.from({ length: n }, (_, k) => JSON.stringify({ role: 'user', content: `hi ${k}` }) + '\n').join(''));

it('hands a worker no batch before it is ready, and one once it is', async () => {
  const pool = createPool(2, config);
  let idled = 0;
  pool.onIdle = () => idled++;
  try {
    // Just made: its worker is still starting, so it is not idle.
    assert.equal(pool.idle(), false);
    // This thread checks a batch meanwhile, as the log's loop does.
    const kept = pool.keep({ lines: lines(3), offset: 0 });
    assert.match(kept, /^3\0/);
    for (let t = Date.now(); !pool.idle(); ) {
      assert.ok(Date.now() - t < 30_000, 'the worker never said it was ready');
      await new Promise((r) => setTimeout(r, 5));
    }
    // It said so through onIdle, which hands it the batches queued.
    assert.ok(idled >= 1);
    const done = await pool.run({ lines: lines(5), offset: 0 });
    assert.match(done.result, /^5\0/);
    assert.ok(done.digest.length > 0);
  } finally {
    await pool.close();
  }
});
