// The playground (www/) in headless Debian Chromium: served by scripts/serve.mjs on a free port,
// it must show for every example the issues (code, path, line) and the conversions (messages,
// losses, or the package's error) that the package itself gives in Node for the same text; show
// the error of a broken conversion; build Kernel messages; work offline once loaded; and fit a
// 375 px screen. And (issue 9) never offer the input's own format as the target, list identical
// losses once with the messages they are in, give a constructor's error as JSON without its
// stack, and describe an empty message in its own format's words. Screenshots of the main states
// go to test-artifacts/playground/. The time to interactive is printed, never asserted.
// Run: node --test tests/browser/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium.mjs';
import api from '../../pkg/index.mjs';
import { serve } from '../../scripts/serve.mjs';
import { EXAMPLES } from '../../www/examples.mjs';
import { shapeOf, jsonlRecords, locate, syntaxPosition } from '../../www/locate.mjs';

const ARTIFACTS = fileURLToPath(new URL('../../test-artifacts/playground/', import.meta.url));
// The formats conversions take: every one a target.
const FORMATS = ['kernel', 'swarm', 'agens', 'bedrock', 'openai', 'anthropic', 'ai-sdk', 'ai-sdk-ui'];
// What each example's `source` reading means: a format, a message type of the package, and the
// namespace that holds it when that is not the format's name.
const READINGS = {
  kernel: ['kernel', 'KernelMessage'], swarm: ['swarm', 'IModelMessage'], agens: ['agens', 'Message'],
  bedrock: ['bedrock', 'AgentResponse'], 'bedrock-event': ['bedrock', 'Event'], openai: ['openai', 'ChatCompletionMessageParam'],
  anthropic: ['anthropic', 'MessageParam'], 'anthropic-prompt': ['anthropic', 'Prompt'],
  'ai-sdk': ['ai-sdk', 'ModelMessage', 'aiSdk'], 'ai-sdk-ui': ['ai-sdk-ui', 'UIMessage', 'aiSdk'],
};

// ---- what the package says in Node ---------------------------------------------------------

const byText = (a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);

// The package's issues for `text` read as `source`, each with the line it points at.
function expectedIssues(text, source) {
  const [format, type, ns = format] = READINGS[source];
  const validator = api[ns][type];
  const shape = shapeOf(text);
  const issues = [];
  if (shape === 'jsonl') {
    jsonlRecords(text).forEach((rec, i) => {
      const r = validator.validateJson(rec.text);
      if (!r.ok) issues.push(...r.issues.map((s) => ({ ...s, path: [i, ...s.path] })));
    });
  } else {
    const r = validator.validateJson(text);
    if (!r.ok) issues.push(...r.issues);
  }
  return issues.map((s) => {
    const at = s.code === 'invalid_json' ? syntaxPosition(text, s.message, shape, s.path[0]) : locate(text, s.path, shape);
    return { code: s.code, path: s.path, line: at?.line ?? null, message: s.message, exact: at?.exact };
  });
}

function parsed(text) {
  try {
    return shapeOf(text) === 'jsonl' ? jsonlRecords(text).map((r) => JSON.parse(r.text)) : JSON.parse(text);
  } catch {
    return undefined;
  }
}

// Losses as the page lists them: one row per same code, same path and same detail, in the order
// each first appears, with the indices of the messages it is in.
function groupedLosses(losses) {
  const rows = [];
  for (const { index, path, code, detail } of losses) {
    const row = rows.find((r) => r.code === code && r.detail === detail && JSON.stringify(r.path) === JSON.stringify(path));
    if (row) row.indices.push(index);
    else rows.push({ indices: [index], path, code, detail });
  }
  return rows;
}

// The package's conversion: { messages (JSON form), losses } or { error: { name, code, message } }.
// A finding's place as the page shows it: in a Prompt, under `messages` (the system's own, index
// null, under `system`); in a list, its message's index first.
const placeOf = (f, source) => (source === 'anthropic-prompt'
  ? (f.index === null ? f.path : ['messages', f.index, ...f.path])
  : [f.index, ...f.path]);

