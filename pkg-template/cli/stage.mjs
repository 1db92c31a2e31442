// The first stage of the log checks for one thread: a batch (whole JSONL lines, or a JSON
// file's items) in, its result out, parsed from the wasm's text (`\0`-separated sections).
import { glue } from './wasm.mjs';
import { readBlock } from './sources.mjs';

/** `config`: { format, groupBy, strict, maxIssues, maxDepth, kernelTypes, to, now,
 * agentName } (plain data: it crosses to workers). Returns `batch => { result, digest }`: the
 * result's text, and the digest for the second stage (bytes: src/log/digest.rs). A batch
 * given as a file's block (sources.mjs) is read here, by the thread that checks it. */
export function createUnits(config) {
  const units = new glue.LogUnits(options(config));
  const read = blockReader(units);
  return (batch) => {
    let result;
    if (batch.block) {
      const b = read(batch.block);
      result = units.lines_room(b.first, b.to, b.offset);
    } else result = batch.lines ? units.lines(batch.lines, batch.offset) : units.items(batch.items, batch.at, batch.offset);
    return { result, digest: units.take_digest() };
  };
}

/** The first stage for a second stage on this thread: `keep(batch)` checks a batch and keeps
 * its records (no digest), answering the result's text; `feed(second, base)` hands the oldest
 * batch kept to `second`, answering as `second.feed` answers a digest. */
export function createKeeper(config) {
  const units = new glue.LogUnits(options(config));
  const read = blockReader(units);
  return {
    keep: (batch) => {
      if (batch.block) {
        const b = read(batch.block);
        return units.lines_room_kept(b.first, b.to, b.offset);
      }
      return batch.lines ? units.lines_kept(batch.lines, batch.offset) : units.items_kept(batch.items, batch.at, batch.offset);
    },
    feed: (second, base) => units.feed_kept(second, base),
    /** Forget the batches kept (a file given up on). */
    clear: () => units.clear_kept(),
  };
}

/** A file's block read straight into `units`' memory (its room: no copy on the way in). */
function blockReader(units) {
  const room = (n) => {
    const at = units.room(n);
    if (!at) throw new Error(`no memory for a block of ${n} bytes`);
    // (A view made now: the memory may have grown, and an older view would see none of it.)
    return new Uint8Array(glue.wasm_memory().buffer, at, n);
  };
  return (block) => readBlock(block, room);
}

function options(c) {
  return new glue.LogOptions(c.format ?? undefined, c.groupBy ?? undefined, Boolean(c.strict), c.maxIssues, c.maxDepth, c.kernelTypes ?? [], c.to ?? undefined, c.now ?? 0, c.agentName ?? '');
}

/** The second stage for one file (it takes the same options). */
export function createConversations(config) {
  return new glue.LogConversations(options(config));
}

/** A batch's result text as { lines, issues, digest, conversations, converted, losses,
 * stats }. */
export function readResult(text) {
  const [lines, issues, digest, conversations, converted, losses, stats] = text.split('\0');
  return { lines: Number(lines), issues, digest, conversations, converted, losses, stats: JSON.parse(stats) };
}
