#!/usr/bin/env node
// Runs the type tests (*.types.ts) and proves that they can fail.
//
//   node tests/types/run.mjs            (KEEP_TMP=1 keeps the mutated copies)
//
// 1. tsc on the real test must succeed with no diagnostics at all (skipLibCheck is off, so the
//    published .d.ts files themselves are checked too).
// 2. An unmutated copy in a temp dir must succeed too (the harness itself is sound).
// 3. Each mutation of the hand transcription (or of one facade expectation) must make tsc FAIL,
//    with every error on an `Expect<Equal<...>>` assertion line of the mutated file, and at least
//    the assertions named in `expect` among the failing ones. Kernel has hand-picked mutations;
//    every other format's transcription gets one generated mutation per interface (its first
//    field renamed).
// Prints one line per case and a final `N passed, M failed`; exits non-zero on any failure.

import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const tsc = resolve(here, '../../node_modules/typescript/bin/tsc');
const tsconfig = join(here, 'tsconfig.json');
const KERNEL = 'kernel.types.ts';
const sources = Object.fromEntries(
  ['kernel', 'swarm', 'agens', 'bedrock', 'openai'].map((f) => [`${f}.types.ts`, readFileSync(join(here, `${f}.types.ts`), 'utf8')]),
);

// --- mutations --------------------------------------------------------------------------------

const BEGIN = '// TRANSCRIPTION', END = '// END TRANSCRIPTION';

/** Replace `from` by `to` exactly once inside the declaration `name` of the transcription. */
function inDecl(name, from, to) {
  return (src) => {
    const lo = src.indexOf(BEGIN), hi = src.indexOf(END);
    if (lo < 0 || hi < lo) throw new Error('transcription markers not found');
    const region = src.slice(lo, hi);
    let start = region.indexOf(`export interface ${name} {`), stop;
    if (start >= 0) stop = region.indexOf('\n}\n', start) + 3;
    else {
      start = region.indexOf(`export type ${name} =`);
      if (start < 0) throw new Error(`declaration ${name} not found`);
      stop = region.indexOf(';\n', start) + 2;
    }
    const decl = region.slice(start, stop);
    const count = decl.split(from).length - 1;
    if (count !== 1) throw new Error(`${JSON.stringify(from)} occurs ${count} times in ${name}`);
    const mutated = decl.replace(from, to);
    return src.slice(0, lo) + region.slice(0, start) + mutated + region.slice(stop) + src.slice(hi);
  };
}

/** Replace `from` by `to` exactly once on the assertion line `label`. */
function onAssertion(label, from, to) {
  return (src) => {
    const lines = src.split('\n');
    const i = lines.findIndex((l) => l.includes(`const ${label}:`));
    if (i < 0) throw new Error(`assertion ${label} not found`);
    if (lines[i].split(from).length !== 2) throw new Error(`${JSON.stringify(from)} not once on ${label}`);
    lines[i] = lines[i].replace(from, to);
    return lines.join('\n');
  };
}

