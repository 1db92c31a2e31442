// Anthropic Messages through import: the suite of anthropic.test.cjs, on the ESM entries.
import { createRequire } from 'node:module';
import test from 'node:test';
import assert from 'node:assert/strict';
import api, { anthropic } from '../../pkg/index.mjs';
import * as anthropicEntry from '../../pkg/anthropic.mjs';

const require = createRequire(import.meta.url);
require('./anthropic.test.cjs').run(api, anthropicEntry, 'esm');

test('esm: anthropic: named exports of ./anthropic are the namespace verbs, and CJS shares the instance', () => {
  assert.equal(anthropicEntry.validate, anthropic.validate);
  assert.equal(anthropicEntry.default, anthropic);
  assert.equal(anthropicEntry.ContentBlockParam, anthropic.ContentBlockParam);
  assert.equal(require('../../pkg/anthropic.cjs'), anthropic);
  assert.equal(require('../../pkg/index.cjs').anthropic, anthropic);
});