function expectedConversion(value, from, to, strict = false) {
  try {
    const r = api.convert(value, { from, to, strict });
    const v = to === 'ai-sdk' ? api.aiSdk : to === 'ai-sdk-ui' ? api.aiSdk.UIMessage : api[to];
    const messages = JSON.parse(v.toJSON(r.messages));
    // Anthropic: the Prompt's `system` beside the messages, as the page shows it.
    return { messages: r.system === undefined ? messages : { system: r.system, messages }, losses: r.losses };
  } catch (e) {
    return { error: { name: e.name, code: e.code ?? '', message: e.message } };
  }
}

// Kernel targets get fresh ids and timestamps from the clock, UIMessage targets fresh ids:
// compare those by shape only.
function withoutFreshIds(messages, to) {
  if (to === 'ai-sdk-ui') {
    return messages.map(({ id, ...rest }) => {
      assert.equal(typeof id, 'string', 'a UIMessage id');
      return rest;
    });
  }
  if (to !== 'kernel') return messages;
  return messages.map(({ id, timestamp, ...rest }) => {
    // Generated: a ULID; carried from a source that has ids (a UIMessage's): the source's.
    assert.ok(typeof id === 'string' && id.length > 0, 'a Kernel id');
    assert.equal(typeof timestamp, 'number');
    return rest;
  });
}

// ---- what the page shows ---------------------------------------------------------------------

const readPage = (page) => page.evaluate(() => {
  const $ = (s) => document.querySelector(s);
  const rows = (sel) => [...document.querySelectorAll(sel)].map((li) => ({
    code: li.dataset.code, path: JSON.parse(li.dataset.path), line: li.dataset.line ? Number(li.dataset.line) : null,
    // The listing line just above the issue: where it is shown.
    shownAt: li.closest('li.notes')?.previousElementSibling?.dataset.line ?? null,
  }));
  const err = $('#convert-error');
  return {
    example: document.body.dataset.example,
    source: $('#summary').dataset.source,
    verdict: $('#verdict')?.textContent,
    issues: rows('#listing li.issue'),
    findings: rows('#checks li.finding').map(({ code, path }) => ({ code, path })),
    convertError: err.hidden ? null : { name: err.dataset.name, code: err.dataset.code, message: $('#convert-message').textContent },
    converted: $('#converted-wrap').hidden ? null : $('#converted').textContent,
    losses: [...document.querySelectorAll('#losses tbody tr')].map((tr) => ({
      indices: JSON.parse(tr.dataset.indices), path: JSON.parse(tr.dataset.path), code: tr.dataset.code, detail: tr.lastElementChild.textContent,
    })),
    lossRows: [...document.querySelectorAll('#losses tbody tr')].map((tr) => tr.innerText.replace(/\s+/g, ' ').trim()),
    lossCount: $('#loss-count').textContent,
    target: $('#target').value,
    disabledTargets: [...document.querySelectorAll('#target option')].filter((o) => o.disabled).map((o) => o.value),
  };
});

function compareConversion(shown, want, where) {
  if (want.error) {
    assert.equal(shown.converted, null, `${where}: no output when the package refuses`);
    assert.deepEqual(shown.convertError, want.error, `${where}: the package's error is shown`);
    return;
  }
  assert.equal(shown.convertError, null, `${where}: no error`);
  assert.deepEqual(withoutFreshIds(JSON.parse(shown.converted), to(where)), withoutFreshIds(want.messages, to(where)), `${where}: converted messages`);
  assert.deepEqual(shown.losses, groupedLosses(want.losses), `${where}: losses, identical ones in one row`);
}
const to = (where) => where.split('→ ')[1];

// ---- set-up -------------------------------------------------------------------------------

let server, browser, context, base;
const problems = [];
before(async () => {
  server = await serve({ port: 0 });
  base = `http://127.0.0.1:${server.address().port}`;
  await mkdir(ARTIFACTS, { recursive: true });
  browser = await launchChromium({ viewport: { width: 1280, height: 900 } });
  context = browser.context;
}, { timeout: 60_000 });
after(async () => {
  try { await browser?.close(); } finally {
    if (server) await new Promise((r) => server.close(r));
  }
});

