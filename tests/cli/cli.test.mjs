// The command line as a user gets it: `npm pack` of pkg/, installed from the tarball into a
// scratch project, run as `npx agent-messages ...` over generated logs in every format,
// broken lines included: output, exit codes, --jobs 1 and --jobs 2 giving the same output, and
// a log larger than the heap the process is given (streaming). Run: node --test tests/cli/
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { FORMATS, conversation, jsonl } from './logs.mjs';

const run = promisify(execFile);
const PKG = fileURLToPath(new URL('../../pkg/', import.meta.url));
const LONG = { timeout: 300_000 };

let tmp, app;
const npmEnv = () => ({ ...process.env, npm_config_cache: path.join(tmp, 'npm-cache'), npm_config_update_notifier: 'false' });

/** `npx agent-messages ...args` in the scratch project: { code, stdout, stderr }. */
function cli(args, { input, env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['--no', '--', 'agent-messages', ...args], { cwd: app, env: { ...npmEnv(), ...env } });
    let stdout = '', stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (input !== undefined) child.stdin.end(input);
    else child.stdin.end();
  });
}

const write = async (name, text) => {
  const file = path.join(app, name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  return name;
};

before(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'am-cli-'));
  app = path.join(tmp, 'app');
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', tmp], { cwd: PKG, env: npmEnv(), ...LONG });
  const [packed] = JSON.parse(stdout);
  await mkdir(app);
  await writeFile(path.join(app, 'package.json'), JSON.stringify({ name: 'cli-user', private: true }));
  await run('npm', ['install', '--no-audit', '--no-fund', path.join(tmp, packed.filename)], { cwd: app, env: npmEnv(), ...LONG });
}, LONG);

after(() => tmp && rm(tmp, { recursive: true, force: true }));

/** The broken log: an OpenAI conversation per thread where line 3 lost its tool result, line
 * 5 was cut short, and line 9 has content of the wrong type. */
function brokenLog() {
  const lines = jsonl('openai', 2).trimEnd().split('\n');
  lines.splice(2, 1); // thread 0's tool result
  lines.splice(4, 0, '{"role":"user","content":"cut sh');
  lines.push('{"role":"user","content":5}');
  return `${lines.join('\n')}\n`;
}

