// Agens through import of the ./agens entry (and the root), by the same suite as the CJS test;
// the named exports are the namespace's verbs, and both module systems share one instance.
import { createRequire } from 'node:module';
import test from 'node:test';
import assert from 'node:assert/strict';
import agensDefault, * as agensNs from '../../pkg/agens.mjs';
import { agens, ValidationError, AgentMessagesError, generateUid } from '../../pkg/index.mjs';

const require = createRequire(import.meta.url);
require('./agens.test.cjs').run({ agens: agensDefault, ValidationError, AgentMessagesError, generateUid }, 'esm');

test('esm agens: named exports of ./agens are the namespace verbs, shared with require()', () => {
  assert.equal(agensDefault, agens);
  assert.equal(require('../../pkg/index.cjs').agens, agens);
  for (const name of ['validate', 'validateMany', 'validateJson', 'is', 'assert', 'schema', 'toJSON', 'fromJSON',
    'createMessage', 'generateUid', 'route', 'yieldTo', 'sub', 'end', 'retry', 'parseNext', 'toShortNext', 'NEXT_TYPES',
    'Message', 'Resource', 'NextInstruction', 'RouteInstruction', 'YieldInstruction', 'SubInstruction', 'EndInstruction',
    'RetryInstruction', 'ShortNext', 'ToolCall', 'ToolCallArgument', 'ToolDef']) {
    assert.ok(agensNs[name] !== undefined, name);
    assert.equal(agensNs[name], agens[name], name);
  }
  assert.equal(agensNs.AgensMessage, agens.Message);
  assert.equal(agensNs.validate, agens.Message.validate);
  const m = agensNs.createMessage({ input: 'hi', next: [agensNs.route('a')] });
  assert.equal(agensNs.is(m), true);
});
