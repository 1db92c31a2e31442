// Bedrock Swarm through import of the ./bedrock entry, by the same suite as the CJS test.
import { createRequire } from 'node:module';
import test from 'node:test';
import assert from 'node:assert/strict';
import * as bedrock from '../../pkg/bedrock.mjs';
import bedrockDefault from '../../pkg/bedrock.mjs';
import api from '../../pkg/index.mjs';

const require = createRequire(import.meta.url);
require('./bedrock.test.cjs').run(bedrock, api, 'esm');

test('esm: named exports of ./bedrock are the namespace verbs, and CJS shares the instance', () => {
  assert.equal(bedrockDefault, api.bedrock);
  assert.equal(bedrock.validate, api.bedrock.validate);
  assert.equal(bedrock.validate, api.bedrock.AgentResponse.validate);
  assert.equal(bedrock.Event, api.bedrock.Event);
  assert.equal(bedrock.buildEventTree, api.bedrock.buildEventTree);
  for (const name of Object.keys(api.bedrock)) assert.equal(bedrock[name], api.bedrock[name], name);
  assert.equal(require('../../pkg/index.cjs').bedrock, api.bedrock);
});
