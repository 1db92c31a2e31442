'use strict';
// Sharp edges a new user meets: validateJson's result under copying, an Event handed to the
// AgentResponse verbs, the tag-first constructors given an object first, and fromJSON of what
// validate accepts (a Proxy).
const test = require('node:test');
const assert = require('node:assert/strict');
const api = require('../../pkg/index.cjs');
const { kernel, swarm, agens, bedrock, openai, ValidationError } = api;

const FORMATS = { kernel, swarm, agens, bedrock, openai };

// One valid message per format (JS form), with bytes and an Error where the format has them.
function error() {
  const e = new TypeError('boom');
  delete e.stack;
  return e;
}
const SAMPLES = {
  kernel: () => [
    { id: 'k1', timestamp: 1, type: 'input', text: 'Look', files: [{ data: new Uint8Array([1, 2, 3]), mimeType: 'image/png' }] },
    { id: 'k2', timestamp: 2, type: 'tool-results', results: [{ callId: 'c1', output: { n: -0, list: [1, 'a'] }, error: error() }] },
  ],
  swarm: () => [
    { role: 'user', agentName: 'agent', content: 'Look', mode: 'user', images: [new Uint8Array([1, 2, 3])] },
    { role: 'assistant', agentName: 'agent', content: '', mode: 'tool', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: { b: 1 } } }] },
  ],
  agens: () => [
    { input: 'go', result: 'done' },
    { input: 'go', tool_calls: [{ id: 't1', name: 'f', server_name: 's', type: 'tool_call', arguments: [{ key: 'q', value: 'x' }] }], tool_results: { t1: 'ok' } },
  ],
  bedrock: () => [
    { type: 'message', content: 'hi' },
    { type: 'tool_call', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: { x: 5 } } }] },
  ],
  openai: () => [
    { role: 'user', content: [{ type: 'text', text: 'Look' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AQID' } }] },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"b":1}' } }] },
  ],
};

// ---- 2. a Bedrock Event handed to the module's verbs (AgentResponse's) ----

test('bedrock: an Event given to the AgentResponse verbs says to use bedrock.Event, for every event type', () => {
  assert.ok(bedrock.EVENT_TYPES.length > 0);
  for (const type of bedrock.EVENT_TYPES) {
    const event = bedrock.createEvent({ type, agent_name: 'a', run_id: 'r', thread_id: 't' });
    const hinted = (message) => message.includes(`unknown AgentResponse type ${JSON.stringify(type)}`)
      && message.includes('that is a Bedrock Event type')
      && message.includes('bedrock.Event.toJSON');
    const throwsHint = (fn, verb) => assert.throws(fn, (e) => e instanceof ValidationError && hinted(e.message), `${type}: ${verb}`);
    throwsHint(() => bedrock.toJSON([event]), 'toJSON');
    throwsHint(() => bedrock.toJSON(event), 'toJSON of one');
    throwsHint(() => bedrock.fromJSON(JSON.stringify([event])), 'fromJSON of text');
    throwsHint(() => bedrock.fromJSON([event]), 'fromJSON of a value');
    throwsHint(() => bedrock.assert(event), 'assert');
    const r = bedrock.validate(event);
    assert.equal(r.ok, false);
    assert.equal(r.issues[0].code, 'unknown_type');
    assert.ok(hinted(r.issues[0].message), r.issues[0].message);
    assert.ok(hinted(bedrock.validateJson(JSON.stringify(event)).issues[0].message), `${type}: validateJson`);
    assert.ok(hinted(bedrock.validateMany([event])[0].issues[0].message), `${type}: validateMany`);
    // And where the hint points, the event is at home.
    assert.deepStrictEqual(JSON.parse(bedrock.Event.toJSON([event])), [event]);
  }
  // An unknown type that is no event's is told only what AgentResponse expects.
  const r = bedrock.validate({ type: 'tool_end', content: 'x' });
  assert.equal(r.issues[0].code, 'unknown_type');
  assert.ok(!r.issues[0].message.includes('Event'), r.issues[0].message);
});

