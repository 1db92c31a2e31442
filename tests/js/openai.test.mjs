// OpenAI Chat Completions through import: the suite of openai.test.cjs, on the ESM entries.
import { createRequire } from 'node:module';
import test from 'node:test';
import assert from 'node:assert/strict';
import api, { openai } from '../../pkg/index.mjs';
import * as openaiEntry from '../../pkg/openai.mjs';

const require = createRequire(import.meta.url);
require('./openai.test.cjs').run(api, openaiEntry, 'esm');

test('esm: openai: named exports of ./openai are the namespace verbs, and CJS shares the instance', () => {
  assert.equal(openaiEntry.validate, openai.validate);
  assert.equal(openaiEntry.default, openai);
  assert.equal(openaiEntry.ChatCompletionContentPart, openai.ChatCompletionContentPart);
  assert.equal(require('../../pkg/openai.cjs'), openai);
  assert.equal(require('../../pkg/index.cjs').openai, openai);
});
