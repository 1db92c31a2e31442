#!/usr/bin/env node
// The agent-messages benchmark: our Kernel validators and constructors against zod 4, valibot,
// ajv and hand-written typeof checks, the validators of the other formats (swarm, agens,
// bedrock, openai) against zod 4 and ajv, conversions between formats against hand-written JS
// mappings, plus the wasm's size and start-up cost, with the issue's targets marked MET / NOT MET.
//
//   node bench/run.mjs            the full run (under a minute on 2 idle cores)
//   node bench/run.mjs --quick    few, short batches: a smoke test for CI
//   node bench/run.mjs --json     the figures as JSON instead of the table
//   node bench/run.mjs --only RE  only the cases whose id (e.g. "valid-mix/ours") matches RE
//                                 (--only convert: the conversions alone)
//   (--child GROUP is internal: the parent runs each group in a child process)
//
// Needs the package built in pkg/ (bash scripts/build.sh). Every peer is first checked to
// accept every valid fixture and reject every invalid one (and every hand-written conversion
// to give our converted messages); if any does not, the run stops with exit code 1 before
// timing anything.

import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { isDeepStrictEqual } from 'node:util';
import os from 'node:os';
import * as v from 'valibot';
import { ulid, monotonicFactory, isValid as isUlid, decodeTime } from 'ulid';

import { checklist, measureGroup, PROFILES } from './harness.mjs';
import { createIssueReader } from '../pkg-template/src/issues.mjs';
import { privateInstance } from './private-instance.mjs';
import * as F from './fixtures.mjs';
import { WASM_GZIP_LIMIT } from './budgets.mjs';
import {
  zodKernel, zodConversation, zodKernelLoose, zodConversationLoose, valibotKernel, valibotConversation, ajvKernel, ajvKernelAllErrors,
  ajvConversation, typeofKernel, typeofConversation, pooledUlid,
} from './peers.mjs';
import { FORMAT_GROUPS, FORMAT_SCOPE, verifyFormats } from './formats.mjs';
import { CONVERT_GROUPS, CONVERT_SCOPE, verifyConvert } from './convert.mjs';

for (const file of ['../pkg/index.mjs', '../pkg/api.cjs', '../pkg/node/agent_messages.js', '../pkg/web/agent_messages_bg.wasm']) {
  if (!existsSync(new URL(file, import.meta.url))) {
    console.error(`bench: ${file.slice(3)} is missing; build the package first (bash scripts/build.sh)`);
    process.exit(1);
  }
}
const { kernel, version } = await import('../pkg/index.mjs');
const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const JSON_OUT = args.includes('--json');
const onlyAt = args.indexOf('--only');
const ONLY = onlyAt >= 0 ? new RegExp(args[onlyAt + 1] ?? '.') : null;
if (args.includes('--help') || args.includes('-h')) {
  console.log('usage: node bench/run.mjs [--quick] [--json] [--only REGEX]');
  process.exit(0);
}
const profile = QUICK ? PROFILES.quick : PROFILES.full;
const log = JSON_OUT ? () => {} : (s = '') => process.stdout.write(s + '\n');
const progress = (s) => { if (!JSON_OUT && process.stderr.isTTY) process.stderr.write(`\r\x1b[K${s}`); };

// ---- the hypothetical array schema ------------------------------------------------------------
// The package has no validator for `KernelMessage[]` as one value (validateMany gives one
// outcome per item). The engine can already check a list in one walk (tape_check's "list"
// mode, used by toJSON), so this measures what such a validator would cost: the facade's own
// tape walker over the whole array, one crossing, one outcome. It runs on a second, private
// instance of the wasm so that the package's instance and tape are left alone.

function hypotheticalListValidator() {
  const { wasm, tape, described } = privateInstance();
  const schema = described.schemas.findIndex(([format, name]) => format === 'kernel' && name === 'KernelMessage');
  const { mode: { LIST }, result: { OK }, limit: { DEFAULT_MAX_DEPTH: MAX_DEPTH, DEFAULT_MAX_ISSUES: MAX_ISSUES } } = described.numbers;
  // (A build from before issues crossed in their compact form, as compare.mjs runs: JSON.)
  const readIssues = described.numbers.issueForm ? createIssueReader(described.numbers).readIssues : JSON.parse;
  return function validateList(values) {
    tape.write(values, false, MAX_DEPTH, false);
    if (tape.check(schema, LIST, 0, MAX_ISSUES, MAX_DEPTH) === OK) return { ok: true, value: values };
    return { ok: false, issues: readIssues(wasm.take_result()) };
  };
}
const validateList = hypotheticalListValidator();

// ---- fixtures -------------------------------------------------------------------------------------

const replyMsgs = F.replies(64);
const conversations = [1, 2, 3, 4].map((seed) => F.conversation(seed, 100));
const mixMsgs = conversations[0];
const invalidCases = F.invalid();
const invalidMsgs = invalidCases.map((c) => c.value);
const realCases = F.realisticInvalid();
const realInvalidMsgs = realCases.map((c) => c.value);
const replyTexts = replyMsgs.map((m) => JSON.stringify(m));
const mixTexts = mixMsgs.map((m) => JSON.stringify(m));
const conversationTexts = conversations.map((c) => JSON.stringify(c));
const CONSTRUCT_TEXT = 'Hello there, how can I help?';
const mono = monotonicFactory();
const sink = { a: new Array(1024), i: 0 };

