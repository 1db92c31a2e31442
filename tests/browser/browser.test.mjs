// Proves the built package works in a real browser with no bundler: Chromium loads
// pkg/index.browser.mjs and the subpath entries (pkg/<format>.browser.mjs) through an import
// map, fetches the wasm, and the API answers correctly in the page: the Kernel (constructors,
// validation, JSON text, the lossless codec, hostile values), then agent-swarm-kit, Agens,
// Bedrock Swarm and OpenAI Chat (formats.page.mjs). One server and one Chromium serve both
// tests, each in a page of its own. Run: node --test tests/browser/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium.mjs';
import { run } from './providers.cases.mjs';

const PKG = fileURLToPath(new URL('../../pkg/', import.meta.url));
const FORMATS_SCRIPT = fileURLToPath(new URL('./formats.page.mjs', import.meta.url));
const PROVIDERS_SCRIPT = fileURLToPath(new URL('./providers.page.mjs', import.meta.url));
const PROVIDERS_CASES = fileURLToPath(new URL('./providers.cases.mjs', import.meta.url));
const STREAMS_SCRIPT = fileURLToPath(new URL('./streams.page.mjs', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../../../shared/fixtures/streams/', import.meta.url));
const MIME = {
  '.wasm': 'application/wasm', '.mjs': 'text/javascript', '.js': 'text/javascript',
  '.json': 'application/json', '.html': 'text/html; charset=utf-8',
};

const IMPORT_MAP = JSON.stringify({
  imports: Object.fromEntries([
    ['agent-messages', '/pkg/index.browser.mjs'],
    ...['kernel', 'swarm', 'agens', 'bedrock', 'openai', 'anthropic', 'ai-sdk'].map((f) => [`agent-messages/${f}`, `/pkg/${f}.browser.mjs`]),
  ]),
});
const page = (script) => `<!doctype html>
<meta charset="utf-8">
<title>agent-messages browser test</title>
<script type="importmap">${IMPORT_MAP}</script>
<script type="module" src="${script}"></script>`;

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
    if (url.pathname === '/' || url.pathname === '/index.html') body = page('/page.mjs'), file = 'index.html';
    else if (url.pathname === '/page.mjs') body = PAGE_SCRIPT, file = 'page.mjs';
    else if (url.pathname === '/formats.html') body = page('/formats.mjs'), file = 'formats.html';
    else if (url.pathname === '/formats.mjs') file = FORMATS_SCRIPT;
    else if (url.pathname === '/providers.html') body = page('/providers.mjs'), file = 'providers.html';
    else if (url.pathname === '/providers.mjs') file = PROVIDERS_SCRIPT;
    else if (url.pathname === '/providers.cases.mjs') file = PROVIDERS_CASES;
    else if (url.pathname === '/streams.html') body = page('/streams.mjs'), file = 'streams.html';
    else if (url.pathname === '/streams.mjs') file = STREAMS_SCRIPT;
    else if (url.pathname.startsWith('/fixtures/')) {
      file = path.join(FIXTURES, decodeURIComponent(url.pathname.slice(10)));
      if (!file.startsWith(FIXTURES)) file = null;
    }
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

// One server and one browser for every test; cleanup in reverse order of set-up: the browser,
// then its profile, then the server.
let server, browser, context;
before(async () => {
  server = await serve();
  browser = await launchChromium();
  context = browser.context;
}, { timeout: 60_000 });
after(async () => {
  try { await browser?.close(); } finally {
    if (server) await new Promise((r) => server.close(r));
  }
});

// Opens `pathname` in a fresh page, waits for the page script's window.__result and returns
// it; fails on a console error, a console warning (e.g. the glue's fallback when the wasm MIME
// type is wrong), an uncaught exception or a failed request.
async function runPage(pathname) {
  const page = await context.newPage();
  try {
    const errors = [], warnings = [], failed = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
      if (m.type() === 'warning') warnings.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });

    const { port } = server.address();
    await page.goto(`http://127.0.0.1:${port}${pathname}`);
    await page.waitForFunction(() => window.__result !== undefined, null, { timeout: 60_000 })
      .catch((e) => { throw new Error(`page never finished: ${errors.join('; ') || e.message}`); });
    const r = await page.evaluate(() => window.__result);

    assert.deepEqual(errors, [], 'no console errors');
    assert.deepEqual(warnings, [], 'no console warnings (wasm compiled by streaming)');
    assert.deepEqual(failed, [], 'no failed requests');
    return r;
  } finally {
    await page.close();
  }
}

