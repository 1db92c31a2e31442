'use strict';
// The built package through require().
const api = require('../../pkg/index.cjs');
const kernelEntry = require('../../pkg/kernel.cjs');
const test = require('node:test');
const assert = require('node:assert/strict');

require('./suite.cjs').run(api, 'cjs');

test('cjs: the ./kernel entry is the root kernel namespace, Message included', () => {
  assert.equal(kernelEntry, api.kernel);
  assert.equal(kernelEntry.Message, api.kernel.KernelMessage);
});

test('cjs: every subpath entry has the aliases its declarations promise', () => {
  assert.equal(require('../../pkg/swarm.cjs').Message, api.swarm.IModelMessage);
  assert.equal(require('../../pkg/agens.cjs').AgensMessage, api.agens.Message);
});
