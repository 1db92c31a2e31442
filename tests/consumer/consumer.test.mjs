// Proves the package works as a consumer gets it from npm: `npm pack` of pkg/, installed from
// the tarball into a scratch project, then used through require(), through import (sharing
// one instance with require), and from strict TypeScript with "moduleResolution": "nodenext"
// (where the declarations type correct code and reject wrong code); and a small page that
// imports it, bundled by Vite (a production build) and by esbuild, run in headless Chromium:
// validation and conversion answer as in Node, and the wasm is fetched. Also pins what the
// tarball ships. Run: node --test tests/consumer/
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../browser/chromium.mjs';
import { WASM_GZIP_LIMIT } from '../../bench/budgets.mjs';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PKG = path.join(ROOT, 'pkg');
const TSC = path.join(ROOT, 'node_modules/.bin/tsc');
const VITE = path.join(ROOT, 'node_modules/.bin/vite');
const ESBUILD = path.join(ROOT, 'node_modules/.bin/esbuild');
const LONG = { timeout: 180_000 };

let tmp, app, packed;
const inApp = (cmd, args) => run(cmd, args, { cwd: app, timeout: 120_000, maxBuffer: 16 << 20 });
const write = async (name, text) => {
  await mkdir(path.dirname(path.join(app, name)), { recursive: true });
  await writeFile(path.join(app, name), text);
};

before(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'am-consumer-'));
  app = path.join(tmp, 'app');
  const npmEnv = { ...process.env, npm_config_cache: path.join(tmp, 'npm-cache'), npm_config_update_notifier: 'false' };
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', tmp], { cwd: PKG, env: npmEnv, ...LONG });
  [packed] = JSON.parse(stdout);
  await run('mkdir', [app]);
  await write('package.json', JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2));
  await run('npm', ['install', '--no-audit', '--no-fund', path.join(tmp, packed.filename)], { cwd: app, env: npmEnv, ...LONG });
}, LONG);

after(() => tmp && rm(tmp, { recursive: true, force: true }));

