'use strict';
// convert(): Kernel ⇄ OpenAI through the built package: the JS form comes back (bytes as
// Uint8Array), losses are reported, strict refuses them, the target is always valid.
const test = require('node:test');
const assert = require('node:assert/strict');
const api = require('../../pkg/index.cjs');
const { kernel, openai, convert, kernelToOpenAI, openAIToKernel, ValidationError, AgentMessagesError } = api;

const chat = [
  { role: 'developer', content: 'Be brief.' },
  { role: 'user', content: [{ type: 'text', text: 'Look' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AQID' } }] },
  { role: 'assistant', content: 'On it.', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"b":1,"a":[true]}' } }] },
  { role: 'tool', tool_call_id: 'c1', content: 'done' },
];

test('openAIToKernel gives valid Kernel messages with bytes, ids and named results, and back exactly', () => {
  const { messages, losses } = openAIToKernel(chat);
  assert.deepEqual(losses, []);
  assert.ok(messages.every((m) => kernel.is(m)));
  assert.deepEqual(messages.map((m) => m.type), ['system', 'input', 'reply', 'tool-calls', 'tool-results']);
  assert.ok(messages[1].files[0].data instanceof Uint8Array);
  assert.deepEqual([...messages[1].files[0].data], [1, 2, 3]);
  assert.deepEqual(messages[4].results, [{ callId: 'c1', name: 'f', output: 'done' }]);
  assert.ok(messages[0].id < messages[4].id, 'ids are monotonic');
  const back = kernelToOpenAI(messages);
  assert.deepEqual(back.messages, chat);
  assert.ok(back.losses.every((l) => l.code === 'dropped_field' && l.path[0] === 'id'));
});

test('what OpenAI cannot carry is a loss; strict refuses it; the output is valid OpenAI', () => {
  const source = [
    kernel.createReasoningMessage({ title: 't', summary: 's' }),
    kernel.createToolResultsMessage({ results: [{ callId: 'c', output: { n: 1 }, error: new TypeError('bad') }] }),
  ];
  const { messages, losses } = convert(source, { from: 'kernel', to: 'openai' });
  assert.ok(messages.every((m) => openai.is(m)));
  const codes = losses.filter((l) => l.path[0] !== 'id').map((l) => `${l.index} ${l.code}`);
  assert.deepEqual(codes, ['0 unsupported_message', '1 stringified_output', '1 error_as_text']);
  assert.throws(() => kernelToOpenAI(source, { strict: true }), (e) => e instanceof AgentMessagesError && e.code === 'lossy_conversion' && e.losses.length === losses.length);
});

test('an invalid source is a ValidationError, bad options a TypeError, and nothing traps', () => {
  assert.throws(() => openAIToKernel([{ role: 'user' }]), ValidationError);
  assert.throws(() => convert(chat, { from: 'openai', to: 'agens' }), TypeError, 'Agens is not convertible in the package yet');
  assert.throws(() => convert(chat), TypeError);
  const cyclic = { role: 'user', content: 'x' };
  cyclic.self = cyclic;
  assert.throws(() => openAIToKernel([cyclic]), ValidationError);
  assert.equal(kernel.is(kernel.createReplyMessage({ text: 'still here' })), true);
});

test('detectFormat names the format of stored messages, best first, and never throws', () => {
  const { detectFormat, swarm, agens, bedrock } = api;
  assert.equal(detectFormat(chat)[0].format, 'openai');
  assert.equal(detectFormat(chat)[0].confidence, 1);
  assert.equal(detectFormat(kernel.createReplyMessage({ text: 'x' }))[0].format, 'kernel');
  assert.equal(detectFormat([swarm.createUserMessage({ agentName: 'a', content: 'x' })])[0].format, 'swarm');
  assert.equal(detectFormat(agens.createMessage({ input: 'go' }))[0].format, 'agens');
  const event = bedrock.createEvent({ type: 'run_start', agent_name: 'a', run_id: 'r', thread_id: 't' });
  assert.equal(detectFormat([bedrock.createMessageResponse('hi'), event])[0].format, 'bedrock');
  // Half the items: half the confidence.
  const mixed = detectFormat([chat[0], { nothing: true }]);
  assert.deepEqual(mixed.map((d) => [d.format, d.confidence]), [['openai', 0.5]]);
  assert.deepEqual(detectFormat(42), []);
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  assert.deepEqual(detectFormat(proxy), []);
});

test('checkConversation finds what breaks model calls; swarmHistory applies the upstream rule', () => {
  const { checkConversation, swarmHistory, swarm } = api;
  const findings = checkConversation([
    { role: 'user', content: 'hi' },
    { role: 'assistant', content: null, tool_calls: [{ id: 'a', type: 'function', function: { name: 'f', arguments: '{}' } }] },
    { role: 'tool', tool_call_id: 'zzz', content: 'orphan' },
    { role: 'assistant', content: '   ' },
  ], { format: 'openai' });
  assert.deepEqual(findings.map((f) => `${f.index} ${f.code} ${f.severity}`), [
    '1 call_without_result error',
    '2 result_without_call error',
    '3 empty_message warning',
  ]);
  const k1 = kernel.createReplyMessage({ text: 'a' });
  const k2 = { ...kernel.createReplyMessage({ text: 'b' }), id: k1.id, timestamp: k1.timestamp - 5 };
  assert.deepEqual(checkConversation([k1, k2], { format: 'kernel' }).map((f) => f.code), ['duplicate_id', 'timestamp_backwards']);
  const agentName = 'a';
  const history = [
    swarm.createUserMessage({ agentName, content: 'old' }),
    swarm.createFlushMessage({ agentName }),
    swarm.createUserMessage({ agentName, content: 'new' }),
    swarm.createAssistantMessage({ agentName, content: '', tool_calls: [swarm.createToolCall('f', {}, 'c1')] }),
    swarm.createToolOutput({ agentName, content: 'out', tool_call_id: 'nope' }),
  ];
  const sent = swarmHistory(history);
  assert.deepEqual(sent.messages, [history[2]]);
  assert.equal(sent.messages[0], history[2], 'the caller\'s own objects');
  assert.deepEqual(sent.findings.map((f) => `${f.index} ${f.code}`), ['1 history_reset', '3 call_without_result', '4 result_without_call']);
  assert.throws(() => checkConversation([], { format: 'nope' }), TypeError);
  assert.throws(() => checkConversation([{ role: 'user' }], { format: 'openai' }), ValidationError);
});