describe('agent-messages, installed from the packed tarball', () => {
  it('answers --help for itself and each command, with examples', LONG, async () => {
    const top = await cli(['--help']);
    assert.equal(top.code, 0);
    const commands = ['check', 'convert', 'detect', 'stats', 'accumulate'];
    for (const command of commands) assert.match(top.stdout, new RegExp(`\\b${command}\\b`));
    for (const command of commands) {
      const help = await cli([command, '--help']);
      assert.equal(help.code, 0, help.stderr);
      assert.match(help.stdout, /Examples:\n {2}\$ agent-messages /);
      if (command !== 'accumulate') assert.match(help.stdout, /--jobs <n>/);
    }
  });

  it('exits 2 on a usage error, naming it', LONG, async () => {
    const bad = await cli(['check', '--format', 'nope', 'x.jsonl']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /nope/);
    assert.equal((await cli(['check', '--jobs', '0', 'x.jsonl'])).code, 2);
    assert.equal((await cli(['frobnicate'])).code, 2);
  });

  it('checks logs in every format, as JSONL, conversation lines, JSON files and directories: exit 0', LONG, async () => {
    for (const format of FORMATS) {
      await write(`good/${format}.jsonl`, jsonl(format, 3));
      await write(`good/lines/${format}.jsonl`, jsonl(format, 2, { perLine: 'conversation' }));
      await write(`good/${format}.json`, JSON.stringify(conversation(format, 7), null, 2));
    }
    const r = await cli(['check', '--json', 'good']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    assert.deepEqual(lines.filter((l) => l.type === 'issue'), []);
    const summary = lines.at(-1);
    assert.equal(summary.type, 'summary');
    assert.equal(summary.files, FORMATS.length * 3);
    assert.equal(summary.conversations, FORMATS.length * 4);
    assert.equal(summary.errors, 0);
    // Each format's conversations are detected as that format (OpenAI's template is the
    // source, so some formats share messages: counted by conversation, never by message).
    const detect = await cli(['detect', '--json', 'good']);
    assert.equal(detect.code, 0, detect.stderr);
    for (const c of detect.stdout.trim().split('\n').map((l) => JSON.parse(l))) {
      const named = path.basename(c.file).replace(/\.jsonl?$/, '');
      assert.equal(c.format, named, JSON.stringify(c));
    }
  });

  it('reports each broken line at file:line:column with its code, and exits 1', LONG, async () => {
    await write('broken.jsonl', brokenLog());
    const r = await cli(['check', '--format', 'openai', 'broken.jsonl']);
    assert.equal(r.code, 1);
    const issues = r.stdout.split('\n').filter((l) => l.startsWith('broken.jsonl:'));
    assert.deepEqual(issues, [
      'broken.jsonl:5:33 invalid_json $ unterminated string (found the end of the text)',
      'broken.jsonl:9:26 invalid_type $.content expected string | ChatCompletionContentPart[], received number',
      'broken.jsonl:2:56 call_without_result $.tool_calls[0].id tool call "call_0_a" has no result (model APIs refuse such a conversation)',
    ]);
    assert.match(r.stdout, /issues\s+3 error\(s\), 0 warning\(s\)/);
    assert.match(r.stdout, /messages\s+8 \(1 invalid\), 1 unreadable line\(s\)/);
  });

  it('goes on past a file it cannot open, and exits 1', LONG, async () => {
    await write('ok.jsonl', jsonl('kernel', 1));
    const r = await cli(['check', '--json', 'missing.jsonl', 'ok.jsonl']);
    assert.equal(r.code, 1);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(lines[0].file, 'missing.jsonl');
    assert.equal(lines[0].code, 'unreadable_file');
    assert.match(lines[0].message, /ENOENT/);
    assert.equal(lines.at(-1).files, 2);
    assert.equal(lines.at(-1).messages, 4);
  });

  it('reads stdin, and splits a log into conversations with --group-by', LONG, async () => {
    const log = jsonl('openai', 3, { groupBy: 'thread_id' });
    // Interleave the threads: each result still follows its own thread's call.
    const lines = log.trim().split('\n');
    const mixed = [0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11].map((n) => lines[n]).join('\n');
    const grouped = await cli(['check', '--json', '--group-by', 'thread_id', '-'], { input: mixed });
    assert.equal(grouped.code, 0, grouped.stdout);
    assert.equal(JSON.parse(grouped.stdout.trim().split('\n').at(-1)).conversations, 3);
    const whole = await cli(['check', '--json', '-'], { input: mixed });
    assert.equal(whole.code, 1);
    assert.match(whole.stdout, /result_not_next/);
  });

  it('counts messages, kinds, tool calls and sizes (stats)', LONG, async () => {
    await write('stats.jsonl', jsonl('anthropic', 4));
    const r = await cli(['stats', '--json', 'stats.jsonl']);
    assert.equal(r.code, 0);
    const s = JSON.parse(r.stdout);
    assert.equal(s.messages, 16);
    assert.equal(s.toolCalls, 4);
    assert.equal(s.toolResults, 4);
    assert.deepEqual(s.formats, { anthropic: 16 });
    assert.equal(s.bytes, Buffer.byteLength(jsonl('anthropic', 4)) - 16); // the newlines
    assert.deepEqual(s.kinds, { user: 4, 'tool-calls': 4, 'tool-results': 4, assistant: 4 });
  });

  it('gives the same output with --jobs 1 and --jobs 2 over a log of many batches', LONG, async () => {
    // About 6 MB: batches of 1 MB spread over both workers; broken lines in several batches.
    const parts = [];
    for (let n = 0; n < 8; n++) parts.push(jsonl('openai', 900, { groupBy: 'thread', pad: 20 }).replaceAll('"call_', `"call_${n % 3}_`), brokenLog());
    await write('big.jsonl', parts.join(''));
    assert.ok((await stat(path.join(app, 'big.jsonl'))).size > 5e6);
    for (const args of [['check'], ['check', '--group-by', 'thread'], ['detect', '--group-by', 'thread'], ['stats']]) {
      const one = await cli([...args, '--json', '--jobs', '1', 'big.jsonl']);
      const two = await cli([...args, '--json', '--jobs', '2', 'big.jsonl']);
      assert.equal(two.stdout, one.stdout, args.join(' '));
      assert.equal(two.code, one.code);
      if (args[0] !== 'stats') assert.ok(one.stdout.split('\n').length > 10, one.stdout.slice(0, 200));
    }
  });

  it('converts JSONL to JSONL as the package converts each conversation, checkable again', LONG, async () => {
    const api = (await import('./logs.mjs')).api;
    await write('conv/openai.jsonl', jsonl('openai', 3));
    await write('conv/lines.jsonl', jsonl('openai', 2, { perLine: 'conversation' }));
    const nowhere = await cli(['convert', '--to', 'anthropic', 'conv/openai.jsonl', '-o', 'no/such/dir/x.jsonl']);
    assert.equal(nowhere.code, 1);
    assert.match(nowhere.stderr, /cannot write no\/such\/dir\/x\.jsonl\.tmp-\d+ \(ENOENT\)/);
    await mkdir(path.join(app, 'out'));
    const r = await cli(['convert', '--to', 'anthropic', 'conv/openai.jsonl', 'conv/lines.jsonl', '-o', 'out/anthropic.jsonl', '--losses', 'out/losses.jsonl']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /converted 20 anthropic message\(s\) from 20 message\(s\) in 2 file\(s\)/);
    const lines = (await readFile(path.join(app, 'out/anthropic.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    // The single messages, one conversation (the file), then one line per conversation line.
    const whole = api.convert([0, 1, 2].flatMap((n) => conversation('openai', n)), { from: 'openai', to: 'anthropic' }).messages;
    assert.deepEqual(lines.slice(0, 12), whole);
    for (const n of [0, 1]) {
      assert.deepEqual(lines[12 + n], api.convert(conversation('openai', n), { from: 'openai', to: 'anthropic' }).messages);
    }
    assert.equal(await readFile(path.join(app, 'out/losses.jsonl'), 'utf8'), '');
    const again = await cli(['check', '--format', 'anthropic', 'out/anthropic.jsonl']);
    assert.equal(again.code, 0, again.stdout);
  });

  it('keeps the tagged values of the JSON form (bytes, URLs, escaped references) through a conversion', LONG, async () => {
    // Fuzzing found them dropped in silence: a file part's bytes, an image's URL.
    const message = {
      role: 'user',
      content: [
        { type: 'file', mediaType: 'image/png', data: { $bytes: 'AAEC' } },
        { type: 'image', image: { $url: 'https://a.b/c.png' } },
        { type: 'file', mediaType: 'text/plain', data: { $escape: { $url: 'x' } } },
      ],
    };
    await write('tagged/ai.jsonl', `${JSON.stringify(message)}\n`);
    const same = await cli(['convert', '--from', 'ai-sdk', '--to', 'ai-sdk', 'tagged/ai.jsonl', '-o', 'tagged/same.jsonl']);
    assert.equal(same.code, 0, same.stderr);
    assert.match(same.stderr, /0 loss\(es\)/);
    assert.deepEqual(JSON.parse(await readFile(path.join(app, 'tagged/same.jsonl'), 'utf8')), message);
    const anthropic = await cli(['convert', '--from', 'ai-sdk', '--to', 'anthropic', 'tagged/ai.jsonl', '-o', 'tagged/anthropic.jsonl']);
    assert.equal(anthropic.code, 0, anthropic.stderr);
    assert.deepEqual(JSON.parse(await readFile(path.join(app, 'tagged/anthropic.jsonl'), 'utf8')).content, [
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAEC' } },
      { type: 'image', source: { type: 'url', url: 'https://a.b/c.png' } },
    ]);
    // The reference Anthropic cannot carry is reported, not dropped in silence.
    assert.match(anthropic.stderr, /dropped_field/);
  });

  it('reports losses beside the output; --strict stops at the first and writes nothing', LONG, async () => {
    await write('lossy.jsonl', jsonl('kernel', 2));
    const r = await cli(['convert', '--to', 'bedrock', 'lossy.jsonl', '-o', 'lossy.out.jsonl', '--losses', 'lossy.losses.jsonl']);
    assert.equal(r.code, 0, r.stderr);
    const losses = (await readFile(path.join(app, 'lossy.losses.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    assert.ok(losses.length > 0);
    assert.deepEqual(Object.keys(losses[0]), ['file', 'line', 'column', 'index', 'path', 'code', 'detail']);
    assert.equal(losses[0].line, 1);
    for (const code of new Set(losses.map((l) => l.code))) assert.match(r.stderr, new RegExp(`  ${code}\\s+${losses.filter((l) => l.code === code).length}`));
    const strict = await cli(['convert', '--to', 'bedrock', '--strict', 'lossy.jsonl', '-o', 'strict.out.jsonl']);
    assert.equal(strict.code, 1);
    assert.match(strict.stderr, /stopped at the first loss \(--strict\), nothing written:\nlossy\.jsonl:1:1 unsupported_message /);
    await assert.rejects(stat(path.join(app, 'strict.out.jsonl')));
    const left = (await import('node:fs/promises')).readdir(app);
    assert.deepEqual((await left).filter((f) => f.includes('.tmp-')), []);
  });

  it('converts the same with --jobs 1 and --jobs 2 (ids from the run clock and the place in the file)', LONG, async () => {
    const parts = [];
    for (let n = 0; n < 6; n++) parts.push(jsonl('openai', 900, { perLine: n % 2 ? 'conversation' : 'message', groupBy: 'thread', pad: 20 }).replaceAll('"call_', `"call_${n}_`));
    await write('many.jsonl', parts.join(''));
    const args = ['convert', '--to', 'kernel', '--now', '1700000000000', '--group-by', 'thread', 'many.jsonl'];
    const one = await cli([...args, '--jobs', '1', '-o', 'one.jsonl']);
    const two = await cli([...args, '--jobs', '2', '-o', 'two.jsonl']);
    assert.equal(one.code, 0, one.stderr);
    assert.equal(two.stderr, one.stderr);
    const a = await readFile(path.join(app, 'one.jsonl'), 'utf8');
    assert.equal(await readFile(path.join(app, 'two.jsonl'), 'utf8'), a);
    const ids = a.match(/"id":"[0-9A-Z]{26}"/g);
    assert.equal(new Set(ids).size, ids.length);
    // Single messages keep the property they were grouped by, so the output splits the same.
    const singles = a.trim().split('\n').filter((l) => l.startsWith('{'));
    assert.ok(singles.length > 1000);
    for (const line of singles) assert.match(line, /^\{"thread":"t\d+",/);
  });

  it('accumulates recorded streams in each streamed format as the package does', LONG, async () => {
    const { api } = await import('./logs.mjs');
    const root = fileURLToPath(new URL('../../../shared/fixtures/streams/', import.meta.url));
    const cases = [['openai', 'openai-chat', 'openai'], ['anthropic', 'anthropic', 'anthropic'], ['ai-sdk-ui', 'ai-sdk-ui', 'aiSdk']];
    for (const [format, dir, ns] of cases) {
      const files = (await (await import('node:fs/promises')).readdir(path.join(root, dir))).filter((f) => !f.endsWith('.md')).slice(0, 3);
      for (const f of files) {
        const file = path.join(root, dir, f);
        const bytes = await readFile(file);
        const want = await api[ns].accumulate(f.endsWith('.json') ? JSON.parse(bytes) : bytes);
        assert.ok(want.ok, f);
        const r = await cli(['accumulate', '--format', format, '--json', file]);
        const got = JSON.parse(r.stdout);
        assert.deepEqual(got.messages, JSON.parse(JSON.stringify(want.messages)), f);
        assert.equal(got.ok, want.ok, f);
        assert.equal(r.code, want.ok ? 0 : 1, f);
      }
    }
    const bad = await cli(['accumulate', '--format', 'anthropic', '-'], { input: 'data: {"type":"message_delta"}\n\n' });
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /<stdin>: chunk 0 delta_before_start \$\.type /);
    assert.equal((await cli(['accumulate', '--format', 'kernel', '-'], { input: '' })).code, 2);
  });

  it('streams: a log larger than the heap it is given is checked', LONG, async () => {
    // 120 MB of log; the process gets 64 MB of heap (the wasm's memory is outside it, and
    // holds a batch at a time).
    const file = path.join(app, 'huge.jsonl');
    const out = createWriteStream(file);
    const chunk = jsonl('ai-sdk', 200, { pad: 30 });
    let size = 0;
    for (let k = 0; size < 120e6; k++) {
      // Each copy with call ids of its own.
      const copy = chunk.replaceAll('"call_', `"call_${k}_`);
      if (!out.write(copy)) await new Promise((r) => out.once('drain', r));
      size += Buffer.byteLength(copy);
    }
    await new Promise((r) => out.end(r));
    const r = await cli(['check', '--json', '--format', 'ai-sdk', '--jobs', '2', 'huge.jsonl'], {
      env: { NODE_OPTIONS: '--max-old-space-size=64' },
    });
    assert.equal(r.code, 0, r.stderr + r.stdout.slice(0, 500));
    const summary = JSON.parse(r.stdout.trim().split('\n').at(-1));
    assert.equal(summary.bytes + summary.units, size);
    assert.ok(summary.messages > 400_000);
    await rm(file);
  });
});