const mutations = [
  { name: 'field renamed: FileAttachment.mimeType -> mediaType',
    apply: inDecl('FileAttachment', 'mimeType?: string;', 'mediaType?: string;'),
    expect: ['root_FileAttachment', 'kernel_FileAttachment', 'root_InputMessage', 'kernel_InputMessage'] },
  { name: 'optional made required: ToolCall.args? -> args',
    apply: inDecl('ToolCall', 'args?: JSONValue;', 'args: JSONValue;'),
    expect: ['root_KernelToolCall', 'kernel_ToolCall', 'root_ToolCallsMessage'] },
  { name: 'required made optional: ReasoningMessage.summary -> summary?',
    apply: inDecl('ReasoningMessage', 'summary: string;', 'summary?: string;'),
    expect: ['root_ReasoningMessage', 'kernel_ReasoningMessage'] },
  { name: "literal changed: ToolResultsMessage.type 'tool-results' -> 'tool-result'",
    apply: inDecl('ToolResultsMessage', "type: 'tool-results';", "type: 'tool-result';"),
    expect: ['root_ToolResultsMessage', 'kernel_ToolResultsMessage', 'root_KernelMessage', 'kernel_Message'] },
  { name: "field added: ReplyMessage.role: 'assistant'",
    apply: inDecl('ReplyMessage', 'text: string;', "text: string;\n  role: 'assistant';"),
    expect: ['root_ReplyMessage', 'kernel_ReplyMessage', 'facade_createMessage_reply'] },
  { name: 'optional field added: SystemMessage.name?',
    apply: inDecl('SystemMessage', 'text: string;', 'text: string;\n  name?: string;'),
    expect: ['root_SystemMessage', 'kernel_SystemMessage'] },
  { name: 'field removed: ToolResultMessage.error?',
    apply: inDecl('ToolResultMessage', '  error?: string;\n', ''),
    expect: ['root_ToolResultMessage', 'kernel_ToolResultMessage'] },
  { name: 'field type changed: BaseMessage.timestamp number -> string',
    apply: inDecl('BaseMessage', 'timestamp: number;', 'timestamp: string;'),
    expect: ['root_BaseMessage', 'kernel_BaseMessage'] },
  { name: 'any -> unknown: ToolResult.output',
    apply: inDecl('ToolResult', 'output: any;', 'output: unknown;'),
    expect: ['root_KernelToolResult', 'kernel_ToolResult'] },
  { name: 'Error -> string: ToolResult.error',
    apply: inDecl('ToolResult', 'error?: Error;', 'error?: string;'),
    expect: ['root_KernelToolResult', 'kernel_ToolResult'] },
  { name: 'Uint8Array -> ArrayBuffer: FileAttachment.data',
    apply: inDecl('FileAttachment', 'data: Uint8Array;', 'data: ArrayBuffer;'),
    expect: ['root_FileAttachment', 'kernel_FileAttachment'] },
  { name: 'readonly added: ToolCallMessage.name',
    apply: inDecl('ToolCallMessage', 'name: string;', 'readonly name: string;'),
    expect: ['root_ToolCallMessage', 'kernel_ToolCallMessage'] },
  { name: 'union member dropped: KernelMessage without LogMessage',
    apply: inDecl('KernelMessage', '  | LogMessage\n', ''),
    expect: ['root_KernelMessage', 'kernel_KernelMessage', 'kernel_Message', 'kernel_types'] },
  { name: 'JSONValue without null',
    apply: inDecl('JSONValue', ' | null', ''),
    expect: ['root_JSONValue', 'kernel_JSONValue'] },
  { name: "facade: createMessage('reply') expected as SystemMessage",
    apply: onAssertion('facade_createMessage_reply', 'ReplyMessage>>', 'SystemMessage>>'),
    expect: ['facade_createMessage_reply'] },
  { name: "facade: schema['~standard'].version expected as number",
    apply: onAssertion('facade_schema_version', "Std['version'], 1>", "Std['version'], number>"),
    expect: ['facade_schema_version'] },
];

for (const m of mutations) m.file = KERNEL;

// One generated mutation per interface of the other transcriptions: its first field renamed.
for (const [file, src] of Object.entries(sources)) {
  if (file === KERNEL) continue;
  const region = src.slice(src.indexOf(BEGIN), src.indexOf(END));
  for (const [, name, field] of region.matchAll(/export interface (\w+)(?:<[^>]*>)? \{\n(?:\s*\/\*\*[\s\S]*?\*\/\n)?\s+(\w+)\??:/g)) {
    mutations.push({
      file,
      name: `${file}: field renamed: ${name}.${field} -> ${field}_renamed`,
      apply: (text) => {
        const lo = text.indexOf(BEGIN);
        const at = text.indexOf(`export interface ${name}`, lo);
        const fieldAt = text.indexOf(`${field}`, text.indexOf('{', at));
        return text.slice(0, fieldAt) + `${field}_renamed` + text.slice(fieldAt + field.length);
      },
      expect: [],
      // Other lines of the file may use the transcription too; what matters is that an
      // equality assertion fails.
      strayInFileOk: true,
    });
  }
}

// --- running tsc ------------------------------------------------------------------------------

/** tsc on a project dir, run from that dir so that the paths it prints are relative to it. */
function runTsc(project, config = '.') {
  return new Promise((done) => {
    execFile(process.execPath, [tsc, '-p', config, '--pretty', 'false'], { cwd: project, maxBuffer: 16 << 20 },
      (err, stdout, stderr) => {
        const out = stdout + stderr;
        const diags = out.split('\n').map((l) => l.match(DIAG)).filter(Boolean)
          .map(([, file, line, col, code, message]) => ({ file: resolve(project, file), line: +line, col: +col, code, message }));
        done({ code: err ? (err.code ?? 1) : 0, out, diags });
      });
  });
}

const DIAG = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/;
const show = (d) => `${relative(process.cwd(), d.file)}(${d.line},${d.col}): ${d.code} ${d.message}`;
const clip = (lines, n = 8) => lines.length > n ? [...lines.slice(0, n), `... (${lines.length - n} more)`] : lines;

const tmpRoot = mkdtempSync(join(tmpdir(), 'agent-messages-types-'));

/** Write `text` as `file` in a fresh temp dir whose tsconfig extends the real one. */
function stage(id, text, file = KERNEL) {
  const dir = join(tmpRoot, id);
  mkdirSync(dir);
  writeFileSync(join(dir, file), text);
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: tsconfig, files: [file] }, null, 2));
  return dir;
}

