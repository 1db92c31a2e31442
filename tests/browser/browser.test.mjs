// Proves the built package works in a real browser with no bundler: Chromium loads
// pkg/index.browser.mjs and pkg/kernel.browser.mjs through an import map, fetches the wasm,
// and the Kernel API (constructors, validation, JSON text, the lossless codec, hostile values)
// answers correctly in the page. Run: node --test tests/browser/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const PKG = fileURLToPath(new URL('../../pkg/', import.meta.url));
const MIME = {
  '.wasm': 'application/wasm', '.mjs': 'text/javascript', '.js': 'text/javascript',
  '.json': 'application/json', '.html': 'text/html; charset=utf-8',
};

const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>agent-messages browser test</title>
<script type="importmap">
{ "imports": { "agent-messages": "/pkg/index.browser.mjs", "agent-messages/kernel": "/pkg/kernel.browser.mjs" } }
</script>
<script type="module" src="/page.mjs"></script>`;

// Runs in the page; everything it reports is plain JSON, so it crosses to Node intact.
const PAGE_SCRIPT = `
import { kernel, ValidationError, version } from 'agent-messages';
import * as K from 'agent-messages/kernel';

const out = { version, sameKernel: K.default === kernel };
const brief = (r) => (r.ok ? { ok: true } : { ok: false, issues: r.issues.map(({ code, path }) => ({ code, path })) });

// Constructors and validation.
const reply = K.createReplyMessage({ text: 'hello' });
const made = kernel.createMessage('tool-call', { name: 'search', args: { q: 'x' } });
out.reply = { type: reply.type, idLength: reply.id.length, timestampIsNumber: typeof reply.timestamp === 'number' };
out.made = { type: made.type, is: kernel.is(made) };
out.good = brief(K.validate(reply));
out.bad = brief(kernel.validate({ id: 'a', timestamp: 'soon', type: 'reply' }));
try { K.createReplyMessage({}); out.ctorThrew = false; }
catch (e) { out.ctorThrew = e instanceof ValidationError && e.issues.some((i) => i.path[0] === 'text'); }

// JSON text.
out.jsonGood = brief(K.validateJson(JSON.stringify(reply)));
out.jsonBad = brief(K.validateJson('{"id":"a",'));
out.jsonWrongShape = brief(K.validateJson('{"id":"a","timestamp":1,"type":"reasoning","title":"t"}'));

// The lossless codec: Uint8Array and Error survive toJSON/fromJSON.
const input = K.createInputMessage({ text: 'see file', files: [{ data: new Uint8Array([0, 1, 2, 253, 254, 255]), filename: 'a.bin' }] });
const cause = new RangeError('tool blew up');
const results = K.createToolResultsMessage({ results: [{ callId: 'c1', name: 'calc', output: null, error: cause }] });
const text = kernel.toJSON([input, results]);
const back = kernel.fromJSON(text);
const data = back[0].files[0].data, err = back[1].results[0].error;
out.codec = {
  textIsString: typeof text === 'string',
  bytesRestored: data instanceof Uint8Array, bytes: Array.from(data),
  errorRestored: err instanceof Error, errorIsRange: err instanceof RangeError,
  errorName: err.name, errorMessage: err.message, validAfter: kernel.validateMany(back).every((r) => r.ok),
};

// Hostile values: each gives issues, none throws, and the module keeps answering.
const base = () => ({ id: 'a', timestamp: 1, type: 'tool-call', name: 't' });
const cyclic = base(); cyclic.args = { }; cyclic.args.self = cyclic.args;
const { proxy, revoke } = Proxy.revocable({}, {}); revoke();
const throwing = { id: 'a', timestamp: 1, type: 'reply', get text() { throw new Error('getter says no'); } };
const big = 'x'.repeat(5 * 1024 * 1024);
const hostile = {
  cyclic, revokedProxy: proxy, revokedInside: { ...base(), args: { p: proxy } }, throwingGetter: throwing,
  bigStringAsType: { ...base(), type: big }, bigStringAsTimestamp: { ...base(), timestamp: big },
  bigint: { ...base(), timestamp: 10n }, nan: { ...base(), timestamp: NaN }, bigintArg: { ...base(), args: { n: 1n } },
};
out.hostile = {};
for (const [name, value] of Object.entries(hostile)) {
  try {
    const r = kernel.validate(value);
    out.hostile[name] = { ...brief(r), issueBytes: r.ok ? 0 : JSON.stringify(r.issues).length };
  } catch (e) { out.hostile[name] = { threw: String(e) }; }
}
out.bigStringOk = kernel.validate({ ...base(), type: 'reply', text: big }).ok;
out.afterwards = { good: K.validate(K.createReplyMessage({ text: 'still here' })).ok, bad: kernel.is({}) };