const typeCounts = {};
for (const m of mixMsgs) typeCounts[m.type] = (typeCounts[m.type] ?? 0) + 1;
const mixDescription = Object.entries(typeCounts).map(([t, n]) => `${n} ${t}`).join(', ');

// ---- verification: every contender must get every fixture right ------------------------------------

const accepters = {
  'ours kernel.validate': (m) => kernel.validate(m).ok,
  'zod 4': (m) => zodKernel.safeParse(m).success,
  'zod 4 loose': (m) => zodKernelLoose.safeParse(m).success,
  valibot: (m) => v.safeParse(valibotKernel, m).success,
  ajv: (m) => ajvKernel(m),
  'ajv allErrors': (m) => ajvKernelAllErrors(m),
  typeof: (m) => typeofKernel(m),
};
const issueCounters = {
  'ours kernel.validate': (m) => kernel.validate(m).issues.length,
  'zod 4': (m) => zodKernel.safeParse(m).error.issues.length,
  valibot: (m) => v.safeParse(valibotKernel, m).issues.length,
  ajv: (m) => (ajvKernel(m), ajvKernel.errors.length),
  'ajv allErrors': (m) => (ajvKernelAllErrors(m), ajvKernelAllErrors.errors.length),
};
const listAccepters = {
  'ours validateMany': (a) => kernel.validateMany(a).every((r) => r.ok),
  'ours hypothetical list': (a) => validateList(a).ok,
  'zod 4 array': (a) => zodConversation.safeParse(a).success,
  'zod 4 loose array': (a) => zodConversationLoose.safeParse(a).success,
  'valibot array': (a) => v.safeParse(valibotConversation, a).success,
  'ajv array': (a) => ajvConversation(a),
  'typeof loop': (a) => typeofConversation(a),
};
const constructors = {
  ours: () => kernel.createReplyMessage({ text: CONSTRUCT_TEXT }),
  ulid: () => { const now = Date.now(); return { id: ulid(now), timestamp: now, type: 'reply', text: CONSTRUCT_TEXT }; },
  monotonic: () => { const now = Date.now(); return { id: mono(now), timestamp: now, type: 'reply', text: CONSTRUCT_TEXT }; },
  pooled: () => { const now = Date.now(); return { id: pooledUlid(now), timestamp: now, type: 'reply', text: CONSTRUCT_TEXT }; },
};

function verify() {
  const { failures, check } = checklist();
  const valid = [...replyMsgs, ...conversations.flat()];
  for (const [name, accept] of Object.entries(accepters)) {
    valid.forEach((m, i) => check(`${name} accepts valid fixture #${i} (${m.type})`, () => accept(m) === true));
    for (const c of invalidCases) check(`${name} rejects invalid: ${c.kind}`, () => accept(c.value) === false);
  }
  for (const [name, count] of Object.entries(issueCounters)) {
    for (const c of invalidCases) check(`${name} reports issues for invalid: ${c.kind}`, () => count(c.value) > 0);
  }
  for (const [name, accept] of Object.entries(listAccepters)) {
    conversations.forEach((c, i) => check(`${name} accepts conversation #${i}`, () => accept(c) === true));
    const bad = [...conversations[0]];
    bad[50] = invalidMsgs[0];
    check(`${name} rejects a conversation holding an invalid message`, () => accept(bad) === false);
  }
  const texts = [...replyTexts, ...mixTexts, ...conversationTexts];
  texts.forEach((t, i) => {
    check(`ours validateJson accepts text #${i}`, () => kernel.validateJson(t).ok);
    check(`ours validateJson(text).value equals the parsed text #${i}`, () => isDeepStrictEqual(kernel.validateJson(t).value, JSON.parse(t)));
  });
  conversationTexts.forEach((t, i) => check(`JSON.parse + zod 4 array accepts conversation text #${i}`, () => zodConversation.safeParse(JSON.parse(t)).success));
  invalidMsgs.forEach((m, i) => check(`ours validateJson rejects invalid text #${i}`, () => !kernel.validateJson(JSON.stringify(m)).ok));
  // The realistic corpus: each message valid for every library before its one defect, and
  // rejected by every one after it (`is` too).
  for (const c of realCases) {
    check(`ours and zod 4 accept the realistic message before: ${c.kind}`, () => kernel.validate(c.valid).ok && kernel.is(c.valid) && zodKernel.safeParse(c.valid).success);
    check(`ours rejects, with issues: ${c.kind}`, () => { const r = kernel.validate(c.value); return !r.ok && r.issues.length > 0; });
    check(`ours is() says no: ${c.kind}`, () => kernel.is(c.value) === false);
    check(`zod 4 rejects, with issues: ${c.kind}`, () => { const r = zodKernel.safeParse(c.value); return !r.success && r.error.issues.length > 0; });
  }
  for (const [name, make] of Object.entries(constructors)) {
    let last = '';
    for (let i = 0; i < 50; i++) {
      const m = make();
      check(`${name} constructor makes a valid message`, () => kernel.validate(m).ok && zodKernel.safeParse(m).success);
      check(`${name} constructor makes a ULID carrying the timestamp`, () => isUlid(m.id) && decodeTime(m.id) === m.timestamp);
      if (name === 'ours' || name === 'monotonic') check(`${name} ids increase`, () => m.id > last);
      last = m.id;
    }
  }
  return failures;
}

