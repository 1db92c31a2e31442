// Proves the package works as a consumer gets it from npm: `npm pack` of pkg/, installed from
// the tarball into a scratch project, then used through require(), through import (sharing
// one instance with require), and from strict TypeScript with "moduleResolution": "nodenext"
// (where the declarations type correct code and reject wrong code). Also pins what the
// tarball ships. Run: node --test tests/consumer/
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PKG = path.join(ROOT, 'pkg');
const TSC = path.join(ROOT, 'node_modules/.bin/tsc');
const LONG = { timeout: 180_000 };

let tmp, app, packed;
const inApp = (cmd, args) => run(cmd, args, { cwd: app, timeout: 120_000, maxBuffer: 16 << 20 });
const write = (name, text) => writeFile(path.join(app, name), text);

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
      /^(index|kernel|swarm|agens|bedrock|openai)\.(cjs|mjs|browser\.mjs|d\.ts)$/,
      /^(swarm|agens|bedrock|openai)\.root\.d\.ts$/,
      /^api\.(cjs|mjs)$/,
      /^(node|web)\/agent_messages(\.js|\.d\.ts|_bg\.wasm|_bg\.wasm\.d\.ts)$/,
      /^node\/package\.json$/,
      /^types\/generated\.d\.ts$/,
    ];
    const unexpected = files.filter((f) => !allowed.some((re) => re.test(f)));
    assert.deepEqual(unexpected, [], `unexpected files in the tarball: ${unexpected.join(', ')}`);
    for (const need of [
      'package.json', 'README.md', 'index.cjs', 'index.mjs', 'index.browser.mjs', 'index.d.ts',
      'kernel.cjs', 'kernel.mjs', 'kernel.browser.mjs', 'kernel.d.ts', 'types/generated.d.ts',
      'node/agent_messages.js', 'node/agent_messages_bg.wasm', 'node/package.json',
      'web/agent_messages.js', 'web/agent_messages_bg.wasm',
    ]) assert.ok(files.includes(need), `tarball lacks ${need}`);
  });
});