window.__result = out;
`;

function serve() {
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    let file = null, body = null;
    if (url.pathname === '/favicon.ico') return res.writeHead(204).end();
    if (url.pathname === '/' || url.pathname === '/index.html') body = PAGE, file = 'index.html';
    else if (url.pathname === '/page.mjs') body = PAGE_SCRIPT, file = 'page.mjs';
    else if (url.pathname.startsWith('/pkg/')) {
      file = path.join(PKG, decodeURIComponent(url.pathname.slice(5)));
      if (!file.startsWith(PKG)) file = null;
    }
    try {
      if (!file) throw new Error('not found');
      body ??= await readFile(file);
      res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

test('Kernel API in Chromium through an import map', { timeout: 120_000 }, async (t) => {
  // Cleanup in reverse order of set-up: the browser, then its profile, then the server.
  let server, userDataDir, context;
  t.after(async () => {
    try { await context?.close(); } finally {
      if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
      if (server) await new Promise((r) => server.close(r));
    }
  });
  server = await serve();
  userDataDir = await mkdtemp(path.join(tmpdir(), 'am-chromium-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

  const page = context.pages()[0] ?? (await context.newPage());
  // Errors fail the test; so do warnings, e.g. the glue's fallback when the wasm MIME type is wrong.
  const errors = [], warnings = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
    if (m.type() === 'warning') warnings.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  const failed = [];
  page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });

  const { port } = server.address();
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => window.__result !== undefined, null, { timeout: 60_000 })
    .catch((e) => { throw new Error(`page never finished: ${errors.join('; ') || e.message}`); });
  const r = await page.evaluate(() => window.__result);

  assert.deepEqual(errors, [], 'no console errors');
  assert.deepEqual(warnings, [], 'no console warnings (wasm compiled by streaming)');
  assert.deepEqual(failed, [], 'no failed requests');
  assert.match(r.version, /^\d+\.\d+\.\d+/);
  assert.equal(r.sameKernel, true, 'kernel entry re-exports the root kernel');

  assert.deepEqual(r.reply, { type: 'reply', idLength: 26, timestampIsNumber: true });
  assert.deepEqual(r.made, { type: 'tool-call', is: true });
  assert.deepEqual(r.good, { ok: true });
  assert.equal(r.bad.ok, false);
  assert.deepEqual(r.bad.issues, [{ code: 'invalid_type', path: ['timestamp'] }, { code: 'missing', path: ['text'] }]);
  assert.equal(r.ctorThrew, true, 'createReplyMessage({}) throws a ValidationError naming text');

  assert.deepEqual(r.jsonGood, { ok: true });
  assert.deepEqual(r.jsonBad.issues.map((i) => i.code), ['invalid_json']);
  assert.deepEqual(r.jsonWrongShape.issues, [{ code: 'missing', path: ['summary'] }]);

  assert.deepEqual(r.codec, {
    textIsString: true, bytesRestored: true, bytes: [0, 1, 2, 253, 254, 255],
    errorRestored: true, errorIsRange: true, errorName: 'RangeError', errorMessage: 'tool blew up', validAfter: true,
  });

  const h = r.hostile;
  for (const [name, v] of Object.entries(h)) {
    assert.equal(v.threw, undefined, `${name} must not throw`);
    assert.equal(v.ok, false, `${name} must give issues`);
    assert.ok(v.issueBytes < 4096, `${name}: issues stay small (${v.issueBytes} bytes)`);
  }
  assert.deepEqual(h.cyclic.issues, [{ code: 'cycle', path: ['args', 'self'] }]);
  assert.deepEqual(h.revokedProxy.issues, [{ code: 'unreadable', path: [] }]);
  assert.deepEqual(h.revokedInside.issues, [{ code: 'unreadable', path: ['args', 'p'] }]);
  assert.deepEqual(h.throwingGetter.issues, [{ code: 'unreadable', path: ['text'] }]);
  assert.deepEqual(h.bigStringAsType.issues, [{ code: 'unknown_type', path: ['type'] }]);
  assert.deepEqual(h.bigStringAsTimestamp.issues, [{ code: 'invalid_type', path: ['timestamp'] }]);
  assert.deepEqual(h.bigint.issues, [{ code: 'invalid_type', path: ['timestamp'] }]);
  assert.deepEqual(h.nan.issues, [{ code: 'not_finite', path: ['timestamp'] }]);
  assert.deepEqual(h.bigintArg.issues, [{ code: 'invalid_type', path: ['args', 'n'] }]);
  assert.equal(r.bigStringOk, true, 'a 5 MB string where a string belongs is valid');
  assert.deepEqual(r.afterwards, { good: true, bad: false });
});