async function expectPass(project, config) {
  const { code, out, diags } = await runTsc(project, config);
  if (code !== 0 || out.trim() !== '') {
    const lines = diags.length ? diags.map(show) : [out.trim()];
    return { ok: false, detail: `tsc exit ${code}, ${diags.length} errors:\n${clip(lines, 40).join('\n')}` };
  }
  return { ok: true, detail: 'tsc clean' };
}

// Errors of the unmutated copy outside the test file (i.e. in the published .d.ts): reported by
// the two expectPass cases, and not blamed on a mutation.
let baselineElsewhere = new Set();
const key = (d) => `${d.file}:${d.line}:${d.col}:${d.code}`;

async function expectFail(id, mutation) {
  let text;
  const source = sources[mutation.file];
  try { text = mutation.apply(source); } catch (e) { return { ok: false, detail: `mutation not applied: ${e.message}` }; }
  if (text === source) return { ok: false, detail: 'mutation changed nothing' };
  const dir = stage(id, text, mutation.file);
  const { code, diags } = await runTsc(dir);
  const mutantFile = join(dir, mutation.file);
  const own = diags.filter((d) => d.file === mutantFile || !baselineElsewhere.has(key(d)));
  if (code === 0 || own.length === 0) return { ok: false, detail: `tsc accepted the mutant (exit ${code})` };
  const lines = text.split('\n');
  const failing = new Set(), stray = [];
  for (const d of own) {
    const m = d.file === mutantFile && lines[d.line - 1].match(/\bconst (\w+): Expect</);
    if (m) failing.add(m[1]);
    else if (!(mutation.strayInFileOk && d.file === mutantFile)) stray.push(show(d));
  }
  if (stray.length) return { ok: false, detail: `errors away from the assertions:\n${clip(stray).join('\n')}` };
  if (failing.size === 0) return { ok: false, detail: 'no assertion failed' };
  const missing = mutation.expect.filter((l) => !failing.has(l));
  if (missing.length) return { ok: false, detail: `expected ${missing.join(', ')} to fail; failed: ${[...failing].join(', ')}` };
  return { ok: true, detail: `fails at ${[...failing].join(', ')}` };
}

const baselineDir = stage('baseline', sources[KERNEL]);
const baseline = await runTsc(baselineDir);
baselineElsewhere = new Set(baseline.diags.filter((d) => d.file !== join(baselineDir, KERNEL)).map(key));

const cases = [
  { name: 'real test type-checks (tsc -p tests/types)', run: () => expectPass(here) },
  // The types compared with the official packages' own (`ai`), which need the DOM lib.
  { name: 'provider type tests type-check (tsc -p tests/types/tsconfig.providers.json)', run: () => expectPass(here, 'tsconfig.providers.json') },
  { name: 'unmutated copy in a temp dir type-checks (harness sanity)', run: () => expectPass(baselineDir) },
  ...mutations.map((m, i) => ({ name: `mutant rejected: ${m.name}`, run: () => expectFail(`m${i}`, m) })),
];

// --- main -------------------------------------------------------------------------------------

const results = new Array(cases.length);
let next = 0;
async function worker() {
  while (next < cases.length) {
    const i = next++;
    try { results[i] = await cases[i].run(); } catch (e) { results[i] = { ok: false, detail: String(e?.stack ?? e) }; }
  }
}
await Promise.all(Array.from({ length: Math.min(cases.length, Math.max(1, availableParallelism())) }, worker));

let passed = 0, failed = 0;
cases.forEach((c, i) => {
  const r = results[i];
  if (r.ok) passed++; else failed++;
  console.log(`${r.ok ? 'ok' : 'not ok'} ${i + 1} - ${c.name}${r.ok ? ` (${r.detail})` : `\n  ${r.detail.replace(/\n/g, '\n  ')}`}`);
});
if (process.env.KEEP_TMP) console.log(`# mutants kept in ${tmpRoot}`);
else rmSync(tmpRoot, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
