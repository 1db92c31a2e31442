// The playground (www/) in headless Debian Chromium: served by scripts/serve.mjs on a free port,
// it must show for every example the issues (code, path, line) and the conversions (messages,
// losses, or the package's error) that the package itself gives in Node for the same text; show
// the error of a broken conversion; build Kernel messages; work offline once loaded; and fit a
// 375 px screen. Screenshots of the main states go to test-artifacts/playground/. The time to
// interactive is printed, never asserted. Run: node --test tests/browser/
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
const FORMATS = ['kernel', 'swarm', 'agens', 'bedrock', 'openai'];
// What each example's `source` reading means: a format and a message type of the package.
const READINGS = {
  kernel: ['kernel', 'KernelMessage'], swarm: ['swarm', 'IModelMessage'], agens: ['agens', 'Message'],
  bedrock: ['bedrock', 'AgentResponse'], 'bedrock-event': ['bedrock', 'Event'], openai: ['openai', 'ChatCompletionMessageParam'],
};

// ---- what the package says in Node ---------------------------------------------------------

const byText = (a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);

// The package's issues for `text` read as `source`, each with the line it points at.
function expectedIssues(text, source) {
  const [format, type] = READINGS[source];
  const validator = api[format][type];
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

// The package's conversion: { messages (JSON form), losses } or { error: { name, code, message } }.
function expectedConversion(value, from, to, strict = false) {
  try {
    const r = api.convert(value, { from, to, strict });
    return { messages: JSON.parse(api[to].toJSON(r.messages)), losses: r.losses };
  } catch (e) {
    return { error: { name: e.name, code: e.code ?? '', message: e.message } };
  }
}

// Kernel targets get fresh ids and timestamps from the clock: compare those by shape only.
function withoutFreshIds(messages, to) {
  if (to !== 'kernel') return messages;
  return messages.map(({ id, timestamp, ...rest }) => {
    assert.match(id, /^[0-9A-HJKMNP-TV-Z]{26}$/, 'a Kernel id is a ULID');
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
      index: Number(tr.dataset.index), path: JSON.parse(tr.dataset.path), code: tr.dataset.code, detail: tr.lastElementChild.textContent,
    })),
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
  assert.deepEqual(shown.losses, want.losses, `${where}: losses`);
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
  const targets = await page.$$eval('#target option', (os) => os.map((o) => o.value));
  assert.deepEqual(targets, FORMATS, 'every format is offered as a target');
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
          : api.checkConversation(value, { format: READINGS[ex.source][0] }).map((f) => ({ code: f.code, path: [f.index, ...f.path], severity: f.severity }));
        assert.deepEqual(shown.findings, findings.map(({ code, path }) => ({ code, path })), 'conversation checks');
        if (ex.broken) assert.ok(findings.some((f) => f.severity === 'error'), 'a broken example with no issues has failing checks');
      } else {
        assert.deepEqual(shown.findings, []);
      }

      for (const target of targets) {
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