// ---- the cases --------------------------------------------------------------------------------------
// Every op is compiled afresh from its source (so each case has call sites of its own) and
// returns 1 when it did what the case expects; the harness checks the sum.

const scope = {
  kernel, zodKernel, zodConversation, zodKernelLoose, zodConversationLoose, v, valibotKernel, valibotConversation, ajvKernel, ajvKernelAllErrors,
  ajvConversation, typeofKernel, typeofConversation, validateList, ulid, mono, pooledUlid, sink,
  ...FORMAT_SCOPE,
  ...CONVERT_SCOPE,
};
function fresh(src) {
  const names = Object.keys(scope);
  // eslint-disable-next-line no-new-func
  return new Function(...names, `'use strict'; return (${src});`)(...names.map((k) => scope[k]));
}

const VALID_ROWS = [
  { key: 'ours', label: 'ours   kernel.validate(msg)', op: 'm => kernel.validate(m).ok ? 1 : 0', target: true },
  { key: 'zod', label: 'zod 4  schema.safeParse(msg)', op: 'm => zodKernel.safeParse(m).success ? 1 : 0', baseline: true },
  { key: 'valibot', label: 'valibot  v.safeParse(schema, msg)', op: 'm => v.safeParse(valibotKernel, m).success ? 1 : 0' },
  { key: 'ajv', label: 'ajv    compiled validate(msg)', op: 'm => ajvKernel(m) ? 1 : 0' },
  { key: 'typeof', label: 'typeof hand-written checks (boolean)', op: 'm => typeofKernel(m) ? 1 : 0' },
];

const ZOD_LOOSE_ROW = { key: 'zod-loose', label: 'zod 4  with args/result z.unknown() (looser; reference)', op: 'm => zodKernelLoose.safeParse(m).success ? 1 : 0' };