describe('installed from the packed tarball', () => {
  it('works through require() (CommonJS)', LONG, async () => {
    const { stdout } = await inApp('node', ['-e', `
      const api = require('agent-messages');
      const kernel = require('agent-messages/kernel');
      const m = kernel.createReplyMessage({ text: 'hi' });
      console.log(JSON.stringify({
        same: kernel === api.kernel,
        good: kernel.validate(m).ok,
        bad: kernel.validate({ id: 'a', timestamp: 1, type: 'reply' }).issues.map((i) => i.path.join('.')),
        version: api.version === require('agent-messages/package.json').version,
      }));`]);
    assert.deepEqual(JSON.parse(stdout), { same: true, good: true, bad: ['text'], version: true });
  });

  it('works through import (ESM) and shares one instance with require()', LONG, async () => {
    await write('esm.mjs', `
      import { createRequire } from 'node:module';
      import { kernel } from 'agent-messages';
      import kernelDefault, { validate, createReplyMessage, registeredTypes } from 'agent-messages/kernel';
      const cjs = createRequire(import.meta.url)('agent-messages');
      const out = {
        sameObject: cjs.kernel === kernel && kernelDefault === kernel,
        good: validate(createReplyMessage({ text: 'hi' })).ok,
        beforeRegister: validate({ id: 'a', timestamp: 1, type: 'from-cjs' }).ok,
      };
      cjs.kernel.registerType('from-cjs');
      out.seenByEsm = registeredTypes().includes('from-cjs') && validate({ id: 'a', timestamp: 1, type: 'from-cjs' }).ok;
      kernel.registerType('from-esm');
      out.seenByCjs = cjs.kernel.registeredTypes().includes('from-esm');
      kernel.unregisterType('from-cjs');
      out.unregisteredForCjs = !cjs.kernel.is({ id: 'a', timestamp: 1, type: 'from-cjs' });
      console.log(JSON.stringify(out));`);
    const { stdout } = await inApp('node', ['esm.mjs']);
    assert.deepEqual(JSON.parse(stdout), {
      sameObject: true, good: true, beforeRegister: false, seenByEsm: true, seenByCjs: true, unregisteredForCjs: true,
    });
  });

  it('types strict TypeScript (nodenext): right code compiles, wrong code does not', LONG, async () => {
    const compilerOptions = {
      target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext',
      strict: true, noEmit: true, skipLibCheck: false, types: [],
    };
    await write('tsconfig.json', JSON.stringify({ compilerOptions, files: ['good.ts'] }));
    await write('tsconfig.bad.json', JSON.stringify({ compilerOptions, files: ['bad.ts'] }));
    await write('good.ts', `
      import { kernel, ValidationError, generateUid, type KernelToolCall, type KernelMessage, type Issue,
        type StandardSchemaV1 } from 'agent-messages';
      import kernelDefault, { validate, createMessage, createReplyMessage, ToolCall as ToolCallValidator,
        type ToolCall, type ReplyMessage, type Message, type ValidationResult } from 'agent-messages/kernel';

      type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
      const exact = <T extends true>(): T | void => {};

      declare const x: unknown;
      const r = kernel.validate(x);
      if (r.ok) {
        const m: KernelMessage = r.value;
        if (m.type === 'input') { const d: Uint8Array | undefined = m.files?.[0]?.data; void d; }
      } else {
        const issues: Issue[] = r.issues;
        const where: (string | number)[] = issues[0]?.path ?? [];
        void where;
      }
      const r2: ValidationResult<Message> = validate(x);
      void r2;

      if (kernel.is(x)) { const t: KernelMessage['type'] = x.type; void t; }
      if (kernel.ReplyMessage.is(x)) { const text: string = x.text; void text; }

      const reply = createMessage('reply', { text: 'x' });
      exact<Equals<typeof reply, ReplyMessage>>();
      exact<Equals<ReturnType<typeof createReplyMessage>, ReplyMessage>>();
      const withCustom = createReplyMessage({ text: 'x', id: generateUid(), traceId: 7 });
      void withCustom;

      const call: ToolCall = { id: 'c1', name: 'search', args: { q: ['x', 1, null] } };
      const same: KernelToolCall = call;
      exact<Equals<ToolCall, KernelToolCall>>();
      const checked: ToolCall = ToolCallValidator.assert(same);
      void checked;

      const schema: StandardSchemaV1<unknown, KernelMessage> = kernelDefault.schema;
      void schema;
      try { kernel.assert(x); } catch (e) { if (e instanceof ValidationError) { const i: Issue[] = e.issues; void i; } }
      const text: string = kernel.toJSON([reply]);
      const back: KernelMessage | KernelMessage[] = kernel.fromJSON(text);
      void back;
    `);
    // Each line marked "// error" must be reported, and nothing else.
    const bad = `import { kernel } from 'agent-messages';
import { createReplyMessage, createMessage, type ReplyMessage } from 'agent-messages/kernel';
import type { ToolCall } from 'agent-messages'; // error: the root names it KernelToolCall
createReplyMessage({}); // error: text is missing
createReplyMessage({ text: 5 }); // error: text is a string
const wrong: ReplyMessage = createMessage('input', {}); // error: an InputMessage is not a ReplyMessage
const r = kernel.validate({});
r.value; // error: not narrowed by r.ok
kernel.validate({}, { strict: 'yes' }); // error: strict is a boolean
`;
    await write('bad.ts', bad);

    const good = await inApp(TSC, ['-p', 'tsconfig.json']).then(() => null, (e) => e.stdout || e.message);
    assert.equal(good, null, `good.ts must compile:\n${good}`);

    const failure = await inApp(TSC, ['-p', 'tsconfig.bad.json']).then(() => null, (e) => e);
    assert.ok(failure, 'bad.ts must not compile');
    const reported = [...failure.stdout.matchAll(/^bad\.ts\((\d+),\d+\): error TS\d+/gm)].map((m) => Number(m[1]));
    const expected = bad.split('\n').flatMap((line, i) => (line.includes('// error') ? [i + 1] : []));
    assert.deepEqual([...new Set(reported)], expected, `errors on the marked lines only:\n${failure.stdout}`);
  });

  it('ships only the expected files', (t) => {
    const files = packed.files.map((f) => f.path).sort();
    t.diagnostic(`${packed.filename}: ${files.length} files, ${packed.size} bytes packed: ${files.join(' ')}`);
    const allowed = [
      /^(package\.json|README\.md|LICENSE[\w.-]*)$/,
      /^(index|kernel|swarm|agens|bedrock|openai|anthropic|ai-sdk)\.(cjs|mjs|browser\.mjs|d\.ts)$/,
      /^(swarm|agens|bedrock|openai|anthropic|ai-sdk|ai-sdk-ui)\.root\.d\.ts$/,
      /^api\.(cjs|mjs)$/,
      /^(node|web|web-validate|web-validate-anthropic|web-validate-ai-sdk)\/agent_messages(\.js|\.d\.ts|_bg\.wasm|_bg\.wasm\.d\.ts)$/,
      /^(validate|validate-anthropic|validate-ai-sdk|page)\.browser\.mjs$/,
      /^node\/package\.json$/,
      /^types\/generated\.d\.ts$/,
      // The command line (tests/cli/ runs it).
      /^bin\/agent-messages\.mjs$/,
      /^cli\/\w+\.mjs$/,
    ];
    const unexpected = files.filter((f) => !allowed.some((re) => re.test(f)));
    assert.deepEqual(unexpected, [], `unexpected files in the tarball: ${unexpected.join(', ')}`);
    for (const need of [
      'package.json', 'README.md', 'index.cjs', 'index.mjs', 'index.browser.mjs', 'index.d.ts',
      'kernel.cjs', 'kernel.mjs', 'kernel.browser.mjs', 'kernel.d.ts', 'types/generated.d.ts',
      'node/agent_messages.js', 'node/agent_messages_bg.wasm', 'node/package.json',
      'web/agent_messages.js', 'web/agent_messages_bg.wasm',
      'web-validate/agent_messages.js', 'web-validate/agent_messages_bg.wasm', 'validate.browser.mjs', 'page.browser.mjs',
      'web-validate-anthropic/agent_messages_bg.wasm', 'validate-anthropic.browser.mjs',
      'web-validate-ai-sdk/agent_messages_bg.wasm', 'validate-ai-sdk.browser.mjs',
      'bin/agent-messages.mjs', 'cli/main.mjs',
    ]) assert.ok(files.includes(need), `tarball lacks ${need}`);
  });
});