test('Kernel API in Chromium through an import map', { timeout: 120_000 }, async () => {
  const r = await runPage('/');
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

test('agent-swarm-kit, Agens, Bedrock Swarm and OpenAI Chat in Chromium through their subpath entries', { timeout: 120_000 }, async (t) => {
  const r = await runPage('/formats.html');
  const issue = (code, ...p) => ({ code, path: p });
  const invalid = (...issues) => ({ ok: false, issues });
  const threwIssues = (...issues) => ({ validationError: true, issues });

  // Each subpath entry is the root namespace, and its named exports are the namespace's.
  for (const f of ['swarm', 'agens', 'bedrock', 'openai']) {
    assert.equal(r.entries[f].same, true, `agent-messages/${f} default export is the root ${f}`);
    assert.deepEqual(r.entries[f].differing, [], `agent-messages/${f} named exports are the root ${f}'s`);
  }
  assert.equal(r.entries.swarm.frozen, true);
  assert.equal(r.entries.swarm.message, true, 'swarm Message is IModelMessage');
  assert.equal(r.entries.agens.message, true, 'agens AgensMessage is Message');

  await t.test('swarm', () => {
    const s = r.swarm;
    assert.deepEqual(s.user, { message: { role: 'user', agentName: 'triage', content: 'hi', mode: 'user' }, is: true });
    assert.deepEqual(s.call, { idOk: true, function: { name: 'search', arguments: { q: 'x' } }, is: true });
    assert.deepEqual(s.good, { ok: true });
    assert.deepEqual(s.noAgentName, threwIssues(issue('missing', 'agentName')));
    assert.deepEqual(s.stringArgs, invalid(issue('arguments_json_string', 'tool_calls', 0, 'function', 'arguments')));
    assert.deepEqual(s.stringArgsCtor, threwIssues(issue('arguments_json_string', 'function', 'arguments')));
    assert.deepEqual(s.mixedImages, invalid(issue('mixed_items', 'images', 1)));
    assert.deepEqual(s.codec, {
      tagged: [{ $bytes: 'AAH+/w==' }, { $bytes: '' }], images: [[0, 1, 254, 255], []], argBytes: [7, 8], reencoded: true, valid: true,
    }, 'byte images come back as Uint8Array');
  });

  await t.test('agens', () => {
    const g = r.agens;
    assert.deepEqual(g.message, { idOk: true, input: 'hi', caller: '#PID<0.1.2>', retries: 0, next: [], is: true });
    assert.deepEqual(g.good, { ok: true });
    assert.deepEqual(g.emptyInputCtor, threwIssues(issue('too_small', 'input')));
    assert.deepEqual(g.bad, invalid(issue('too_small', 'input'), issue('invalid_format', 'caller')));
    assert.deepEqual(g.badInMany, [{ ok: true }, invalid(issue('invalid_format', 'caller'))]);
    assert.deepEqual(g.codec, {
      tagged: { $bytes: 'AAH/' }, bytes: [0, 1, 255],
      next: [{ type: 'route', node_id: 'a', count: 2 }, { type: 'retry', reason: 'why' }], reencoded: true, valid: true,
    });
  });

  await t.test('bedrock', () => {
    const b = r.bedrock;
    assert.deepEqual(b.parent, { idOk: true, timestampOk: true, parent_event_id: null, details: {}, metadata: {}, is: true });
    assert.deepEqual(b.child, { idOk: true, linked: true, names: ['calc', 'r1', 't1'], type: 'tool_start', details: { tool_name: 'calculator' }, is: true });
    assert.deepEqual(b.badEventCtor, threwIssues(issue('missing', 'agent_name'), issue('missing', 'run_id'), issue('missing', 'thread_id')));
    assert.deepEqual(b.good, { ok: true });
    assert.deepEqual(b.badTimestamp, invalid(issue('invalid_format', 'timestamp')));
    assert.deepEqual(b.badResponse, invalid(issue('missing', 'tool_calls')));
    assert.deepEqual(b.tree, { roots: [true], isMap: true, children: [true], issues: [] });
    assert.deepEqual(b.dangling, { roots: ['parent', 'orphan'], issues: [issue('dangling_parent', 1, 'parent_event_id')] });
    assert.deepEqual(b.codec, { tagged: { $bytes: 'AAH/' }, bytes: [0, 1, 255], eventBytes: [9], reencoded: true, valid: true });
  });

  await t.test('openai', () => {
    const o = r.openai;
    assert.deepEqual(o.user, { message: { role: 'user', content: 'hi' }, is: true });
    assert.deepEqual(o.call, { idOk: true, type: 'function', function: { name: 'search', arguments: '{"q":"rust"}' }, is: true });
    assert.deepEqual(o.args, { ok: true });
    assert.deepEqual(o.argsValue, { q: 'rust' });
    assert.deepEqual(o.good, { ok: true });
    assert.deepEqual(o.brokenArgs, invalid(issue('invalid_json_string', 'tool_calls', 1, 'function', 'arguments')));
    assert.deepEqual(o.brokenArgsCtor, threwIssues(issue('invalid_json_string', 'function', 'arguments')));
    assert.deepEqual(o.ftpImage, invalid(issue('invalid_format', 'content', 0, 'image_url', 'url')));
    assert.deepEqual(o.ftpImageCtor, threwIssues(issue('invalid_format', 'image_url', 'url')));
    assert.deepEqual(o.codec, {
      imageUrl: 'data:image/png;base64,iVBORw0KGgoA/w==', tagged: { $bytes: 'AAH/' }, bytes: [0, 1, 255], imageBack: true,
      arguments: '{"q":"rust"}', reencoded: true, valid: true,
    });
  });

  // The foundation's hostile cases, for each format: issues (small ones), never a throw, from
  // validate, is and validateMany; toJSON and fromJSON refuse them with a ValidationError.
  const expected = {
    swarm: {
      cyclic: issue('cycle', 'tool_calls', 0), revokedInside: issue('unreadable', 'images', 0),
      throwingGetter: issue('unreadable', 'content'), bigint: issue('invalid_type', 'mode'), nan: issue('invalid_type', 'content'),
      bigString: issue('arguments_json_string', 'tool_calls', 0, 'function', 'arguments'),
    },
    agens: {
      cyclic: issue('cycle', 'next', 0), revokedInside: issue('unreadable', 'next', 0), throwingGetter: issue('unreadable', 'input'),
      bigint: issue('invalid_type', 'retries'), nan: issue('not_finite', 'retries'), bigString: issue('invalid_format', 'caller'),
    },
    bedrock: {
      cyclic: issue('cycle', 'tool_calls', 0), revokedInside: issue('unreadable', 'tool_calls', 0),
      throwingGetter: issue('unreadable', 'content'), bigint: issue('invalid_type', 'content'), nan: issue('invalid_type', 'content'),
      bigString: issue('unknown_type', 'type'),
      'event.revokedProxy': issue('unreadable'), 'event.revokedInside': issue('unreadable', 'details'),
      'event.throwingGetter': issue('unreadable', 'timestamp'), 'event.bigint': issue('invalid_type', 'timestamp'),
      'event.nan': issue('invalid_type', 'timestamp'), 'event.bigString': issue('invalid_format', 'timestamp'),
    },
    openai: {
      cyclic: issue('cycle', 'content', 0), revokedInside: issue('unreadable', 'content', 0),
      throwingGetter: issue('unreadable', 'content'), bigint: issue('invalid_type', 'content'), nan: issue('invalid_type', 'content'),
      bigString: issue('invalid_format', 'content', 0, 'image_url', 'url'),
    },
  };
  const bad = {
    swarm: invalid(issue('mixed_items', 'images', 1)),
    agens: invalid(issue('too_small', 'input')),
    bedrock: invalid(issue('invalid_format', 'timestamp')),
    openai: invalid(issue('invalid_json_string', 'tool_calls', 0, 'function', 'arguments')),
  };
  const rootProxyCodec = [];
  for (const [f, cases] of Object.entries(expected)) {
    await t.test(`${f}: hostile values give issues without throwing`, () => {
      const h = r.hostile[f];
      for (const [name, want] of Object.entries({ revokedProxy: issue('unreadable'), ...cases })) {
        const v = h[name];
        assert.equal(v.threw, undefined, `${f} ${name} must not throw`);
        assert.deepEqual({ ok: v.ok, issues: v.issues }, invalid(want), `${f} ${name}`);
        assert.ok(v.issueBytes < 4096, `${f} ${name}: issues stay small (${v.issueBytes} bytes)`);
        assert.equal(v.is, false, `${f} ${name}: is`);
        assert.deepEqual(v.many, [false, true], `${f} ${name}: validateMany`);
        if (name.endsWith('revokedProxy')) { rootProxyCodec.push(`${f} ${name}: toJSON ${v.toJSON}, fromJSON ${v.fromJSON}`); continue; }
        assert.equal(v.toJSON, 'ValidationError', `${f} ${name}: toJSON refuses it`);
        assert.equal(v.fromJSON, 'ValidationError', `${f} ${name}: fromJSON refuses it`);
      }
      assert.equal(h.bigOk, true, `${f}: a 5 MB string where a string belongs is valid`);
      assert.deepEqual(h.afterwards, { good: true, is: true, bad: bad[f] }, `${f} keeps answering`);
    });
  }

  await t.test('bedrock: buildEventTree never throws on hostile events', () => {
    const tree = r.hostile.bedrock.tree;
    assert.deepEqual(tree.list.issues, [
      issue('invalid_type', 0), issue('unreadable', 1, 'id'), issue('invalid_type', 2, 'parent_event_id'),
      issue('invalid_type', 3, 'id'), issue('cycle', 5, 'parent_event_id'),
    ]);
    assert.equal(tree.list.roots, 4, 'b (unusable parent), the 5 MB id, s (cycle cut), the event with cyclic details');
    assert.ok(tree.list.issueBytes < 4096);
    assert.deepEqual(tree.revokedList, { roots: 0, issues: [issue('invalid_input')], issueBytes: tree.revokedList.issueBytes });
    assert.deepEqual(tree.bigString, { roots: 0, issues: [issue('invalid_input')], issueBytes: tree.bigString.issueBytes });
  });

  assert.deepEqual(r.afterwards, { swarm: true, agens: true, bedrock: true, openai: true }, 'constructors still work after the hostile values');

  // Known gap, reported rather than hidden: toJSON/fromJSON given a revoked Proxy at the root
  // throw the engine's TypeError from Array.isArray (pkg/api.mjs, `check(value, o, ENCODE |
  // (Array.isArray(value) ? LIST : 0)…)`), not a ValidationError; validate reports it fine.
  await t.test('conversions run in the page: OpenAI ⇄ Kernel with bytes, losses, detection, checks, kernelRender', () => {
    assert.deepEqual(r.convert, {
      kernelTypes: ['input', 'tool-calls', 'tool-results'],
      kernelValid: true,
      bytes: [1, 2, 3],
      lossesIn: 0,
      backEqual: true,
      lossyCodes: ['unsupported_message'],
      detected: 'openai',
      findings: ['call_without_result'],
      rendered: {
        roles: ['user', 'assistant', 'tool'],
        valid: true,
        output: { type: 'text', value: 'done' },
        findings: ['file_not_rendered'],
      },
    });
  });

  await t.test('swarm and Agens convert in the page: swarm ⇄ Kernel with bytes and options, Agens ⇄ OpenAI', () => {
    assert.deepEqual(r.convertMore, {
      kernel: ['p1 7 input', 'p2 7 reply'],
      bytes: [4, 5],
      swarmBack: [
        { role: 'user', agentName: 'agent', content: 'Look', mode: 'user', images: [[4, 5]] },
        { role: 'assistant', agentName: 'agent', content: 'Seen.', mode: 'tool' },
      ],
      swarmLosses: ['0 dropped_field', '1 dropped_field'],
      chat: [{ role: 'user', content: 'go' }, { role: 'assistant', content: 'done' }],
      agensBack: [{ input: 'go', result: 'done' }],
      refused: 'lossy_conversion',
      badOption: 'TypeError',
    });
  });

  await t.test('toJSON/fromJSON of a revoked Proxy throw a ValidationError', () => {
    assert.deepEqual(rootProxyCodec.filter((line) => !line.endsWith('toJSON ValidationError, fromJSON ValidationError')), []);
  });
});

test('Anthropic Messages and the AI SDK in Chromium through their subpath entries: as in Node, hostile values included', { timeout: 120_000 }, async () => {
  const r = await runPage('/providers.html');
  for (const [name, e] of Object.entries(r.entries)) {
    assert.equal(e.same, true, `${name}: the subpath entry's default export is the root namespace`);
    assert.deepEqual(e.differing, [], `${name}: its named exports are the namespace's`);
  }
  assert.equal(r.entries.aiSdk.ui, true, 'agent-messages/ai-sdk exports UIMessage');
  const api = await import('../../pkg/index.mjs');
  const node = run({ anthropic: api.anthropic, aiSdk: api.aiSdk, ValidationError: api.ValidationError });
  assert.deepEqual(r.cases, node, 'the page answers exactly as Node does');
  for (const [format, c] of Object.entries(node)) {
    assert.deepEqual(c.good, { ok: true }, `${format}: the good value is valid`);
    assert.equal(c.bigOk, true, `${format}: a 5 MB string where a string belongs is valid`);
    assert.deepEqual(c.afterwards, { good: true, is: true }, `${format} keeps answering`);
    for (const [name, v] of Object.entries(c.hostile)) {
      assert.equal(v.threw, undefined, `${format} ${name} must not throw`);
      assert.equal(v.ok, false, `${format} ${name} is invalid`);
      assert.ok(v.issues.length > 0 && v.issueBytes < 4096, `${format} ${name}: issues, small ones (${v.issueBytes} bytes)`);
      assert.equal(v.is, false, `${format} ${name}: is`);
      assert.deepEqual(v.many, [false, true], `${format} ${name}: validateMany`);
      if (name === 'revokedProxy') continue;
      assert.equal(v.toJSON, 'ValidationError', `${format} ${name}: toJSON refuses it`);
      assert.equal(v.fromJSON, 'ValidationError', `${format} ${name}: fromJSON refuses it`);
    }
    for (const [name, v] of Object.entries(c.broken)) assert.equal(v.ok, false, `${format} ${name} is invalid`);
  }
});

test('stream accumulators in Chromium: fetch(...).body straight in, recorded streams folded', { timeout: 120_000 }, async () => {
  const r = await runPage('/streams.html');
  assert.deepEqual(r.anthropicSse, { ok: true, count: 1, issues: [], blocks: ['text', 'tool_use'], input: { path: 'a.txt' } });
  assert.deepEqual(r.anthropicResponses, { ok: true, count: 2, issues: [] });
  assert.deepEqual(r.openaiSse, { ok: true, count: 1, issues: [], name: 'read_file', args: { path: 'a.txt' } });
  assert.deepEqual(r.ui, { ok: true, count: 1, issues: [], parts: r.ui.parts });
  assert.ok(r.ui.parts > 3);
  assert.deepEqual(r.partial, { text: '{"city": "Ber', value: { city: 'Ber' } });
  assert.deepEqual(r.broken, [['delta_before_start', [3, 'index']]]);
});