const SECTIONS = [
  {
    title: '1. Valid messages as JS objects',
    groups: [
      {
        id: 'valid-reply',
        title: `reply messages, ${Math.round(F.meanJsonBytes(replyMsgs))} B of JSON each (${replyMsgs.length} objects in turn)`,
        inputs: replyMsgs,
        rows: VALID_ROWS,
        target: { label: 'valid objects (reply): at most 2x zod 4', max: 2 },
      },
      {
        id: 'valid-mix',
        title: `realistic mix, mean ${Math.round(F.meanJsonBytes(mixMsgs))} B (${mixDescription})`,
        inputs: mixMsgs,
        rows: [...VALID_ROWS.slice(0, 2), ZOD_LOOSE_ROW, ...VALID_ROWS.slice(2)],
        target: { label: 'valid objects (mix): at most 2x zod 4', max: 2 },
      },
    ],
  },
  {
    title: '2. Invalid messages as JS objects (each library with its default settings)',
    groups: [
      {
        id: 'invalid',
        title: `${invalidCases.length} kinds of wrong: wrong field type, missing fields, unknown type, nested`,
        inputs: invalidMsgs,
        rows: [
          { key: 'ours', label: 'ours   kernel.validate(msg), every issue', op: 'm => { const r = kernel.validate(m); return !r.ok && r.issues.length > 0 ? 1 : 0; }', target: true, issues: 'ours kernel.validate' },
          { key: 'zod', label: 'zod 4  safeParse, every issue', op: 'm => { const r = zodKernel.safeParse(m); return !r.success && r.error.issues.length > 0 ? 1 : 0; }', baseline: true, issues: 'zod 4' },
          { key: 'valibot', label: 'valibot  safeParse, every issue', op: 'm => { const r = v.safeParse(valibotKernel, m); return !r.success && r.issues.length > 0 ? 1 : 0; }', issues: 'valibot' },
          { key: 'ajv', label: 'ajv    default: stops at the first error', op: 'm => !ajvKernel(m) && ajvKernel.errors.length > 0 ? 1 : 0', issues: 'ajv' },
          { key: 'ajv-all', label: 'ajv    allErrors: true', op: 'm => !ajvKernelAllErrors(m) && ajvKernelAllErrors.errors.length > 0 ? 1 : 0', issues: 'ajv allErrors' },
          { key: 'typeof', label: 'typeof hand-written checks (boolean, no issues)', op: 'm => typeofKernel(m) ? 0 : 1' },
        ],
        target: { label: 'invalid input: no slower than zod 4', max: 1 },
      },
      {
        id: 'invalid-real',
        title: `realistic messages, mean ${Math.round(F.meanJsonBytes(realCases.map((c) => c.valid)))} B (file bytes, custom keys, tool calls and results), one defect each`,
        inputs: realInvalidMsgs,
        rows: [
          { key: 'ours', label: 'ours   kernel.validate(msg), every issue', op: 'm => { const r = kernel.validate(m); return !r.ok && r.issues.length > 0 ? 1 : 0; }', target: true },
          { key: 'zod', label: 'zod 4  safeParse, every issue', op: 'm => { const r = zodKernel.safeParse(m); return !r.success && r.error.issues.length > 0 ? 1 : 0; }', baseline: true },
          { key: 'ours-is', label: 'ours   kernel.is(msg) (a guard: no issue built)', op: 'm => kernel.is(m) ? 0 : 1' },
          { key: 'ajv', label: 'ajv    default: stops at the first error', op: 'm => !ajvKernel(m) && ajvKernel.errors.length > 0 ? 1 : 0' },
        ],
        target: { label: 'invalid input (realistic): validate no slower than zod 4', max: 1 },
      },
      {
        id: 'invalid-real-is',
        title: 'the same: the guard against validate',
        inputs: realInvalidMsgs,
        rows: [
          { key: 'ours-is', label: 'ours   kernel.is(msg) (stops at the first problem)', op: 'm => kernel.is(m) ? 0 : 1', target: true },
          { key: 'ours', label: 'ours   kernel.validate(msg), every issue', op: 'm => { const r = kernel.validate(m); return !r.ok && r.issues.length > 0 ? 1 : 0; }', baseline: true },
        ],
        target: { label: 'invalid input (realistic): is() faster than validate()', max: 0.99 },
      },
    ],
  },
  {
    title: '3. JSON text',
    groups: [
      ...[
        ['json-reply', `one reply message per text, ${Math.round(F.meanJsonBytes(replyMsgs))} B`, replyTexts],
        ['json-mix', `one message per text, the realistic mix, mean ${Math.round(F.meanJsonBytes(mixMsgs))} B`, mixTexts],
      ].map(([id, title, inputs]) => ({
        id,
        title,
        inputs,
        rows: [
          { key: 'ours', label: 'ours   kernel.validateJson(text), .value not read', op: 't => kernel.validateJson(t).ok ? 1 : 0', target: true },
          { key: 'ours-value', label: 'ours   kernel.validateJson(text) and .value read', op: 't => { const r = kernel.validateJson(t); return r.ok && r.value !== undefined ? 1 : 0; }', target: 'value' },
          { key: 'zod', label: 'JSON.parse(text) + zod 4 safeParse', op: 't => zodKernel.safeParse(JSON.parse(t)).success ? 1 : 0', baseline: true },
          { key: 'parse', label: 'JSON.parse(text) alone (reference)', op: "t => typeof JSON.parse(t) === 'object' ? 1 : 0" },
        ],
        target: { label: `JSON text (${id === 'json-reply' ? 'reply' : 'mix'}): at least 1.5x faster than JSON.parse + zod 4`, max: 1 / 1.5 },
      })),
      {
        id: 'json-array',
        title: `one text of a whole 100-message conversation, mean ${Math.round(conversationTexts.reduce((s, t) => s + Buffer.byteLength(t), 0) / conversationTexts.length)} B`,
        perMsg: 100,
        inputs: conversationTexts,
        rows: [
          { key: 'ours', label: 'ours   kernel.validateJson(text), .value not read', op: 't => kernel.validateJson(t).ok ? 1 : 0', target: true },
          { key: 'ours-value', label: 'ours   kernel.validateJson(text) and .value read', op: 't => { const r = kernel.validateJson(t); return r.ok && r.value.length === 100 ? 1 : 0; }', target: 'value' },
          { key: 'zod', label: 'JSON.parse(text) + zod 4 array schema', op: 't => zodConversation.safeParse(JSON.parse(t)).success ? 1 : 0', baseline: true },
          { key: 'parse', label: 'JSON.parse(text) alone (reference)', op: 't => JSON.parse(t).length === 100 ? 1 : 0' },
        ],
        target: { label: 'JSON text (100-msg array): at least 1.5x faster than JSON.parse + zod 4', max: 1 / 1.5 },
      },
    ],
  },
  {
    title: '4. Whole 100-message conversations as JS objects',
    groups: [
      {
        id: 'conversation',
        title: `${conversations.length} conversations of 100 messages in turn (an op is one conversation)`,
        perMsg: 100,
        inputs: conversations,
        rows: [
          { key: 'ours-many', label: 'ours   kernel.validateMany(arr) (a result per message)', op: 'a => { const rs = kernel.validateMany(a); let k = 0; for (let i = 0; i < rs.length; i++) k += rs[i].ok ? 1 : 0; return k === a.length ? 1 : 0; }', target: true },
          { key: 'ours-list', label: 'ours   hypothetical KernelMessage[] validator (one result)', op: 'a => validateList(a).ok ? 1 : 0', target: 'info' },
          { key: 'ours-loop', label: 'ours   kernel.validate(msg) for each message', op: 'a => { for (let i = 0; i < a.length; i++) if (!kernel.validate(a[i]).ok) return 0; return 1; }', target: 'info' },
          { key: 'zod', label: 'zod 4  z.array(schema).safeParse(arr)', op: 'a => zodConversation.safeParse(a).success ? 1 : 0', baseline: true },
          { key: 'zod-loose', label: 'zod 4  array, args/result z.unknown() (looser; reference)', op: 'a => zodConversationLoose.safeParse(a).success ? 1 : 0' },
          { key: 'valibot', label: 'valibot  v.safeParse(v.array(schema), arr)', op: 'a => v.safeParse(valibotConversation, a).success ? 1 : 0' },
          { key: 'ajv', label: 'ajv    compiled array schema', op: 'a => ajvConversation(a) ? 1 : 0' },
          { key: 'typeof', label: 'typeof hand-written checks over the array', op: 'a => typeofConversation(a) ? 1 : 0' },
        ],
        target: { label: 'valid objects (100-msg conversation, validateMany): at most 2x zod 4', max: 2 },
      },
    ],
  },
  {
    title: '5. Constructors: a reply message with a fresh ULID id and its timestamp',
    groups: [
      {
        id: 'construct',
        title: `{ text: '${CONSTRUCT_TEXT}' }; literals take one Date.now() for id and timestamp`,
        inputs: [CONSTRUCT_TEXT],
        rows: [
          { key: 'ours', label: 'ours   kernel.createReplyMessage({text}) (monotonic, validated)', op: 't => { const m = kernel.createReplyMessage({ text: t }); sink.a[sink.i = (sink.i + 1) & 1023] = m; return m.id.length === 26 ? 1 : 0; }', target: true },
          { key: 'pooled', label: 'literal + pooled-PRNG ULID (4096 B pool)', op: "t => { const now = Date.now(); const m = { id: pooledUlid(now), timestamp: now, type: 'reply', text: t }; sink.a[sink.i = (sink.i + 1) & 1023] = m; return m.id.length === 26 ? 1 : 0; }", baseline: true },
          { key: 'ulid', label: "literal + npm ulid's ulid()", op: "t => { const now = Date.now(); const m = { id: ulid(now), timestamp: now, type: 'reply', text: t }; sink.a[sink.i = (sink.i + 1) & 1023] = m; return m.id.length === 26 ? 1 : 0; }" },
          { key: 'mono', label: "literal + npm ulid's monotonicFactory()", op: "t => { const now = Date.now(); const m = { id: mono(now), timestamp: now, type: 'reply', text: t }; sink.a[sink.i = (sink.i + 1) & 1023] = m; return m.id.length === 26 ? 1 : 0; }" },
          { key: 'pooled-validate', label: 'literal + pooled ULID + kernel.validate (reference)', op: "t => { const now = Date.now(); const m = { id: pooledUlid(now), timestamp: now, type: 'reply', text: t }; sink.a[sink.i = (sink.i + 1) & 1023] = m; return kernel.validate(m).ok ? 1 : 0; }" },
          { key: 'pooled-zod', label: 'literal + pooled ULID + zod 4 safeParse (reference)', op: "t => { const now = Date.now(); const m = { id: pooledUlid(now), timestamp: now, type: 'reply', text: t }; sink.a[sink.i = (sink.i + 1) & 1023] = m; return zodKernel.safeParse(m).success ? 1 : 0; }" },
        ],
        baselineName: 'literal + pooled ULID',
        target: { label: 'constructors: at most 1.5x a literal + pooled-PRNG ULID', max: 1.5 },
      },
    ],
  },
  {
    // formats.mjs: fixtures-formats.mjs against peers-formats.mjs.
    title: '6. The other formats: valid messages as JS objects, against zod 4 and ajv',
    groups: FORMAT_GROUPS,
  },
  {
    // convert.mjs: fixtures-convert.mjs against peers-convert.mjs.
    title: '7. Conversions: a 100-message conversation, against a hand-written JS mapping of the pair',
    groups: CONVERT_GROUPS,
  },
];

