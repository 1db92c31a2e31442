// The root entries list every name the API has, in each module system and for browsers, and the
// declarations declare each: adding a format (or anything the API returns) without its entry
// lines fails here, naming what is missing.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as esm from '../../pkg/index.mjs';

const api = createRequire(import.meta.url)('../../pkg/index.cjs');
const pkg = (file) => readFileSync(new URL(`../../pkg/${file}`, import.meta.url), 'utf8');
const names = Object.keys(api).sort();
// The names in an entry's `export const { ... } = api;`.
const listed = (source) => {
  const m = source.match(/export const \{([^}]*)\} = api;/);
  assert.ok(m, 'the entry destructures the API');
  return m[1].replace(/\/\/.*$/gm, '').split(',').map((s) => s.trim()).filter(Boolean).sort();
};

test('index.mjs exports every name of the API, and only those', () => {
  assert.deepEqual(Object.keys(esm).filter((n) => n !== 'default').sort(), names);
  for (const n of names) assert.equal(esm[n], api[n], n);
});

test('index.browser.mjs lists every name of the API, and only those', () => {
  assert.deepEqual(listed(pkg('index.browser.mjs')), names);
});

test('index.d.ts declares every name of the API', () => {
  const dts = ['index.d.ts', 'swarm.root.d.ts', 'agens.root.d.ts', 'bedrock.root.d.ts', 'openai.root.d.ts',
    'anthropic.root.d.ts', 'ai-sdk.root.d.ts', 'ai-sdk-ui.root.d.ts']
    .map(pkg).join('\n');
  const missing = names.filter((n) => !new RegExp(`export declare (const|function|class) ${n}\\b`).test(dts));
  assert.deepEqual(missing, []);
});

// Each format entry (Node's ESM file and the browsers') lists exactly its namespace's names,
// and its declarations declare each.
const ENTRIES = { kernel: 'kernel', swarm: 'swarm', agens: 'agens', bedrock: 'bedrock', openai: 'openai', anthropic: 'anthropic', 'ai-sdk': 'aiSdk' };
test('every format entry lists its namespace, and its d.ts declares each name', () => {
  assert.deepEqual(Object.values(ENTRIES).sort(), names.filter((n) => /^[a-z]/.test(n) && typeof api[n] === 'object' && api[n] !== null && typeof api[n].validate === 'function').sort());
  for (const [entry, ns] of Object.entries(ENTRIES)) {
    const want = Object.keys(api[ns]).sort();
    // The destructured names, and any exported one by one (`export const Message = ...`).
    const exported = (source) => [...listed(source), ...[...source.matchAll(/^export const (\w+) =/gm)].map((m) => m[1])].sort();
    assert.deepEqual(exported(pkg(`${entry}.mjs`).replace(`api.${ns};`, 'api;')), want, `${entry}.mjs`);
    assert.deepEqual(exported(pkg(`${entry}.browser.mjs`).replace(`} = ${ns};`, '} = api;')), want, `${entry}.browser.mjs`);
    const dts = pkg(`${entry}.d.ts`);
    const missing = want.filter((n) => !new RegExp(`export declare const ${n}\\b`).test(dts));
    assert.deepEqual(missing, [], `${entry}.d.ts`);
  }
});
