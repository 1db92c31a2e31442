// The built package through import, by the same suite; and the entries share one instance.
import { createRequire } from 'node:module';
import test from 'node:test';
import assert from 'node:assert/strict';
import api, { kernel } from '../../pkg/index.mjs';
import * as kernelEntry from '../../pkg/kernel.mjs';

const require = createRequire(import.meta.url);
require('./suite.cjs').run(api, 'esm');

test('esm: named exports of ./kernel are the namespace verbs, and CJS shares the instance', () => {
  assert.equal(kernelEntry.validate, kernel.validate);
  assert.equal(kernelEntry.Message, kernel.KernelMessage);
  assert.equal(kernelEntry.ToolCall, kernel.ToolCall);
  const cjs = require('../../pkg/index.cjs');
  kernel.registerType('shared-check');
  try {
    assert.ok(cjs.kernel.registeredTypes().includes('shared-check'));
  } finally {
    kernel.unregisterType('shared-check');
  }
});