// ---- wasm size and start-up -------------------------------------------------------------------------

// The budgets: bench/budgets.mjs (declared once, with the consumer test).

function sizes() {
  const wasm = {};
  for (const dir of Object.keys(WASM_GZIP_LIMIT)) {
    const bytes = readFileSync(new URL(`../pkg/${dir}/agent_messages_bg.wasm`, import.meta.url));
    wasm[dir] = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  }
  const js = ['../pkg/web/agent_messages.js', '../pkg/api.mjs', '../pkg/index.browser.mjs']
    .map((p) => readFileSync(new URL(p, import.meta.url)));
  const jsAll = Buffer.concat(js);
  return {
    wasm,
    jsRaw: jsAll.length,
    jsGzip: gzipSync(jsAll, { level: 9 }).length,
  };
}

function startup(runs) {
  const script = new URL('./startup.mjs', import.meta.url).pathname;
  const out = { require: [], web: [] };
  for (let i = 0; i < runs; i++) {
    for (const mode of ['require', 'web']) {
      const r = spawnSync(process.execPath, [script, mode], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`bench/startup.mjs ${mode} failed: ${r.stderr}`);
      out[mode].push(JSON.parse(r.stdout.trim().split('\n').pop()));
    }
  }
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
  const summary = {};
  for (const mode of Object.keys(out)) {
    for (const k of Object.keys(out[mode][0])) summary[`${mode}.${k}`] = median(out[mode].map((o) => o[k]));
  }
  return { runs, ...summary };
}

// ---- formatting -------------------------------------------------------------------------------------

const fmtNs = (ns) => (ns >= 100 ? ns.toFixed(0) : ns >= 10 ? ns.toFixed(1) : ns.toFixed(2));
const fmtRatio = (r) => (r === undefined ? '—' : `${r >= 10 ? r.toFixed(1) : r.toFixed(2)}x`);
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
const status = (met) => (met ? 'MET' : 'NOT MET');
const LABEL = 62;

function versionOf(name) {
  try {
    return JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url), 'utf8')).version;
  } catch {
    return '?';
  }
}

