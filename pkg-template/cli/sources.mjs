// What the command line reads: the paths given (files, directories of them, `-` for stdin),
// each as batches of whole units (JSONL lines, or the items of a JSON array file) for the
// workers, read a batch at a time: memory holds a few batches, never a file.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** The extensions a directory's files are read by (others are skipped). */
export const LOG_EXTENSIONS = { '.jsonl': 'jsonl', '.ndjson': 'jsonl', '.json': 'json' };

/** The sources `paths` name, in order (a directory's files sorted by name): `{ name, path,
 * kind, size }` (`path` null for stdin; `kind` 'jsonl', 'json' or 'auto'), or `{ name, error }`
 * for one that cannot be read. */
export async function expand(paths) {
  const out = [];
  for (const p of paths) {
    if (p === '-') {
      out.push({ name: '<stdin>', path: null, kind: 'auto', size: null });
      continue;
    }
    let info;
    try {
      info = await stat(p);
    } catch (e) {
      out.push({ name: p, error: e.code ? `${e.code}: ${e.message.replace(/^\w+: /, '')}` : String(e) });
      continue;
    }
    if (info.isDirectory()) {
      out.push(...(await walk(p)));
    } else {
      out.push({ name: p, path: p, kind: LOG_EXTENSIONS[path.extname(p).toLowerCase()] ?? 'auto', size: info.size });
    }
  }
  return out;
}

async function walk(dir) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (e) {
    return [{ name: dir, error: `${e.code ?? 'error'}: ${e.message}` }];
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const out = [];
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(p)));
    else if (e.isFile() && LOG_EXTENSIONS[path.extname(e.name).toLowerCase()]) {
      const info = await stat(p);
      out.push({ name: p, path: p, kind: LOG_EXTENSIONS[path.extname(e.name).toLowerCase()], size: info.size });
    }
  }
  return out;
}

/** The source's batches: `{ block, bytes }` (a JSONL file's block, read by whichever thread
 * checks it: [`readBlock`]), `{ lines: Buffer, offset }` (JSONL from stdin, whole lines) or
 * `{ items: Buffer, at: Uint32Array, offset }` (a JSON file's items: start, end, line
 * (0-based), column per item); `offset`: where the batch's bytes start in the source. A file
 * read by blocks stays open until `closeSource(source)`. */
export async function* batches(source, batchBytes) {
  if (source.path === null) yield* streamBatches(process.stdin, source.kind, batchBytes);
  else yield* fileBatches(source, batchBytes);
}

/** Close what reading `source` left open (a file read by blocks). */
export function closeSource(source) {
  source.close?.();
  source.close = null;
}

/** A file's batches. A JSONL file is cut into blocks of `batchBytes` that the thread checking
 * each reads itself (file descriptors are the process's: a worker reads with this thread's),
 * so that this thread, which also runs the second stage, reads only the blocks it checks. */
async function* fileBatches(source, batchBytes) {
  const fd = openSync(source.path, 'r');
  let open = false;
  try {
    let head = Buffer.alloc(0);
    let kind = source.kind;
    if (kind === 'auto') {
      // The kind from the first line, read to its end.
      const parts = [];
      for (;;) {
        const chunk = Buffer.allocUnsafeSlow(1 << 16);
        const n = readFull(fd, chunk, 0, null);
        parts.push(chunk.subarray(0, n));
        if (n < chunk.length || parts.at(-1).indexOf(10) >= 0) break;
      }
      head = Buffer.concat(parts);
      kind = sniff(head);
    }
    if (kind !== 'jsonl') {
      // (After the bytes read to tell the kind.)
      yield* itemBatches(fileChunks(fd, head, batchBytes), batchBytes);
      return;
    }
    const size = fstatSync(fd).size;
    source.close = () => closeSync(fd);
    open = true;
    for (let start = 0; start < size; start += batchBytes) {
      const last = start + batchBytes >= size;
      yield { block: { fd, start, size: batchBytes, last }, bytes: Math.min(batchBytes, size - start) };
    }
  } finally {
    if (!open) closeSync(fd);
  }
}

/** Memory for blocks on this thread, reused: fresh memory for every block cost more than
 * reading it (the system maps and clears each page anew). */
let scratch = Buffer.alloc(0);

/** `n` bytes of this thread's block memory, the bytes there kept (a block read on). */
function scratchRoom(n) {
  if (scratch.length < n || scratch.length > 4 * n) {
    const bigger = Buffer.allocUnsafeSlow(n);
    if (scratch.length < n) scratch.copy(bigger);
    scratch = bigger;
  }
  return scratch;
}

