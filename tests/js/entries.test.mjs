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
  return m[1].split(',').map((s) => s.trim()).filter(Boolean).sort();
};

test('index.mjs exports every name of the API, and only those', () => {
  assert.deepEqual(Object.keys(esm).filter((n) => n !== 'default').sort(), names);
  for (const n of names) assert.equal(esm[n], api[n], n);
});

test('index.browser.mjs lists every name of the API, and only those', () => {
  assert.deepEqual(listed(pkg('index.browser.mjs')), names);
});

test('index.d.ts declares every name of the API', () => {
  const dts = ['index.d.ts', 'swarm.root.d.ts', 'agens.root.d.ts', 'bedrock.root.d.ts', 'openai.root.d.ts']
    .map(pkg).join('\n');
  const missing = names.filter((n) => !new RegExp(`export declare (const|function|class) ${n}\\b`).test(dts));
  assert.deepEqual(missing, []);
});
