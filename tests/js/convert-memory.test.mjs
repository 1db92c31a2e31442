// Conversions allocate in a bump arena (src/arena.rs): what one conversion drops is reused by
// the next, and what outlives it keeps only its own chunk. Seen from outside: the wasm's
// memory stops growing once the first conversions have run, whatever runs between them.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as api from '../../pkg/index.mjs';
import * as FC from '../../bench/fixtures-convert.mjs';

const wasm = createRequire(import.meta.url)('../../pkg/node/agent_messages.js');
const bytes = () => wasm.wasm_memory().buffer.byteLength;

const lists = { openai: FC.openaiConversation(1), kernel: FC.kernelConversation(2), agens: FC.agensConversation(3) };
const pairs = [['openai', 'anthropic'], ['kernel', 'openai'], ['openai', 'kernel'], ['agens', 'openai'], ['openai', 'ai-sdk']];

function round() {
  for (const [from, to] of pairs) {
    const r = api.convert(lists[from], { from, to });
    assert.ok(r.messages.length > 0);
    // Other calls between conversions allocate outside the arena.
    assert.ok(api[from].validateMany(lists[from]).every((v) => v.ok));
  }
  api.checkConversation(lists.kernel, { format: 'kernel' });
  // A conversion that fails (its issues are the result) and one that throws in JS.
  assert.throws(() => api.convert([{ role: 'nobody' }], { from: 'openai', to: 'kernel' }), api.ValidationError);
}

test('the wasm memory stops growing over repeated conversions', () => {
  for (let n = 0; n < 20; n++) round();
  const settled = bytes();
  for (let n = 0; n < 300; n++) round();
  assert.equal(bytes(), settled, `grew from ${settled} to ${bytes()} bytes`);
});

test('converted messages are the same after hundreds of conversions as after the first', () => {
  const first = pairs.map(([from, to]) => JSON.stringify(api.convert(lists[from], { from, to, now: () => 1e12 }).messages.map(({ id, ...m }) => m)));
  for (let n = 0; n < 100; n++) round();
  const later = pairs.map(([from, to]) => JSON.stringify(api.convert(lists[from], { from, to, now: () => 1e12 }).messages.map(({ id, ...m }) => m)));
  assert.deepEqual(later, first);
});