// ---- main -------------------------------------------------------------------------------------------
// The parent checks every fixture, then measures each group in a fresh child process
// (`--child GROUP`): what one group leaves behind (optimised code and feedback in the shared
// library code, old-generation garbage, a full GC that drops maps) cannot tilt the next group's
// figures, and the order of the groups does not matter. Inside a group the cases' batches are
// interleaved (harness.mjs).

function selectedRows(group) {
  return group.rows
    .map((row) => ({ row, id: `${group.id}/${row.key}` }))
    .filter(({ row, id }) => !ONLY || ONLY.test(id) || (row.baseline && group.rows.some((r) => ONLY.test(`${group.id}/${r.key}`))));
}

function failOnFixtures(failures = [...verify(), ...verifyFormats(), ...verifyConvert()]) {
  if (failures.length === 0) return;
  console.error(`bench: ${failures.length} fixture check(s) failed; a peer schema (or ours) is wrong:`);
  for (const f of failures.slice(0, 40)) console.error(`  - ${f}`);
  if (failures.length > 40) console.error(`  ... and ${failures.length - 40} more`);
  process.exit(1);
}

const childAt = args.indexOf('--child');
if (childAt >= 0) {
  const groupId = args[childAt + 1];
  const group = SECTIONS.flatMap((sec) => sec.groups).find((g) => g.id === groupId);
  if (!group) throw new Error(`no group ${groupId}`);
  // A group of another format (section 6) checks and warms up on that format's fixtures only
  // (an application uses one format); the Kernel groups on all of Kernel's, as before.
  // A conversion group checks its own pair (group.verify).
  const verifyGroup = group.verify ?? (group.format ? () => verifyFormats(group.format) : verify);
  failOnFixtures(verifyGroup());
  // Warm-up: every library sees every kind of fixture first (as in an application that
  // validates all of them), not only this group's.
  for (let i = 0, n = QUICK ? 2 : 10; i < n; i++) verifyGroup();
  const chosen = selectedRows(group);
  const measured = measureGroup(
    chosen.map(({ row, id }) => ({ name: id, op: fresh(row.op), inputs: group.inputs })),
    profile,
    (i, c) => progress(`${c.name}: calibrating, warming up`),
  );
  progress('timing the batches');
  process.stdout.write(JSON.stringify(chosen.map(({ id }, i) => ({ id, m: measured[i] }))));
  progress('');
  process.exit(0);
}

failOnFixtures();
const issueTotals = {};
for (const [name, count] of Object.entries(issueCounters)) issueTotals[name] = invalidMsgs.reduce((s, m) => s + count(m), 0);

function measureInChild(group) {
  const child = spawnSync(
    process.execPath,
    [new URL(import.meta.url).pathname, '--child', group.id, ...(QUICK ? ['--quick'] : []), ...(ONLY ? ['--only', ONLY.source] : [])],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', JSON_OUT ? 'pipe' : 'inherit'], maxBuffer: 1 << 24 },
  );
  if (child.status !== 0) {
    if (JSON_OUT) process.stderr.write(child.stderr ?? '');
    console.error(`bench: measuring ${group.id} failed (exit ${child.status})`);
    process.exit(1);
  }
  return new Map(JSON.parse(child.stdout).map(({ id, m }) => [id, m]));
}

const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
log(`agent-messages ${version} benchmark`);
log(`node ${process.version} ${process.platform}-${process.arch}, ${os.cpus().length} × ${cpu}`);
log(`zod ${versionOf('zod')}, valibot ${versionOf('valibot')}, ajv ${versionOf('ajv')}, ulid ${versionOf('ulid')}`);
log(`${QUICK ? 'QUICK profile (smoke test: figures are rough)' : 'full profile'}: each group in a fresh process; per case, warm-up ${profile.warmupMs} ms, then the median of ${profile.batches} interleaved batches of ~${profile.batchMs} ms (±% = half the interquartile range)`);
const load = os.loadavg()[0];
if (load > os.cpus().length * 0.75) log(`warning: load average ${load.toFixed(1)} on ${os.cpus().length} CPUs while starting: other processes compete, figures will be noisy`);
log('x = time ÷ the group\'s baseline (marked *); below 1.00x is faster. All peers verified against every fixture first.');

const results = [];
const targets = [];

