// How the command line reads a file into batches (pkg/cli/sources.mjs): a JSONL file as blocks
// that cut it into whole lines, each once and in order, whatever the block size and line
// lengths and whichever thread reads which block; a JSON file as its items; the kind of an
// unnamed file from its first line.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { batches, closeSource, readBlock } from '../../pkg/cli/sources.mjs';

let dir;
before(async () => (dir = await mkdtemp(path.join(tmpdir(), 'am-sources-'))));
after(() => rm(dir, { recursive: true, force: true }));

async function file(name, text) {
  const p = path.join(dir, name);
  await writeFile(p, text);
  return p;
}

/** The source's batches, each block read (as the thread checking it reads it) and copied
 * out of the memory the next block reuses. */
async function all(source, size) {
  const out = [];
  try {
    for await (const b of batches(source, size)) {
      if (!b.block) out.push(b);
      else {
        const { lines, offset } = readBlock(b.block);
        out.push({ lines: Buffer.from(lines), offset, bytes: b.bytes });
      }
    }
  } finally {
    closeSource(source);
  }
  return out;
}

/** Lines of lengths from a small generator: short ones, and some longer than a batch. */
function lines(count, seed) {
  let x = seed;
  const out = [];
  for (let n = 0; n < count; n++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    const len = x % 7 === 0 ? 300 + (x % 500) : x % 60;
    out.push(`{"n":${n},"s":"${'é'.repeat(len % 3)}${'x'.repeat(len)}"}`);
  }
  return out;
}

describe('reading a JSONL file in batches', () => {
  for (const [size, end] of [[64, '\n'], [100, ''], [1 << 10, '\n'], [1 << 20, '']]) {
    it(`cuts blocks of ${size} bytes into whole lines, each once, in order (${end ? 'ending' : 'no'} newline at the end)`, async () => {
      const text = lines(400, size).join('\n') + end;
      const p = await file(`l${size}.jsonl`, text);
      const bytes = Buffer.from(text);
      const source = { name: p, path: p, kind: 'jsonl' };
      const blocks = [];
      for await (const b of batches(source, size)) blocks.push(b);
      assert.equal(blocks.reduce((n, b) => n + b.bytes, 0), bytes.length, 'the blocks span the file');
      // Read in any order (as threads do), each in the memory its thread reuses.
      const read = new Array(blocks.length);
      for (const k of blocks.keys()) {
        const at = k % 2 ? k : blocks.length - 1 - k;
        const { lines, offset } = readBlock(blocks[at].block);
        read[at] = { lines: Buffer.from(lines), offset };
      }
      closeSource(source);
      let offset = 0;
      for (const [k, b] of read.entries()) {
        if (!b.lines.length) continue;
        assert.equal(b.offset, offset);
        assert.ok(b.offset >= blocks[k].block.start && b.offset < blocks[k].block.start + size, 'a line belongs to the block it starts in');
        assert.deepEqual(b.lines, bytes.subarray(offset, offset + b.lines.length));
        offset += b.lines.length;
        assert.ok(b.lines.at(-1) === 10 || offset === bytes.length, 'a block ends its last line');
      }
      assert.equal(offset, bytes.length, 'every byte, once');
      if (size < 1 << 20) assert.ok(read.filter((b) => b.lines.length).length > 3, `${read.length} blocks`);
    });
  }

  it('reads what a log being written gains after it was measured with its last block', async () => {
    // Measured with its last line half written.
    const p = await file('grows.jsonl', '{"a":1}\n{"b":2}\n{"s":"xx');
    const source = { name: p, path: p, kind: 'jsonl' };
    const blocks = [];
    for await (const b of batches(source, 4)) blocks.push(b);
    // That line ends far past the memory a block is first read into, and another follows.
    const grown = `{"a":1}\n{"b":2}\n{"s":"xx${'x'.repeat(5000)}"}\n{"d":4}\n`;
    await writeFile(p, grown);
    const text = blocks.map((b) => Buffer.from(readBlock(b.block).lines).toString()).join('');
    closeSource(source);
    assert.equal(text, grown);
  });

  it('reads a line many times longer than a batch whole', async () => {
    const long = `{"s":"${'y'.repeat(50_000)}"}`;
    const text = `{"a":1}\n${long}\n{"b":2}\n`;
    const p = await file('long.jsonl', text);
    const got = await all({ name: p, path: p, kind: 'jsonl' }, 100);
    const texts = got.map((b) => Buffer.from(b.lines).toString());
    assert.equal(texts.join(''), text);
    assert.ok(texts.some((t) => t.includes(long)), 'the long line in one batch');
  });

  it('reads an empty file as no batch', async () => {
    const p = await file('empty.jsonl', '');
    assert.deepEqual(await all({ name: p, path: p, kind: 'jsonl' }, 64), []);
  });

  it('tells JSONL from a JSON document by the first line when the name does not', async () => {
    const jl = await file('a.log', '{"a":1}\n{"b":2}\n');
    const [b] = await all({ name: jl, path: jl, kind: 'auto' }, 1 << 20);
    assert.equal(Buffer.from(b.lines).toString(), '{"a":1}\n{"b":2}\n');
    // A first line longer than the piece the kind is read from.
    const long = `{"s":"${'z'.repeat(200_000)}"}\n{"b":2}\n`;
    const jl2 = await file('c.log', long);
    assert.equal((await all({ name: jl2, path: jl2, kind: 'auto' }, 1 << 20)).map((b) => Buffer.from(b.lines).toString()).join(''), long);
    const doc = await file('b.log', '[\n  {"a":1},\n  {"b":2}\n]\n');
    const [d] = await all({ name: doc, path: doc, kind: 'auto' }, 1 << 20);
    assert.equal(d.lines, undefined);
    const items = [];
    for (let n = 0; n < d.at.length; n += 4) items.push([d.items.subarray(d.at[n], d.at[n + 1]).toString(), d.at[n + 2], d.at[n + 3]]);
    assert.deepEqual(items, [['{"a":1}', 1, 3], ['{"b":2}', 2, 3]]);
  });

  it('throws the system error of a file that cannot be opened', async () => {
    const p = path.join(dir, 'missing.jsonl');
    await assert.rejects(all({ name: p, path: p, kind: 'jsonl' }, 64), { code: 'ENOENT' });
  });
});
