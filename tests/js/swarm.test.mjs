// agent-swarm-kit through import: the ./swarm entry's default and named exports run the same
// suite as swarm.test.cjs, and share one instance with require().
import { createRequire } from 'node:module';
import test from 'node:test';
import assert from 'node:assert/strict';
import swarm, * as entry from '../../pkg/swarm.mjs';
import { swarm as rootSwarm, ValidationError, AgentMessagesError } from '../../pkg/index.mjs';

const require = createRequire(import.meta.url);
require('./swarm.test.cjs').run({ swarm, ValidationError, AgentMessagesError }, 'esm');

test('esm: named exports of ./swarm are the namespace verbs, and CJS shares the instance', () => {
  assert.equal(swarm, rootSwarm);
  assert.equal(require('../../pkg/swarm.cjs'), swarm);
  for (const name of ['validate', 'validateMany', 'validateJson', 'is', 'assert', 'schema', 'toJSON', 'fromJSON',
    'createMessage', 'createUserMessage', 'createAssistantMessage', 'createSystemMessage', 'createDeveloperMessage',
    'createToolOutput', 'createFlushMessage', 'createResqueMessage', 'createToolCall', 'generateToolCallId',
    'ROLES', 'MODES', 'IModelMessage', 'IToolCall']) {
    assert.equal(entry[name], swarm[name], name);
  }
  assert.equal(entry.Message, swarm.IModelMessage);
  assert.equal(entry.validate, swarm.IModelMessage.validate);
  const m = entry.createUserMessage({ agentName: 'a', content: 'x' });
  assert.equal(entry.is(m), true);
});