/** A block of a JSONL file: the lines that start at one of its bytes `[start, start + size)`,
 * whole (the last block's, to the end of the file however long it has grown). So blocks cut
 * a file into its lines, each once and in order, whichever thread reads which; a block inside
 * a line longer than itself holds none. Read into `room(n)`: memory of at least `n` bytes
 * that keeps the bytes of the room before it (by default, this thread's, reused). Returns
 * `{ lines, first, to, offset }`: the lines are bytes `first..to` of the room, which holds them
 * until the next block is read. */
export function readBlock({ fd, start, size, last }, room = scratchRoom) {
  // From the byte before `start`: a line starts at `start` when that byte is a newline.
  const from = Math.max(0, start - 1);
  const end = start + size;
  let buf = room(end - from + 256);
  let n = readFull(fd, buf, 0, from);
  /** Read on, into twice the memory. */
  const more = () => {
    buf = room(buf.length * 2);
    n += readFull(fd, buf, n, from + n);
  };
  // The last block holds every line from `start` on: the file's end.
  if (last) while (n === buf.length) more();
  // The block's first line: after the first newline of bytes [start - 1, end - 1) (the last
  // block's: of all its bytes).
  const first = start === 0 ? 0 : buf.subarray(0, last ? n : Math.min(n, end - 1 - from)).indexOf(10) + 1;
  if (first === 0 && start > 0) return { lines: buf.subarray(0, 0), first: 0, to: 0, offset: start };
  // Its last line ends at the first newline from byte `end - 1` on (or at the file's end).
  let stop = last ? -1 : buf.subarray(0, n).indexOf(10, end - 1 - from);
  while (stop < 0 && n === buf.length) {
    const seen = n;
    more();
    stop = buf.subarray(0, n).indexOf(10, Math.max(seen, end - 1 - from));
  }
  const to = Math.max(first, stop < 0 ? n : stop + 1);
  return { lines: buf.subarray(first, to), first, to, offset: from + first };
}

/** `head`, then the rest of `fd` in chunks of `size`. */
function* fileChunks(fd, head, size) {
  if (head.length) yield head;
  for (;;) {
    const chunk = Buffer.allocUnsafeSlow(size);
    const n = readFull(fd, chunk, 0, null);
    if (n > 0) yield chunk.subarray(0, n);
    if (n < size) return;
  }
}

/** Fill `buf` from its byte `from` on, with `fd`'s bytes from `position` (`null`: the file's
 * own position): how many bytes were read (fewer than asked at the end of the file). */
function readFull(fd, buf, from = 0, position = null) {
  let n = from;
  while (n < buf.length) {
    const r = readSync(fd, buf, n, buf.length - n, position === null ? null : position + n - from);
    if (r === 0) break;
    n += r;
  }
  return n - from;
}

/** A stream's batches (stdin). */
async function* streamBatches(stream, kind, batchBytes) {
  const chunks = stream[Symbol.asyncIterator]();
  // The kind of an unnamed source, from its first line: JSON text on one line is JSONL.
  let first = [];
  if (kind === 'auto') {
    let head = Buffer.alloc(0);
    for (;;) {
      const { value, done } = await chunks.next();
      if (done) break;
      first.push(value);
      head = Buffer.concat([head, value]);
      if (head.indexOf(10) >= 0) break;
    }
    kind = sniff(head);
  }
  const all = (async function* () {
    yield* first;
    first = null;
    for (;;) {
      const { value, done } = await chunks.next();
      if (done) return;
      yield value;
    }
  })();
  if (kind === 'jsonl') yield* lineBatches(all, batchBytes);
  else yield* itemBatches(all, batchBytes);
}

/** 'jsonl' when the text's first line is JSON on its own (or there is no second line),
 * 'json' for a document spread over lines. */
export function sniff(head) {
  const nl = head.indexOf(10);
  if (nl < 0) return 'jsonl';
  try {
    JSON.parse(head.subarray(0, nl).toString('utf8'));
    return 'jsonl';
  } catch {
    return 'json';
  }
}

async function* lineBatches(chunks, batchBytes) {
  let pending = [];
  let pendingBytes = 0;
  let offset = 0;
  for await (const chunk of chunks) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes < batchBytes) continue;
    const last = chunk.lastIndexOf(10);
    if (last < 0) continue;
    const whole = Buffer.concat(pending, pendingBytes);
    const cut = whole.length - (chunk.length - last - 1);
    yield { lines: whole.subarray(0, cut), offset };
    offset += cut;
    pending = cut < whole.length ? [whole.subarray(cut)] : [];
    pendingBytes = whole.length - cut;
  }
  if (pendingBytes > 0) yield { lines: Buffer.concat(pending, pendingBytes), offset };
}

