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

test('cjs: too_deep in JSON text is reported at the container that went too deep', () => {
  const text = '{"id":"x","timestamp":1,"type":"reply","text":"t","meta":{"a":[[[1]]]}}';
  const r = api.kernel.validateJson(text, { maxDepth: 3 });
  assert.equal(r.ok, false);
  assert.deepEqual(r.issues.map((i) => [i.code, i.path]), [['too_deep', ['meta', 'a', 0]]]);
  // Still no path for text that does not parse at all.
  assert.deepEqual(api.kernel.validateJson('{"id":').issues.map((i) => [i.code, i.path]), [['invalid_json', []]]);
});
