// The first stage of the log checks for one thread: a batch (whole JSONL lines, or a JSON
// file's items) in, its result out, parsed from the wasm's text (`\0`-separated sections).
import { glue } from './wasm.mjs';

/** `config`: { format, groupBy, strict, maxIssues, maxDepth, kernelTypes, to, now,
 * agentName } (plain data: it crosses to workers). Returns `batch => { result, digest }`: the
 * result's text, and the digest for the second stage as UTF-8 bytes. */
export function createUnits(config) {
  const units = new glue.LogUnits(options(config));
  return (batch) => {
    const result = batch.lines ? units.lines(batch.lines, batch.offset) : units.items(batch.items, batch.at, batch.offset);
    return { result, digest: units.take_digest() };
  };
}

/** The first stage fused with a second on this thread: `(batch, second, base) => text`, the
 * batch's result followed by the second stage's answer (no digest crosses). */
export function createFused(config) {
  const units = new glue.LogUnits(options(config));
  return (batch, second, base) => (batch.lines
    ? units.lines_into(batch.lines, batch.offset, second, base)
    : units.items_into(batch.items, batch.at, batch.offset, second, base));
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
  const [lines, issues, digest, conversations, converted, losses, stats, ...second] = text.split('\0');
  return { lines: Number(lines), issues, digest, conversations, converted, losses, stats: JSON.parse(stats), second };
}
