'use strict';
// The built package through require().
const api = require('../../pkg/index.cjs');
const kernelEntry = require('../../pkg/kernel.cjs');
const test = require('node:test');
const assert = require('node:assert/strict');

require('./suite.cjs').run(api, 'cjs');

test('cjs: the ./kernel entry is the root kernel namespace', () => {
  assert.equal(kernelEntry, api.kernel);
});