for (const section of SECTIONS) {
  let sectionShown = false;
  for (const group of section.groups) {
    const perMsg = group.perMsg ?? 1;
    const chosen = selectedRows(group);
    if (chosen.length === 0) continue;
    if (!sectionShown) { log(''); log(section.title); sectionShown = true; }
    log(`  ${group.title}`);
    if (group.unavailable) {
      log(`    ${group.unavailable}`);
      results.push({ id: group.id, section: section.title, group: group.title, skipped: group.unavailable });
      continue;
    }
    log(`    ${pad('', LABEL)}${lpad(perMsg > 1 ? 'ns/op' : '', 9)}${lpad('ns/msg', 9)}${lpad('±%', 6)}${lpad('x', 8)}  target`);
    const measured = measureInChild(group);
    const rows = chosen.map((c) => ({ ...c, m: measured.get(c.id) }));
    const base = rows.find((r) => r.row.baseline);
    // The target's figure: against the baseline, or the row the target names (conversions:
    // zod 4 + the mapping).
    const against = (group.target?.against && rows.find((r) => r.row.key === group.target.against)) || base;
    for (const { row, id, m } of rows) {
      const ratio = base ? m.nsPerOp / base.m.nsPerOp : undefined;
      const targetRatio = against ? m.nsPerOp / against.m.nsPerOp : undefined;
      const spread = ((m.q3 - m.q1) / 2 / m.nsPerOp) * 100;
      let targetText = '';
      let met;
      if (row.target && group.target && targetRatio !== undefined) {
        met = targetRatio <= group.target.max;
        const bound = group.target.max < 1 ? `≤${group.target.max.toFixed(2)}x (${(1 / group.target.max).toFixed(1)}x faster)` : `≤${group.target.max.toFixed(2)}x`;
        const informational = row.target !== true;
        const of = against !== base ? ` of "${against.row.short ?? against.row.key}"` : '';
        targetText = `${fmtRatio(targetRatio)}${of} ${bound} ${status(met)}${informational ? ' (info)' : ''}`;
        // A second ratio, to another row of the group (conversions: the mapping with zod).
        const other = row.compare && rows.find((r) => r.row.key === row.compare);
        if (other) targetText += `; ${fmtRatio(m.nsPerOp / other.m.nsPerOp)} of "${other.row.short ?? other.row.key}"`;
        const figure = `${fmtRatio(targetRatio)} (${fmtNs(m.nsPerOp / perMsg)} vs ${fmtNs(against.m.nsPerOp / perMsg)} ns/msg)`;
        if (row.target === true) targets.push({ label: group.target.label, figure, met });
        else if (row.target === 'value') targets.push({ label: group.target.label.replace(':', ', .value read:'), figure, met, informational: true });
      }
      const label = (row.baseline ? '* ' : '  ') + row.label + (row.issues ? ` [${issueTotals[row.issues]} issues]` : '');
      log(`    ${pad(label, LABEL)}${lpad(perMsg > 1 ? fmtNs(m.nsPerOp) : '', 9)}${lpad(fmtNs(m.nsPerOp / perMsg), 9)}${lpad(spread.toFixed(1), 6)}${lpad(fmtRatio(ratio), 8)}  ${targetText}`);
      results.push({
        id, section: section.title, group: group.title, label: row.label, baseline: !!row.baseline,
        nsPerOp: m.nsPerOp, nsPerMessage: m.nsPerOp / perMsg, messagesPerOp: perMsg, q1: m.q1, q3: m.q3, min: m.min,
        opsPerBatch: m.opsPerBatch, batches: m.batches, ratioToBaseline: ratio,
        ...(row.compare && measured.has(`${group.id}/${row.compare}`) ? { compare: row.compare, ratioToCompare: m.nsPerOp / measured.get(`${group.id}/${row.compare}`).nsPerOp } : {}),
        issuesForInvalidSet: row.issues ? issueTotals[row.issues] : undefined,
        target: targetText || undefined, met,
      });
    }
  }
}

progress('start-up: fresh node processes');
const size = sizes();
const start = ONLY ? null : startup(QUICK ? 2 : 7);
progress('');
const SIZE_LABEL = {
  web: 'the whole package (pkg/web: the root entry, conversions included)',
  'web-validate': 'a page that only validates seed formats (pkg/web-validate: their entries)',
  'web-validate-anthropic': 'a page that only validates Anthropic messages (pkg/web-validate-anthropic)',
  'web-validate-ai-sdk': 'a page that only validates AI SDK messages (pkg/web-validate-ai-sdk)',
};
for (const [dir, limit] of Object.entries(WASM_GZIP_LIMIT)) {
  const { gzip } = size.wasm[dir];
  targets.push({ label: `wasm of ${dir === 'web' ? 'the whole package (ceiling)' : `a validating page (${dir})`}: at most ${limit / 1000} KB gzip`, figure: `${(gzip / 1024).toFixed(1)} KiB (${gzip} B)`, met: gzip <= limit });
}

log('');
log('8. Size and start-up: the wasm a browser page downloads');
for (const [dir, limit] of Object.entries(WASM_GZIP_LIMIT)) {
  const { raw, gzip } = size.wasm[dir];
  log(`    ${SIZE_LABEL[dir]}`);
  log(`    ${pad('  wasm, raw', LABEL)}${lpad((raw / 1024).toFixed(1), 9)} KiB (${raw} B)`);
  log(`    ${pad('  wasm, gzip -9', LABEL)}${lpad((gzip / 1024).toFixed(1), 9)} KiB (${gzip} B)   ≤${limit.toLocaleString('en')} B ${status(gzip <= limit)}`);
}
log(`    ${pad('  JS: web glue + api.mjs + index.browser.mjs, raw / gzip -9', LABEL)}${lpad((size.jsRaw / 1024).toFixed(1), 9)} / ${(size.jsGzip / 1024).toFixed(1)} KiB`);
if (start) {
  log(`    median of ${start.runs} fresh processes each (ms):`);
  log(`    ${pad('  require(pkg/index.cjs): read, compile, instantiate, facade', LABEL)}${lpad(start['require.require'].toFixed(2), 9)} ms`);
  log(`    ${pad('    then the first kernel.validate (cold)', LABEL)}${lpad(start['require.firstValidate'].toFixed(2), 9)} ms`);
  log(`    ${pad('  browser path, bytes in memory: WebAssembly.compile', LABEL)}${lpad(start['web.compile'].toFixed(2), 9)} ms`);
  log(`    ${pad('    initSync (WebAssembly.Instance + wasm start)', LABEL)}${lpad(start['web.instantiate'].toFixed(2), 9)} ms`);
  log(`    ${pad('    createApi (describe, tape buffers, validators)', LABEL)}${lpad(start['web.createApi'].toFixed(2), 9)} ms`);
  log(`    ${pad('    first kernel.validate (cold)', LABEL)}${lpad(start['web.firstValidate'].toFixed(2), 9)} ms`);
}

