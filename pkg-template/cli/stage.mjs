// The first stage of the log checks for one thread: a batch (whole JSONL lines, or a JSON
// file's items) in, its result out, parsed from the wasm's text (`\0`-separated sections).
import { glue } from './wasm.mjs';

/** `config`: { format, groupBy, strict, maxIssues, maxDepth, kernelTypes } (plain data: it
 * crosses to workers). Returns `batch => result`. */
export function createUnits(config) {
  const units = new glue.LogUnits(...args(config));
  return (batch) => (batch.lines ? units.lines(batch.lines) : units.items(batch.items, batch.at));
}

function args(config) {
  return [config.format ?? undefined, config.groupBy ?? undefined, Boolean(config.strict), config.maxIssues, config.maxDepth, config.kernelTypes ?? []];
}

/** The second stage for one file (it takes the same options). */
export function createConversations(config) {
  return new glue.LogConversations(...args(config));
}

/** A batch's result text as { lines, issues, digest, conversations, stats }. */
export function readResult(text) {
  const [lines, issues, digest, conversations, stats] = text.split('\0');
  return { lines: Number(lines), issues, digest, conversations, stats: JSON.parse(stats) };
}