// A page on the playground, ready; console errors, warnings, page errors and failed requests
// are collected into `problems` (asserted empty by each test).
async function open(viewport) {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e}`));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`); });
  await page.goto(`${base}/`);
  await page.waitForFunction(() => window.__playground?.ready, null, { timeout: 60_000 });
  return page;
}
const shot = async (page, name) => {
  await page.waitForFunction(() => window.__playground.offline, null, { timeout: 10_000 }).catch(() => console.log(`${name}: the service worker is not ready`));
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(`screenshot: ${path.relative(process.cwd(), file)}`);
};
const noProblems = () => assert.deepEqual(problems.splice(0), [], 'no console errors or warnings, no failed requests');
// Submits the constructor form and waits for its answer (reading a file makes it asynchronous).
async function build(page) {
  await page.click('#build-submit');
  await page.waitForSelector('#built-wrap:not([hidden]), #build-error:not([hidden])');
}
const loadExample = (page, id) => page.click(`button[data-example="${id}"]`);

// ---- tests --------------------------------------------------------------------------------

test('examples: a valid and a broken one for every format, JSONL among them', () => {
  for (const format of FORMATS) {
    const mine = EXAMPLES.filter((e) => READINGS[e.source][0] === format);
    assert.ok(mine.some((e) => !e.broken), `${format}: a valid example`);
    assert.ok(mine.some((e) => e.broken), `${format}: a broken example`);
  }
  assert.ok(EXAMPLES.some((e) => shapeOf(e.text) === 'jsonl' && e.broken) && EXAMPLES.some((e) => shapeOf(e.text) === 'jsonl' && !e.broken), 'JSONL, valid and broken');
  assert.equal(new Set(EXAMPLES.map((e) => e.id)).size, EXAMPLES.length, 'ids are unique');
});

test('the page loads the package and reports its time to interactive', { timeout: 120_000 }, async () => {
  const page = await open();
  const info = await page.evaluate(() => ({ ...window.__playground, footer: document.getElementById('tti').textContent }));
  console.log(`time to interactive (first load, cold cache): ${info.tti.toFixed(1)} ms`);
  assert.equal(info.version, api.version, 'the page runs the package from pkg/');
  assert.match(info.footer, /^interactive in \d+ ms$/);
  await page.reload();
  await page.waitForFunction(() => window.__playground?.ready);
  console.log(`time to interactive (reload): ${(await page.evaluate(() => window.__playground.tti)).toFixed(1)} ms`);
  await loadExample(page, 'kernel-conversation');
  assert.equal((await readPage(page)).verdict, 'valid');
  await shot(page, 'valid');
  await page.close();
  noProblems();
});

