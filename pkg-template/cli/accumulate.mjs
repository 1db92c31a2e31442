// `agent-messages accumulate --format F`: a recorded model stream (server-sent events or
// chunk JSON lines, as the provider sent them) folded into the format's message by the
// package's accumulator, read as it streams from disk or stdin.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathText } from './report.mjs';

const api = createRequire(import.meta.url)('../index.cjs');

/** The accumulator of each streamed format, by the format's name. */
export function accumulators(described) {
  const out = {};
  for (const f of described.formats) if (f.stream && f.convertible) out[f.name] = api[f.namespace].accumulate;
  return out;
}

/** A JSON file's chunks: its array's items, or (not an array, or not JSON) its bytes, for the
 * accumulator to report. */
async function readChunks(file) {
  const bytes = await readFile(file);
  try {
    const value = JSON.parse(bytes.toString('utf8'));
    if (Array.isArray(value)) return value;
  } catch {}
  return bytes;
}

/** Fold each source; `write(text)` takes the output. Returns how many sources had issues. */
export async function accumulateSources(sources, format, described, o, write, say) {
  const accumulate = accumulators(described)[format];
  let failing = 0;
  for (const source of sources) {
    if (source.error) {
      say(`${source.name}: cannot read the file (${source.error})`);
      failing++;
      continue;
    }
    let result;
    try {
      // A JSON file holds the chunks as one array (how recorded UI streams are kept): read
      // whole, a chunk per item. Anything else is read as it streams.
      const input = source.kind === 'json'
        ? await readChunks(source.path)
        : source.path === null ? process.stdin : createReadStream(source.path);
      result = await accumulate(input, { maxIssues: o.maxIssues, maxDepth: o.maxDepth });
    } catch (e) {
      say(`${source.name}: cannot read the file (${e.code ?? e.message})`);
      failing++;
      continue;
    }
    if (!result.ok) failing++;
    if (o.json) {
      await write(`${JSON.stringify({ type: 'result', file: source.name, ...result })}\n`);
    } else {
      for (const m of result.messages) await write(`${JSON.stringify(m)}\n`);
    }
    if (!o.json) {
      for (const i of result.issues) {
        const [at, ...path] = i.path;
        const where = typeof at === 'number' ? `chunk ${at}` : String(at);
        say(`${source.name}: ${where} ${i.code} ${pathText(path)} ${i.message}`);
      }
    }
  }
  return failing;
}