// The pages both bundlers build, and Node runs as they are: what the package answers, as JSON.
// `whole` imports the root entry (conversions included); `validate` only format entries, so
// it must fetch the validation wasm alone; `mixed` and `entryFirst` both, in either order.
const REPLY = "{ id: '01JD7Z8Q0000000000000000AB', timestamp: 1732233600000, type: 'reply', text: 'Hello' }";
// What the two pages that validate both answer (`kernel`, `openai`, `reply`, `made` and
// `assertThrew` are theirs).
const VALIDATION = `
  valid: kernel.validate(reply).ok,
  made: kernel.is(made) && made.id.length,
  invalid: kernel.validate({ id: 'a', timestamp: 'soon', type: 'reply' }).issues.map((i) => i.code + ' ' + i.path.join('.')),
  json: kernel.validateJson(JSON.stringify(reply)).ok,
  badJson: kernel.validateJson('{"id":').issues[0].code,
  assertThrew,
  openai: [openai.validate({ role: 'user', content: 'x' }).ok, openai.is({ role: 'wizard' })],`;
const PAGES = {
  whole: `
import { kernel, openai, convert, ValidationError, version } from 'agent-messages';
const reply = ${REPLY};
let assertThrew = false;
try { kernel.assert({ type: 'reply' }); } catch (e) { assertThrew = e instanceof ValidationError; }
const made = kernel.createReplyMessage({ text: 'made here' });
globalThis.__result = {
  version,
${VALIDATION}
  converted: convert([reply], { from: 'kernel', to: 'openai' }),
  back: convert([{ role: 'user', content: 'hi' }], { from: 'openai', to: 'swarm', agentName: 'a' }).messages,
};
`,
  validate: `
import * as kernel from 'agent-messages/kernel';
import * as openai from 'agent-messages/openai';
const reply = ${REPLY};
let assertThrew = false;
try { kernel.assert({ type: 'reply' }); } catch (e) { assertThrew = e.name === 'ValidationError'; }
const made = kernel.createReplyMessage({ text: 'made here' });
globalThis.__result = {
${VALIDATION}
  fromJSON: openai.fromJSON({ role: 'user', content: 'x' }),
};
`,
  // The root first: the format entry is the root's namespace (one instance, one download).
  mixed: `
import { kernel, convert } from 'agent-messages';
import * as kernelEntry from 'agent-messages/kernel';
globalThis.__result = {
  same: kernelEntry.default === kernel,
  converted: convert([${REPLY}], { from: 'kernel', to: 'openai' }).messages,
};
`,
  // A format entry first: a bundle runs it before the root, so each loads its own wasm, and a
  // Kernel type registered through one is known to the other.
  entryFirst: `
import * as kernelEntry from 'agent-messages/kernel';
import { kernel, convert } from 'agent-messages';
const custom = { id: '01JD7Z8Q0000000000000000AB', timestamp: 1, type: 'x-note', text: 'n' };
const before = [kernel.is(custom), kernelEntry.is(custom)];
kernelEntry.registerType('x-note');
const registered = [kernel.is(custom), kernelEntry.is(custom), kernel.registeredTypes(), kernelEntry.registeredTypes()];
const removed = kernel.unregisterType('x-note');
globalThis.__result = {
  before,
  registered,
  removed,
  after: [kernel.is(custom), kernelEntry.is(custom), kernelEntry.registeredTypes()],
  converted: convert([${REPLY}], { from: 'kernel', to: 'openai' }).messages,
};
`,
  // The provider formats' entries alone: each family's own validation wasm.
  anthropic: `
import * as anthropic from 'agent-messages/anthropic';
globalThis.__result = {
  valid: anthropic.validate({ role: 'user', content: 'hi' }).ok,
  invalid: anthropic.validate({ role: 'assistant', content: [{ type: 'thinking', thinking: 'x' }] }).issues.map((i) => i.code + ' ' + i.path.join('.')),
};
`,
  aiSdk: `
import * as aiSdk from 'agent-messages/ai-sdk';
globalThis.__result = {
  valid: aiSdk.validate({ role: 'user', content: 'hi' }).ok,
  ui: aiSdk.UIMessage.validate({ id: 'm', role: 'assistant', parts: [{ type: 'tool-f', toolCallId: 'c', state: 'output-available', input: {} }] }).issues.map((i) => i.code + ' ' + i.path.join('.')),
};
`,
};
// What each page must fetch: the wasm files under the package's folders.
const FETCHES = {
  whole: ['web'], validate: ['web-validate'], mixed: ['web'], entryFirst: ['web', 'web-validate'],
  anthropic: ['web-validate-anthropic'], aiSdk: ['web-validate-ai-sdk'],
};
// The budgets (bench/budgets.mjs, declared once for this test and the benchmark).
const BUDGET = WASM_GZIP_LIMIT;
const BROWSER_BUILDS = Object.keys(BUDGET);