test('every example: the issues, their lines, the checks and every conversion are the package\'s', { timeout: 300_000 }, async (t) => {
  const page = await open();
  assert.deepEqual(await page.$$eval('#target option', (os) => os.map((o) => o.value)), FORMATS, 'every format is listed as a target');
  for (const ex of EXAMPLES) {
    await t.test(ex.id, async () => {
      await loadExample(page, ex.id);
      const shown = await readPage(page);
      assert.equal(shown.example, ex.id);
      assert.equal(shown.source, ex.source, 'read as the example\'s format');

      const want = expectedIssues(ex.text, ex.source);
      if (!ex.broken) assert.deepEqual(want, [], 'a valid example has no issues');
      assert.deepEqual(shown.issues.map(({ code, path, line }) => ({ code, path, line })).sort(byText),
        want.map(({ code, path, line }) => ({ code, path, line })).sort(byText), 'issues: code, path, line');
      for (const s of shown.issues) assert.equal(s.shownAt, String(s.line), `${s.code} ${JSON.stringify(s.path)} is shown under its line`);
      // The line really is the one the path names: it holds the last key of the path.
      const lines = ex.text.split('\n');
      for (const w of want) {
        const last = w.path.at(-1);
        if (w.exact && typeof last === 'string') assert.ok(lines[w.line - 1].includes(JSON.stringify(last)), `line ${w.line} holds "${last}"`);
      }
      assert.equal(shown.verdict, want.length ? `${want.length} issue${want.length === 1 ? '' : 's'}` : 'valid');

      const value = parsed(ex.text);
      if (value !== undefined && want.length === 0) {
        // Events are checked as a tree (buildEventTree), everything else as a conversation.
        const findings = ex.source === 'bedrock-event'
          ? api.bedrock.buildEventTree(value).issues.map(({ code, path }) => ({ code, path, severity: 'error' }))
          : api.checkConversation(value, { format: READINGS[ex.source][0] }).map((f) => ({ code: f.code, path: placeOf(f, ex.source), severity: f.severity }));
        assert.deepEqual(shown.findings, findings.map(({ code, path }) => ({ code, path })), 'conversation checks');
        if (ex.broken) assert.ok(findings.some((f) => f.severity === 'error'), 'a broken example with no issues has failing checks');
      } else {
        assert.deepEqual(shown.findings, []);
      }

      // Every format but the input's own is a target.
      const from = READINGS[ex.source][0];
      assert.deepEqual(shown.disabledTargets, FORMATS.includes(from) ? [from] : [], 'the input\'s format is no target');
      assert.equal(shown.target, ex.to, 'the example\'s target is picked');
      for (const target of FORMATS.filter((f) => f !== from)) {
        await page.selectOption('#target', target);
        const where = `${ex.id} → ${target}`;
        const after = await readPage(page);
        if (value === undefined) {
          assert.equal(after.converted, null, `${where}: not JSON, nothing converted`);
          assert.match(after.convertError.message, /not JSON/, `${where}: says why`);
          continue;
        }
        compareConversion(after, expectedConversion(value, READINGS[ex.source][0], target), where);
      }
    });
  }
  await page.close();
  noProblems();
});

test('a broken input: the conversion error is shown, the issues sit at their lines', { timeout: 120_000 }, async () => {
  const page = await open();
  await loadExample(page, 'openai-bad-arguments');
  await page.selectOption('#target', 'kernel');
  const shown = await readPage(page);
  const ex = EXAMPLES.find((e) => e.id === 'openai-bad-arguments');
  const want = expectedConversion(parsed(ex.text), 'openai', 'kernel');
  assert.equal(want.error.name, 'ValidationError', 'the package refuses the broken arguments');
  assert.deepEqual(shown.convertError, want.error);
  assert.ok(await page.isVisible('#convert-error'), 'the error is visible');
  assert.deepEqual(shown.issues.map((s) => s.code), ['invalid_json_string', 'invalid_json_string']);
  await shot(page, 'issues');

  // Typed by hand: a syntax error, then strict mode refusing a lossy conversion.
  await page.fill('#input', '[{"role": "user", "content": "hi"},]');
  await page.waitForFunction(() => document.querySelector('#summary').textContent.includes('not JSON'));
  const typed = await readPage(page);
  const syntax = expectedIssues('[{"role": "user", "content": "hi"},]', typed.source);
  assert.deepEqual(typed.issues.map(({ code, path, line }) => ({ code, path, line })), syntax.map(({ code, path, line }) => ({ code, path, line })));
  assert.equal(typed.issues[0].code, 'invalid_json');
  assert.match(typed.convertError.message, /not JSON/);

  await loadExample(page, 'openai-lossy');
  await page.selectOption('#target', 'kernel');
  await page.check('#strict');
  const strict = await readPage(page);
  const lossy = expectedConversion(parsed(EXAMPLES.find((e) => e.id === 'openai-lossy').text), 'openai', 'kernel', true);
  assert.equal(lossy.error.code, 'lossy_conversion');
  assert.deepEqual(strict.convertError, lossy.error);
  await page.uncheck('#strict');
  const lossless = await readPage(page);
  assert.ok(lossless.losses.length > 0, 'the losses are listed');
  await shot(page, 'converted-with-losses');
  await page.close();
  noProblems();
});