// The rows a bench of its own process prints with --json (the builds, and the async benches
// against the AI SDK and the official stream accumulators).
function childRows(file) {
  const script = new URL(`./${file}`, import.meta.url).pathname;
  const r = spawnSync(process.execPath, [script, '--json', ...(QUICK ? ['--quick'] : [])], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bench/${file} failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

// ---- the three builds side by side ------------------------------------------------------------
let builds = null;
if (!ONLY) {
  progress('the builds: node, web, web-validate');
  builds = childRows('builds.mjs');
  progress('');
  log('');
  log('9. The builds side by side (same ops, one process): ns per message, x of the Node build');
  log('   node: pkg/node (opt-level 3); web: pkg/web (the root entry in browsers, built for size);');
  log('   web-validate: pkg/web-validate (browsers\' format entries, opt-level 3, no conversions)');
  const names = ['node', 'web', 'web-validate'];
  log(`    ${pad('', LABEL)}${names.map((n) => lpad(n, 16)).join('')}`);
  for (const { label, perItemNs } of builds) {
    const cells = names.map((n) => lpad(n in perItemNs ? `${perItemNs[n].toFixed(0)} ${(perItemNs[n] / perItemNs.node).toFixed(2)}x` : '—', 16));
    log(`    ${pad(`  ${label}`, LABEL)}${cells.join('')}`);
  }
}

// ---- conversions against the AI SDK's converters (async: a process of its own) ---------------
if (!ONLY) {
  progress('conversions against the AI SDK\'s converters');
  const rows = childRows('convert-ai-sdk.mjs');
  progress('');
  log('');
  log('10. Conversions against the AI SDK\'s own converters (bench/convert-ai-sdk.mjs): ns per message, x of theirs');
  log('   ours validates the input and the output; theirs validates nothing (Anthropic / OpenAI: generateText up to the request body)');
  for (const row of rows) {
    log(`    ${pad(`  ${row.label}`, LABEL + 40)}${lpad((row.oursNs / row.messages).toFixed(0), 9)}${lpad((row.theirsNs / row.messages).toFixed(0), 9)}${lpad(fmtRatio(row.ratio), 8)}`);
    results.push({ id: `ai-sdk/${row.label}`, section: '10', label: row.label, nsPerMessage: row.oursNs / row.messages, peerNsPerMessage: row.theirsNs / row.messages, ratioToPeer: row.ratio });
  }
}

// ---- stream accumulators against the official ones (async: a process of its own) -----------
if (!ONLY) {
  progress('stream accumulators against the official ones');
  const rows = childRows('stream.mjs');
  progress('');
  log('');
  log('11. Stream accumulators against the official ones (bench/stream.mjs): every recorded stream of the format, ms per pass, x of theirs');
  log('   theirs: openai ChatCompletionStream, @anthropic-ai/sdk MessageStream, ai readUIMessageStream (SSE: parseJsonEventStream first)');
  for (const row of rows) {
    const label = `${row.format}, ${row.label}`;
    const rate = (ms) => `${((row.chunks / ms) / 1e3).toFixed(2)} M chunks/s ${((row.mb / ms) * 1e3).toFixed(0)} MB/s`;
    log(`    ${pad(`  ${label}`, LABEL + 20)}${lpad(row.oursMs.toFixed(2), 9)}${lpad(row.theirsMs.toFixed(2), 9)}${lpad(fmtRatio(row.ratio), 8)}   ours ${rate(row.oursMs)}, theirs ${rate(row.theirsMs)}`);
    results.push({ id: `stream/${label}`, section: '11', label, msPerPass: row.oursMs, peerMsPerPass: row.theirsMs, ratioToPeer: row.ratio, chunks: row.chunks, mb: row.mb });
    targets.push({ label: `stream ${label}`, figure: `${fmtRatio(row.ratio)} of the official (target <= ${row.target}x)`, met: row.met });
  }
}

log('');
log('Targets (from the issue)');
const targetWidth = Math.max(...targets.map((t) => t.label.length));
for (const t of targets) log(`  ${pad(t.label, targetWidth)}  ${pad(t.figure, 34)} ${status(t.met)}${t.informational ? ' (reported separately, not a target)' : ''}`);
const official = targets.filter((t) => !t.informational);
log(`  ${official.filter((t) => t.met).length} of ${official.length} met. (${process.uptime().toFixed(1)} s in all)`);

if (JSON_OUT) {
  console.log(JSON.stringify({
    package: 'agent-messages', version, node: process.version, platform: `${process.platform}-${process.arch}`, cpu, cpus: os.cpus().length, loadAverageAtStart: load,
    peers: { zod: versionOf('zod'), valibot: versionOf('valibot'), ajv: versionOf('ajv'), ulid: versionOf('ulid') },
    profile: QUICK ? 'quick' : 'full', settings: profile,
    results, size, startup: start, builds, targets,
  }, null, 2));
}