/** The items of a JSON document: a top-level array's items, or the document itself as one
 * item. Each item's bytes are kept whole; batches of about `batchBytes`. */
async function* itemBatches(chunks, batchBytes) {
  const s = new ItemSplitter();
  for await (const chunk of chunks) {
    s.push(chunk);
    if (s.readyBytes() >= batchBytes) yield s.take();
  }
  s.end();
  if (s.count() > 0) yield s.take();
}

// Bytes: quote, backslash, brackets, comma, newline.
const Q = 34, BS = 92, LB = 91, RB = 93, LC = 123, RC = 125, COMMA = 44, NL = 10;

/** Splits a JSON document into its top-level array's items as bytes arrive, with each item's
 * line and column (characters) where it starts. Text that is no array is one item, whose
 * parse reports what is wrong with it. */
class ItemSplitter {
  constructor() {
    this.buf = Buffer.alloc(0);
    this.pos = 0; // scanned up to here in buf
    this.depth = 0;
    this.inString = false;
    this.escape = false;
    this.array = null; // true once '[' opens the document, false for another document
    this.start = -1; // start of the item being read, in buf
    this.startLine = 0;
    this.startColumn = 0;
    this.line = 0;
    this.column = 1; // of buf[pos]
    this.items = []; // [start, end, line, column] in buf
    this.dropped = 0; // bytes of the document before buf[0]
  }

  push(chunk) {
    if (this.buf.length === this.pos && this.start < 0 && this.items.length === 0) {
      this.dropped += this.buf.length;
      this.buf = chunk;
      this.pos = 0;
    } else {
      this.buf = Buffer.concat([this.buf, chunk]);
    }
    this.scan();
  }

  scan() {
    const b = this.buf;
    for (let i = this.pos; i < b.length; i++) {
      const c = b[i];
      if (this.inString) {
        if (this.escape) this.escape = false;
        else if (c === BS) this.escape = true;
        else if (c === Q) this.inString = false;
      } else if (this.array === null) {
        if (c === LB) this.array = true;
        else if (c > 32) {
          this.array = false;
          this.begin(i);
          if (c === Q) this.inString = true;
          else if (c === LC) this.depth = 1;
        }
      } else if (this.array === false) {
        if (c === Q) this.inString = true;
      } else if (c === Q) {
        if (this.start < 0) this.begin(i);
        this.inString = true;
      } else if (c === LB || c === LC) {
        if (this.start < 0) this.begin(i);
        this.depth++;
      } else if (c === RB || c === RC) {
        if (this.depth === 0) {
          this.close(i); // the document's closing bracket
        } else this.depth--;
      } else if (c === COMMA && this.depth === 0) {
        this.close(i);
      } else if (c > 32 && this.start < 0) {
        this.begin(i);
      }
      if (c === NL) {
        this.line++;
        this.column = 1;
      } else if ((c & 0xc0) !== 0x80) this.column++;
    }
    this.pos = b.length;
  }

  begin(i) {
    this.start = i;
    this.startLine = this.line;
    this.startColumn = this.column;
  }

  close(i) {
    if (this.start >= 0) {
      let end = i;
      while (end > this.start && this.buf[end - 1] <= 32) end--;
      this.items.push(this.start, end, this.startLine, this.startColumn);
    }
    this.start = -1;
  }

  end() {
    // A document that is no array, or an array left open: what was read is one item.
    if (this.start >= 0) {
      let end = this.buf.length;
      while (end > this.start && this.buf[end - 1] <= 32) end--;
      this.items.push(this.start, end, this.startLine, this.startColumn);
      this.start = -1;
    }
  }

  count() {
    return this.items.length / 4;
  }

  readyBytes() {
    return this.items.length ? this.items[this.items.length - 3] - this.items[0] : 0;
  }

  /** The items read so far, as a batch; their bytes leave the buffer. */
  take() {
    const first = this.items[0];
    const last = this.items[this.items.length - 3];
    const bytes = Buffer.from(this.buf.subarray(first, last));
    const at = new Uint32Array(this.items.length);
    for (let n = 0; n < this.items.length; n += 4) {
      at[n] = this.items[n] - first;
      at[n + 1] = this.items[n + 1] - first;
      at[n + 2] = this.items[n + 2];
      at[n + 3] = this.items[n + 3];
    }
    this.items = [];
    const offset = this.dropped + first;
    // Keep only what an open item still needs.
    const keep = this.start >= 0 ? this.start : this.pos;
    this.buf = this.buf.subarray(keep);
    this.dropped += keep;
    if (this.start >= 0) this.start = 0;
    this.pos -= keep;
    return { items: bytes, at, offset };
  }
}