test('the Kernel constructor forms build what the package builds', { timeout: 120_000 }, async (t) => {
  const page = await open();
  const types = await page.$$eval('#build-type option', (os) => os.map((o) => o.value));
  assert.deepEqual(types, [...api.kernel.TYPES], 'a form per Kernel type');
  for (const type of types) {
    await t.test(type, async () => {
      await page.selectOption('#build-type', type);
      await build(page);
      assert.ok(await page.isVisible('#built'), 'the message is shown');
      const text = await page.textContent('#built');
      const message = api.kernel.fromJSON(text);
      assert.equal(message.type, type);
      assert.equal(api.kernel.validate(message).ok, true, 'valid for the package');
    });
  }
  // A required field left empty: the constructor's own ValidationError is shown.
  await page.selectOption('#build-type', 'tool-result');
  await page.fill('#field-result', '');
  await build(page);
  let want;
  try { api.kernel.createToolResultMessage({ callId: 'call_1' }); } catch (e) { want = e.message; }
  assert.ok(want, 'the package refuses a tool-result without result');
  assert.equal(await page.textContent('#build-error .message'), want);
  // A file attachment becomes bytes.
  await page.selectOption('#build-type', 'input');
  await page.setInputFiles('#field-file', { name: 'cat.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) });
  await build(page);
  const input = api.kernel.fromJSON(await page.textContent('#built'));
  assert.deepEqual([...input.files[0].data], [0x89, 0x50, 0x4e, 0x47]);
  assert.deepEqual([input.files[0].filename, input.files[0].mimeType], ['cat.png', 'image/png']);
  await shot(page, 'constructor-form');
  // Added to the input, it is checked there.
  await loadExample(page, 'kernel-conversation');
  await page.click('#append-built');
  const after = await readPage(page);
  assert.equal(after.verdict, 'valid');
  assert.equal(parsed(await page.inputValue('#input')).length, 6);
  await page.close();
  noProblems();
});

// ---- issue 9: the target, grouped losses, constructor errors, empty messages ----------------

// Puts `text` in the input as a paste does (the reading goes back to auto, or to `source` when
// given) and waits for the page to have read it as `expect` (a reading key).
async function enter(page, text, expect, source) {
  await page.dispatchEvent('#input', 'paste');
  await page.fill('#input', text);
  if (source) await page.selectOption('#source', source);
  await page.waitForFunction(([t, s]) => document.getElementById('input').value === t
    && document.getElementById('summary').dataset.source === s, [text, expect]);
  // The input's debounced analysis (150 ms) may still be due: let it run.
  await page.waitForTimeout(200);
}

const kernelMessage = (n, fields) => ({ id: `01JD7Z8Q00000000000000${String(n).padStart(4, '0')}`, timestamp: 1732233600000 + n, ...fields });

test('the target is never the input\'s format: it follows the detected or picked format, keeping a choice that still differs', { timeout: 120_000 }, async () => {
  const page = await open();
  await loadExample(page, 'kernel-conversation');
  let shown = await readPage(page);
  assert.equal(shown.target, 'openai');
  assert.deepEqual(shown.disabledTargets, ['kernel']);

  // An OpenAI chat pasted while the target is OpenAI: the target moves to the first other format.
  const chat = JSON.stringify([{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }], null, 2);
  await enter(page, chat, 'openai');
  shown = await readPage(page);
  assert.equal(shown.target, 'kernel', 'the first format that is not the input\'s');
  assert.deepEqual(shown.disabledTargets, ['openai'], 'OpenAI is no target for an OpenAI chat');
  assert.equal(shown.convertError, null, 'no "Cannot convert openai to openai"');
  assert.ok(shown.converted, 'converted to Kernel');
  assert.equal(await page.$eval('#target option[value="openai"]', (o) => o.textContent), 'OpenAI Chat (the input\'s format)');

  // A target picked by hand stays while it differs from the input's format...
  await page.selectOption('#target', 'swarm');
  await enter(page, JSON.stringify([kernelMessage(1, { type: 'input', text: 'Hi' })]), 'kernel');
  shown = await readPage(page);
  assert.equal(shown.target, 'swarm', 'the choice is kept: it is not the new input\'s format');
  assert.deepEqual(shown.disabledTargets, ['kernel']);
  // ...gives way when the reading picked is its format, and comes back after.
  await page.selectOption('#source', 'swarm');
  shown = await readPage(page);
  assert.equal(shown.source, 'swarm');
  assert.equal(shown.target, 'kernel');
  assert.deepEqual(shown.disabledTargets, ['swarm']);
  assert.ok(!(await page.textContent('#convert-section')).includes('to swarm'), 'no conversion of swarm to swarm');
  await page.selectOption('#source', 'kernel');
  assert.equal((await readPage(page)).target, 'swarm', 'the choice comes back');
  // Cleared input: every format is a target again, the choice stays.
  await enter(page, '', undefined);
  shown = await readPage(page);
  assert.deepEqual(shown.disabledTargets, []);
  assert.equal(shown.target, 'swarm');
  await page.close();
  noProblems();
});

test('identical losses share one row that says how many messages and which', { timeout: 120_000 }, async () => {
  const page = await open();
  const conversation = [
    kernelMessage(0, { type: 'system', text: 'Be brief.' }),
    kernelMessage(1, { type: 'input', text: 'Hi' }),
    kernelMessage(2, { type: 'reply', text: 'Hello' }),
    kernelMessage(3, { type: 'input', text: 'And now?' }),
    kernelMessage(4, { type: 'reply', text: 'Still here.' }),
    kernelMessage(5, { type: 'log', text: 'tool started' }),
    kernelMessage(6, { type: 'log', text: 'tool done' }),
    kernelMessage(7, { type: 'reasoning', title: 'Plan', summary: 'Wait.' }),
  ];
  await enter(page, JSON.stringify(conversation, null, 2), 'kernel');
  await page.selectOption('#target', 'openai');
  const shown = await readPage(page);
  const { losses } = api.convert(conversation, { from: 'kernel', to: 'openai' });
  assert.equal(losses.length, 8, 'the package reports a loss per message');
  assert.deepEqual(shown.losses, groupedLosses(losses));
  assert.deepEqual(shown.losses.map((l) => [l.code, l.indices]), [
    ['dropped_field', [0, 1, 2, 3, 4]], ['unsupported_message', [5, 6]], ['unsupported_message', [7]],
  ], 'one row per distinct loss, in the order each first appears');
  assert.equal(shown.lossCount, '(8 in 3 rows)');
  assert.match(shown.lossRows[0], /^5 messages \(0–4\) id dropped_field OpenAI messages carry no id or timestamp$/);
  assert.match(shown.lossRows[1], /^2 messages \(5, 6\) unsupported_message OpenAI Chat has no log message$/);
  assert.match(shown.lossRows[2], /^message 7 unsupported_message OpenAI Chat has no reasoning message$/);
  await page.locator('#convert-section').screenshot({ path: path.join(ARTIFACTS, 'grouped-losses.png') });
  console.log(`screenshot: ${path.relative(process.cwd(), path.join(ARTIFACTS, 'grouped-losses.png'))}`);

  // Gaps in the indices are listed compactly; strict mode's error groups them the same way.
  const gappy = conversation.filter((_, i) => i !== 2 && i !== 6);
  await enter(page, JSON.stringify(gappy, null, 2), 'kernel');
  const again = await readPage(page);
  assert.deepEqual(again.losses.map((l) => l.indices), [[0, 1, 2, 3], [4], [5]]);
  assert.match(again.lossRows[0], /^4 messages \(0–3\) id /);
  await page.check('#strict');
  const strict = await page.$$eval('#convert-error li', (lis) => lis.map((li) => li.textContent));
  assert.deepEqual(strict, [
    'dropped_field at 4 messages (0–3), id: OpenAI messages carry no id or timestamp',
    'unsupported_message at message 4: OpenAI Chat has no log message',
    'unsupported_message at message 5: OpenAI Chat has no reasoning message',
  ]);
  await page.uncheck('#strict');

  // On a phone the rows still fit.
  await page.setViewportSize({ width: 375, height: 812 });
  await enter(page, JSON.stringify(conversation, null, 2), 'kernel');
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0);
  await page.locator('#convert-section').screenshot({ path: path.join(ARTIFACTS, 'grouped-losses-narrow.png') });
  console.log(`screenshot: ${path.relative(process.cwd(), path.join(ARTIFACTS, 'grouped-losses-narrow.png'))}`);
  await page.close();
  noProblems();
});

test('a constructor\'s error is copyable JSON: name, code, message, issues, never a stack', { timeout: 120_000 }, async () => {
  const page = await open();
  // What "Copy JSON" copies, without the system clipboard.
  await page.evaluate(() => { navigator.clipboard.writeText = async (text) => { window.__copied = text; }; });
  const copied = async () => {
    await page.evaluate(() => { window.__copied = undefined; });
    await page.click('#copy-built');
    return page.evaluate(() => window.__copied);
  };
  // A valid message first: what an error must replace.
  await page.selectOption('#build-type', 'tool-result');
  await build(page);
  assert.equal(api.kernel.fromJSON(await copied()).type, 'tool-result');

  await page.fill('#field-result', '');
  await build(page);
  let want;
  try { api.kernel.createToolResultMessage({ callId: 'call_1' }); } catch (e) { want = e; }
  const text = await copied();
  for (const shownText of [text, await page.textContent('#built')]) {
    const error = JSON.parse(shownText);
    assert.deepEqual(Object.keys(error).filter((k) => !['name', 'code', 'message', 'issues'].includes(k)), [], 'nothing but name, code, message, issues');
    assert.equal(error.name, want.name);
    assert.equal(error.message, want.message);
    assert.deepEqual(error.issues, JSON.parse(JSON.stringify(want.issues)));
    assert.ok(!('stack' in error) && !shownText.includes('stack'), 'no stack');
    assert.doesNotMatch(shownText, /^\s+at /m, 'no stack lines');
  }
  assert.equal(await page.textContent('#built-title'), 'Error');
  assert.equal(await page.isVisible('#append-built'), false, 'an error is not added to the input');
  assert.equal(await page.textContent('#build-error .message'), want.message, 'the error is also shown in words');

  // An error the page raises itself (a JSON field that is not JSON): the same form.
  await page.selectOption('#build-type', 'tool-calls');
  await page.fill('#field-args', '{ detail: high }');
  await build(page);
  const syntax = JSON.parse(await copied());
  assert.deepEqual(Object.keys(syntax), ['name', 'message']);
  assert.equal(syntax.name, 'SyntaxError');
  assert.match(syntax.message, /^Arguments \(JSON\): not JSON/);
  await shot(page, 'constructor-error');

  // Fixed, the message is back, and can be added to the input.
  await page.fill('#field-args', '{ "detail": "high" }');
  await build(page);
  assert.equal(api.kernel.fromJSON(await copied()).type, 'tool-calls');
  assert.equal(await page.textContent('#built-title'), 'Built message');
  assert.ok(await page.isVisible('#append-built'));
  await page.close();
  noProblems();
});

// An empty message of each format (every kind it has), read as that format.
const EMPTY = {
  kernel: [kernelMessage(0, { type: 'system', text: '' }), kernelMessage(1, { type: 'input' }), kernelMessage(2, { type: 'reply', text: '' })],
  openai: [{ role: 'system', content: '' }, { role: 'user', content: '' }, { role: 'assistant', content: '' }],
  swarm: ['system', 'user', 'assistant'].map((role) => ({ role, agentName: 'triage', mode: role === 'user' ? 'user' : 'tool', content: '' })),
  agens: [{ input: 'Summarise', system: '', result: '' }],
  bedrock: [{ type: 'message', content: '' }],
  // Anthropic refuses an empty string: blank text is the empty message it takes.
  anthropic: ['system', 'user', 'assistant'].map((role) => ({ role, content: ' ' })),
  'ai-sdk': ['system', 'user', 'assistant'].map((role) => ({ role, content: '' })),
  'ai-sdk-ui': ['system', 'user', 'assistant'].map((role) => ({ id: role, role, parts: [{ type: 'text', text: '' }] })),
};

test('an empty message is described in its own format\'s words, wherever the page shows it', { timeout: 180_000 }, async (t) => {
  // The package's words for each format's empty messages.
  const words = Object.fromEntries(FORMATS.map((f) => [f, api.checkConversation(EMPTY[f], { format: f })
    .filter((x) => x.code === 'empty_message').map((x) => x.message)]));
  for (const f of FORMATS) assert.ok(words[f].length > 0, `${f}: the package finds the empty messages`);
  const everyWord = [...new Set(Object.values(words).flat())];
  const page = await open();

  await t.test('an empty OpenAI message, converted to Kernel', async () => {
    await enter(page, JSON.stringify([{ role: 'user', content: '' }], null, 2), 'openai');
    await page.selectOption('#target', 'kernel');
    const shown = await page.evaluate(() => document.body.innerText);
    assert.ok(!shown.includes('no text and no files'), 'not in Kernel\'s words');
    assert.ok(shown.includes('the user message\'s content is empty'), 'in OpenAI\'s words, naming its field');
    const note = await page.textContent('#listing li.finding .message');
    assert.match(note, /\bcontent\b/, 'the note under the line names "content"');
    assert.equal(await page.textContent('#converted-checks .carried'), 'As reported for the input above (see the conversation checks): empty_message at [0].');
    assert.equal(await page.textContent('#converted-format'), '(Kernel)');
  });

  for (const from of FORMATS) {
    await t.test(from, async () => {
      await enter(page, JSON.stringify(EMPTY[from], null, 2), from, from);
      for (const to of FORMATS.filter((x) => x !== from)) {
        await page.selectOption('#target', to);
        let shown = await page.evaluate(() => document.body.innerText);
        for (const w of words[from]) assert.ok(shown.includes(w), `${from} → ${to}: "${w}" is shown`);
        // Other formats' words (apart from those this format shares or contains) are not.
        for (const w of words[from]) shown = shown.split(w).join('');
        for (const w of everyWord) assert.ok(!shown.includes(w), `${from} → ${to}: "${w}" is not shown`);
      }
    });
  }
  await page.close();
  noProblems();
});

test('offline once loaded: the service worker serves the page and the package', { timeout: 120_000 }, async () => {
  const page = await open();
  await page.waitForFunction(() => window.__playground.offline === true, null, { timeout: 30_000 });
  await context.setOffline(true);
  try {
    await page.reload();
    await page.waitForFunction(() => window.__playground?.ready, null, { timeout: 30_000 });
    assert.equal(await page.evaluate(() => navigator.onLine), false, 'the browser is offline');
    console.log(`time to interactive (offline, from the service worker): ${(await page.evaluate(() => window.__playground.tti)).toFixed(1)} ms`);
    await loadExample(page, 'kernel-broken');
    const shown = await readPage(page);
    assert.deepEqual(shown.issues.map((s) => s.code).sort(), expectedIssues(EXAMPLES.find((e) => e.id === 'kernel-broken').text, 'kernel').map((s) => s.code).sort());
  } finally {
    await context.setOffline(false);
  }
  await page.close();
  // Offline, a request for a file never cached fails: only failures the page did not make count.
  noProblems();
});

test('a 375 px screen: no horizontal overflow in any state', { timeout: 120_000 }, async () => {
  const page = await open({ width: 375, height: 812 });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  for (const id of ['kernel-conversation', 'openai-bad-arguments', 'openai-lossy', 'kernel-jsonl', 'bedrock-events']) {
    await loadExample(page, id);
    assert.equal(await overflow(), 0, `${id}: the page is no wider than the screen`);
  }
  await page.selectOption('#target', 'kernel');
  assert.equal(await overflow(), 0, 'with losses');
  await shot(page, 'narrow');
  await loadExample(page, 'openai-bad-arguments');
  await page.locator('#issues-section').screenshot({ path: path.join(ARTIFACTS, 'narrow-issues.png') });
  console.log(`screenshot: ${path.relative(process.cwd(), path.join(ARTIFACTS, 'narrow-issues.png'))}`);
  await page.close();
  noProblems();
});