const MIME = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };

describe('bundled for the browser from the packed tarball (Vite, esbuild)', () => {
  let server, browser;
  const inNode = {};
  const dist = (bundler, name) => path.join(app, `dist-${bundler}`, name);

  before(async () => {
    for (const [name, source] of Object.entries(PAGES)) {
      await write(`pages/${name}/main.js`, source);
      await write(`pages/${name}/index.html`, '<!doctype html>\n<meta charset="utf-8">\n<title>consumer</title>\n<script type="module" src="./main.js"></script>\n');
      // What Node says, to compare the pages with.
      const { stdout } = await inApp('node', ['--input-type=module', '-e',
        `await import('./pages/${name}/main.js'); console.log(JSON.stringify(globalThis.__result));`]);
      inNode[name] = JSON.parse(stdout);
      // Vite: a production build; each wasm becomes an asset of its own (relative URLs, so the
      // page works from any directory).
      await inApp(VITE, ['build', `pages/${name}`, '--base', './', '--outDir', dist('vite', name), '--emptyOutDir', '--logLevel', 'warn']);
      // esbuild: one ES module for the browser. It leaves new URL('./web/...wasm', import.meta.url)
      // as it is, so the wasm is copied to that place beside the bundle, as a consumer would.
      await inApp(ESBUILD, [`pages/${name}/main.js`, '--bundle', '--format=esm', '--platform=browser', '--minify', `--outdir=${dist('esbuild', name)}`, '--log-level=warning']);
      await copyFile(path.join(app, `pages/${name}/index.html`), path.join(dist('esbuild', name), 'index.html'));
      for (const dir of BROWSER_BUILDS) {
        await mkdir(path.join(dist('esbuild', name), dir), { recursive: true });
        await copyFile(path.join(app, `node_modules/agent-messages/${dir}/agent_messages_bg.wasm`), path.join(dist('esbuild', name), `${dir}/agent_messages_bg.wasm`));
      }
    }

    server = http.createServer(async (req, res) => {
      const url = new URL(req.url, 'http://x');
      if (url.pathname === '/favicon.ico') return res.writeHead(204).end();
      const [, bundler, name, ...rest] = url.pathname.split('/');
      const root = ['vite', 'esbuild'].includes(bundler) && name in PAGES ? dist(bundler, name) : null;
      const file = root && path.join(root, decodeURIComponent(rest.join('/')) || 'index.html');
      try {
        if (!file || !file.startsWith(root)) throw new Error('not found');
        const body = await readFile(file);
        res.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
        res.end(body);
      } catch {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      }
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    browser = await launchChromium();
  }, LONG);

  after(async () => {
    try { await browser?.close(); } finally {
      if (server) await new Promise((r) => server.close(r));
    }
  });

  // The package's wasm files, by folder, to tell which one a fetched (perhaps renamed) file is.
  const shipped = async () => Object.fromEntries(await Promise.all(BROWSER_BUILDS.map(async (dir) =>
    [dir, await readFile(path.join(app, `node_modules/agent-messages/${dir}/agent_messages_bg.wasm`))])));

  it('the browser builds differ, and each is within its budget (gzip -9)', async (t) => {
    const files = await shipped();
    const all = Object.values(files);
    assert.equal(new Set(all.map((b) => b.toString('base64'))).size, all.length, 'each build is a different wasm');
    for (const [dir, bytes] of Object.entries(files)) {
      const size = gzipSync(bytes, { level: 9 }).length;
      t.diagnostic(`${dir}: ${size} B gzip (budget ${BUDGET[dir]})`);
      assert.ok(size <= BUDGET[dir], `${dir}: ${size} B gzip, over ${BUDGET[dir]}`);
    }
  });

  for (const bundler of ['vite', 'esbuild']) {
    for (const name of Object.keys(PAGES)) {
      it(`${bundler}, the ${name} page: answers as in Node, fetching ${FETCHES[name].join(' and ')}`, LONG, async () => {
        const files = await shipped();
        const page = await browser.context.newPage();
        try {
          const errors = [], warnings = [], failed = [], fetched = [];
          page.on('console', (m) => {
            if (m.type() === 'error') errors.push(m.text());
            if (m.type() === 'warning') warnings.push(m.text());
          });
          page.on('pageerror', (e) => errors.push(String(e)));
          page.on('response', async (r) => {
            if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
            if (!new URL(r.url()).pathname.endsWith('.wasm')) return;
            fetched.push(r.body().then((body) => ({
              dir: Object.keys(files).find((dir) => files[dir].equals(body)) ?? 'unknown',
              status: r.status(),
              type: r.headers()['content-type'],
            })));
          });
          await page.goto(`http://127.0.0.1:${server.address().port}/${bundler}/${name}/`);
          await page.waitForFunction(() => globalThis.__result !== undefined, null, { timeout: 60_000 })
            .catch((e) => { throw new Error(`the page never finished: ${errors.join('; ') || e.message}`); });
          const r = await page.evaluate(() => globalThis.__result);
          assert.deepEqual(errors, [], 'no console errors');
          assert.deepEqual(warnings, [], 'no console warnings (the wasm compiled by streaming)');
          assert.deepEqual(failed, [], 'no failed requests');
          const wasm = (await Promise.all(fetched)).sort((a, b) => a.dir.localeCompare(b.dir));
          assert.deepEqual(wasm, FETCHES[name].map((dir) => ({ dir, status: 200, type: 'application/wasm' })),
            'each wasm the page needs fetched once, and no other');
          if (name === 'whole' || name === 'validate') {
            assert.equal(r.valid, true);
            assert.equal(r.made, 26);
            assert.deepEqual(r.invalid, ['invalid_type timestamp', 'missing text']);
          } else if (name === 'anthropic') {
            assert.deepEqual(r, { valid: true, invalid: ['missing_signature content.0.signature'] });
          } else if (name === 'aiSdk') {
            assert.deepEqual(r, { valid: true, ui: ['tool_state_mismatch parts.0.output'] });
          } else if (name === 'mixed') {
            assert.equal(r.same, true, 'the kernel entry is the root kernel');
          } else {
            assert.deepEqual(r.before, [false, false]);
            assert.deepEqual(r.registered, [true, true, ['x-note'], ['x-note']], 'one registry for both instances');
            assert.deepEqual(r.after, [false, false, []]);
          }
          assert.deepEqual(r, { ...inNode[name], ...('made' in r ? { made: r.made } : {}) }, 'the page answers as Node does');
        } finally {
          await page.close();
        }
      });
    }
  }
});
