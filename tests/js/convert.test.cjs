'use strict';
// convert() and its shortcuts through the built package, all five formats: the JS form comes
// back (bytes as Uint8Array), losses are reported, strict refuses them, the target is always
// valid; the options for values a target requires (agentName, now, newId).
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
  assert.throws(() => convert(chat, { from: 'openai', to: 'elixir' }), /to must be one of kernel, swarm, agens, bedrock, openai/);
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
  assert.deepEqual(findings.map((f) => `${f.index} ${f.code} ${f.severity} ${f.path.join('.')}`), [
    '1 call_without_result error tool_calls.0.id',
    '2 result_without_call error tool_call_id',
    '3 empty_message warning ',
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

// ---- swarm and Agens -------------------------------------------------------------------------

const { swarm, agens, bedrock } = api;

// Every ordered pair has a shortcut, OpenAI spelled with its capitals.
const SHORTCUTS = [
  'kernelToOpenAI', 'kernelToSwarm', 'kernelToAgens', 'kernelToBedrock',
  'openAIToKernel', 'openAIToSwarm', 'openAIToAgens', 'openAIToBedrock',
  'swarmToKernel', 'swarmToOpenAI', 'swarmToAgens', 'swarmToBedrock',
  'agensToKernel', 'agensToOpenAI', 'agensToSwarm', 'agensToBedrock',
  'bedrockToKernel', 'bedrockToOpenAI', 'bedrockToSwarm', 'bedrockToAgens',
];

test('the shortcut names follow the formats\' words: camel case, acronyms kept', async () => {
  const { camel, shortcutPairs } = await import('../../pkg-template/src/shortcuts.mjs');
  assert.deepEqual(['OpenAI', 'UI', 'AiSdkUI', 'Kernel', 'AiSdk'].map(camel), ['openAI', 'ui', 'aiSdkUI', 'kernel', 'aiSdk']);
  const f = (name, word, short, namespace) => ({ name, word, short, namespace, convertible: true });
  const names = shortcutPairs([f('openai', 'OpenAI', '', 'openai'), f('ai-sdk', 'AiSdk', 'Model', 'aiSdk'), f('ai-sdk-ui', 'AiSdkUI', 'UI', 'aiSdk')]);
  assert.deepEqual(names.map(([n]) => n), [
    'openAIToAiSdk', 'openAIToAiSdkUI', 'aiSdkToOpenAI', 'aiSdkToAiSdkUI', 'aiSdkUIToOpenAI', 'aiSdkUIToAiSdk', 'modelToUI', 'uiToModel',
  ]);
  assert.deepEqual(names.find(([n]) => n === 'uiToModel'), ['uiToModel', 'ai-sdk-ui', 'ai-sdk']);
  // Every shortcut of the package's formats is a function, and the ESM entry exports it.
  const { formats } = require('../../pkg/node/agent_messages.js').describe();
  const all = shortcutPairs(formats).map(([n]) => n);
  assert.equal(all.length, formats.filter((x) => x.convertible).length ** 2 - formats.filter((x) => x.convertible).length
    + 2 * (formats.filter((x) => x.convertible && x.short).length === 2));
  const esm = await import('../../pkg/index.mjs');
  for (const name of all) {
    assert.equal(typeof api[name], 'function', name);
    assert.equal(esm[name], api[name], name);
  }
});

const history = [
  { role: 'system', agentName: 'agent', content: 'Be brief.', mode: 'tool' },
  { role: 'user', agentName: 'agent', content: 'Look', mode: 'user', images: [new Uint8Array([1, 2, 3])] },
  { role: 'assistant', agentName: 'agent', content: '', mode: 'tool', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: { b: 1 } } }] },
  { role: 'tool', agentName: 'agent', content: 'done', mode: 'tool', tool_call_id: 'c1' },
  { role: 'assistant', agentName: 'agent', content: 'Done.', mode: 'tool' },
];

const run = [
  { input: 'go', result: 'done' },
  { input: 'go', tool_calls: [{ id: 't1', name: 'f', server_name: 's', type: 'tool_call', arguments: [{ key: 'q', value: 'x' }] }], tool_results: { t1: 'ok' } },
];

// Ids k1, k2, ... in call order.
function counter(prefix) {
  let n = 0;
  return () => `${prefix}${++n}`;
}

test('every ordered pair of the five formats has a named shortcut, exported from the root', () => {
  for (const name of SHORTCUTS) assert.equal(typeof api[name], 'function', name);
  const { messages } = api.bedrockToSwarm([bedrock.createMessageResponse('hi')]);
  assert.deepEqual(messages, [{ role: 'assistant', agentName: 'agent', content: 'hi', mode: 'tool' }]);
  assert.deepEqual(api.swarmToBedrock(messages).messages, [{ type: 'message', content: 'hi' }]);
  assert.throws(() => api.swarmToKernel(history, 'strict'), /swarmToKernel: options must be an object/);
});

test('swarm to Kernel: bytes stay bytes, tool outputs are named after their call, and back exactly', () => {
  const { messages, losses } = api.swarmToKernel(history, { now: () => 1_700_000_000_000, newId: counter('k') });
  assert.deepEqual(losses, []);
  assert.ok(messages.every((m) => kernel.is(m)));
  assert.deepEqual(messages.map((m) => [m.id, m.timestamp, m.type]), [
    ['k1', 1_700_000_000_000, 'system'], ['k2', 1_700_000_000_000, 'input'], ['k3', 1_700_000_000_000, 'tool-calls'],
    ['k4', 1_700_000_000_000, 'tool-results'], ['k5', 1_700_000_000_000, 'reply'],
  ]);
  assert.ok(messages[1].files[0].data instanceof Uint8Array);
  assert.deepEqual(messages[2].calls, [{ id: 'c1', name: 'f', args: { b: 1 } }]);
  assert.deepEqual(messages[3].results, [{ callId: 'c1', name: 'f', output: 'done' }]);
  const back = convert(messages, { from: 'kernel', to: 'swarm' });
  assert.deepEqual(back.messages, history);
  assert.deepEqual(back.losses.map((l) => `${l.index} ${l.code} ${l.path}`), [0, 1, 2, 3, 4].map((i) => `${i} dropped_field id`));
});

test('swarm to OpenAI and back: arguments as JSON text, an image without a media type reported', () => {
  const { messages, losses } = api.swarmToOpenAI(history);
  assert.ok(messages.every((m) => openai.is(m)));
  assert.deepEqual(messages, [
    { role: 'system', content: 'Be brief.' },
    // Bytes that are no known image and no media type: a file part, never an image part OpenAI refuses.
    { role: 'user', content: [{ type: 'text', text: 'Look' }, { type: 'file', file: { file_data: 'data:application/octet-stream;base64,AQID' } }] },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"b":1}' } }] },
    { role: 'tool', tool_call_id: 'c1', content: 'done' },
    { role: 'assistant', content: 'Done.' },
  ]);
  assert.deepEqual(losses.map((l) => `${l.index} ${l.code} ${l.path.join('.')}`), ['1 changed_value images.0']);
  const back = api.openAIToSwarm(messages);
  // The file part reads back as a typed data: URL image, which swarm holds as it is.
  assert.deepEqual(back.losses, []);
  assert.ok(back.messages.every((m) => swarm.is(m)));
  assert.deepEqual(back.messages.map((m) => m.role), history.map((m) => m.role));
  assert.deepEqual(back.messages[2].tool_calls[0].function.arguments, { b: 1 });
});

test('Agens to Kernel and OpenAI: a step becomes its messages, and back exactly from Kernel', () => {
  const k = api.agensToKernel(run, { newId: counter('g'), now: () => 5 });
  assert.deepEqual(k.losses, []);
  assert.ok(k.messages.every((m) => kernel.is(m)));
  assert.deepEqual(k.messages.map((m) => `${m.id} ${m.timestamp} ${m.type}`), ['g1 5 input', 'g2 5 reply', 'g3 5 tool-calls', 'g4 5 tool-results']);
  const back = api.kernelToAgens(k.messages);
  assert.deepEqual(back.messages, run);
  assert.ok(back.losses.every((l) => l.code === 'dropped_field' && l.path[0] === 'id'));

  const o = convert(run, { from: 'agens', to: 'openai' });
  assert.deepEqual(o.messages, [
    { role: 'user', content: 'go' },
    { role: 'assistant', content: 'done' },
    { role: 'assistant', content: null, tool_calls: [{ id: 't1', type: 'function', function: { name: 'f', arguments: '{"q":"x"}' } }] },
    { role: 'tool', tool_call_id: 't1', content: 'ok' },
  ]);
  // OpenAI has no place for the MCP server of a call.
  assert.deepEqual(o.losses.map((l) => `${l.index} ${l.code} ${l.path}`), ['1 dropped_field tool_calls']);
  const fromChat = api.openAIToAgens(o.messages);
  assert.ok(fromChat.messages.every((m) => agens.is(m)));
  assert.deepEqual(fromChat.messages[0], run[0]);
});

test('losses come out one object each, in order, however the wasm groups them (runs of one step\'s losses, lone ones)', () => {
  // Three steps that each lose the same fields in the same order (a run of kinds the first step
  // introduced), then one that loses them in another order, then a lone loss.
  const step = (id, extra) => ({ id, run_id: 'r', parent_run_id: null, thread_id: 't', input: 'go', system: null, user: null, result: `answer ${id}`,
    job_id: 'j', node_id: 'n', agent_id: 'a', serving_name: 's', tool_calls: null, tool_results: null, retries: 0, next: [], ...extra });
  const steps = [step('s1'), step('s2'), step('s3'), Object.fromEntries(Object.entries(step('s4')).reverse())];
  const { messages, losses } = api.agensToOpenAI(steps);
  assert.ok(messages.every((m) => openai.is(m)));
  // Each loss its own object and path array.
  assert.equal(new Set(losses).size, losses.length);
  assert.equal(new Set(losses.map((l) => l.path)).size, losses.length);
  const of = (i) => losses.filter((l) => l.index === i).map((l) => `${l.code} ${l.path.join('.')}`);
  assert.ok(of(0).length >= 8, `a step loses its own fields: ${of(0)}`);
  assert.deepEqual(of(1), of(0));
  assert.deepEqual(of(2), of(0));
  assert.deepEqual([...of(3)].sort(), [...of(0)].sort());
  assert.deepEqual(losses.map((l) => l.index), [...losses.map((l) => l.index)].sort((a, b) => a - b));
  // One loss a message (swarm's author), and a lifted system's losses at index null.
  const swarmed = api.swarmToOpenAI([1, 2, 3].map((n) => ({ role: 'user', agentName: `a${n}`, content: 'hi', mode: 'user' })));
  assert.deepEqual(swarmed.losses.map((l) => `${l.index} ${l.path}`), ['0 agentName', '1 agentName', '2 agentName']);
  const prompt = { system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }], messages: [{ role: 'user', content: 'hi', extra: 1 }] };
  const lifted = api.anthropicToOpenAI(prompt);
  assert.deepEqual(lifted.losses.map((l) => `${l.index} ${l.path.join('.')}`), ['null system.0.cache_control', '0 extra']);
});

test('what swarm and Agens cannot carry is a loss, and strict refuses it for the new pairs too', () => {
  const flush = [{ role: 'flush', agentName: 'agent', content: '', mode: 'tool' }];
  const k = api.swarmToKernel(flush);
  assert.deepEqual(k.messages, []);
  assert.deepEqual(k.losses.map((l) => `${l.index} ${l.code}`), ['0 unsupported_message']);
  assert.throws(() => api.swarmToKernel(flush, { strict: true }), (e) => e instanceof AgentMessagesError && e.code === 'lossy_conversion' && e.losses.length === 1);
  assert.throws(() => api.kernelToSwarm([kernel.createReasoningMessage({ title: 't', summary: 's' })], { strict: true }), AgentMessagesError);
  assert.throws(() => api.agensToOpenAI(run, { strict: true }), (e) => e instanceof AgentMessagesError && e.losses[0].path[0] === 'tool_calls');
  // Without losses, strict changes nothing.
  assert.deepEqual(api.openAIToSwarm([{ role: 'user', content: 'hi' }], { strict: true }).messages, [{ role: 'user', agentName: 'agent', content: 'hi', mode: 'user' }]);
  assert.throws(() => api.swarmToAgens([{ role: 'user', content: 'no agentName' }]), ValidationError);
});

test('agentName names swarm messages whose source names no author; the source\'s own name wins', () => {
  const chat = [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'yo' }];
  const named = api.openAIToSwarm(chat, { agentName: 'planner' }).messages;
  assert.deepEqual(named.map((m) => m.agentName), ['planner', 'planner']);
  assert.deepEqual(api.openAIToSwarm(chat).messages.map((m) => m.agentName), ['agent', 'agent']);
  // A mark kept by a conversion (not a custom property of the user's named author).
  const reply = kernel.createReplyMessage({ text: 'x', agentMessages: { author: 'bob' } });
  assert.equal(api.kernelToSwarm([reply], { agentName: 'planner' }).messages[0].agentName, 'bob');
});

test('now and newId give generated timestamps and ids; ids the source has are kept', () => {
  const given = kernel.createReplyMessage({ text: 'x' });
  const ids = counter('n');
  const toKernel = api.openAIToKernel([{ role: 'user', content: 'hi' }], { now: () => 42, newId: ids });
  assert.deepEqual(toKernel.messages, [{ id: 'n1', timestamp: 42, type: 'input', text: 'hi' }]);
  // Kernel to Kernel through the canonical model keeps the ids it has: newId is not called.
  let called = 0;
  const same = convert([given], { from: 'kernel', to: 'kernel', newId: () => `x${++called}` });
  assert.equal(same.messages[0].id, given.id);
  assert.equal(called, 0);
  // Without the options: monotonic ULIDs carrying the current time.
  const before = Date.now();
  const plain = api.swarmToKernel(history).messages;
  assert.ok(plain.every((m) => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(m.id) && m.timestamp >= before));
  assert.ok(plain.every((m, i) => i === 0 || plain[i - 1].id < m.id));
});

test('bad conversion options are TypeErrors naming the option; a bad newId result too', () => {
  const chat = [{ role: 'user', content: 'hi' }];
  assert.throws(() => api.openAIToSwarm(chat, { agentName: 7 }), { name: 'TypeError', message: /agentName must be a non-empty string, received number/ });
  assert.throws(() => api.openAIToSwarm(chat, { agentName: '' }), { name: 'TypeError', message: /agentName/ });
  assert.throws(() => api.openAIToKernel(chat, { now: 42 }), { name: 'TypeError', message: /now must be a function/ });
  assert.throws(() => api.openAIToKernel(chat, { now: () => 'soon' }), { name: 'TypeError', message: /now\(\) must return ms since the epoch/ });
  assert.throws(() => api.openAIToKernel(chat, { now: () => -1 }), { name: 'TypeError', message: /now\(\)/ });
  assert.throws(() => api.openAIToKernel(chat, { now: () => NaN }), { name: 'TypeError', message: /now\(\)/ });
  assert.throws(() => api.openAIToKernel(chat, { newId: 'id' }), { name: 'TypeError', message: /newId must be a function/ });
  assert.throws(() => api.openAIToKernel(chat, { newId: () => 1 }), { name: 'TypeError', message: /newId\(\) must return a string, returned number/ });
  // A lone surrogate cannot be sent as UTF-8: not a valid Kernel message.
  assert.throws(() => api.openAIToKernel(chat, { newId: () => '\ud800' }), { name: 'TypeError', message: /newId\(\) returned "\\ud800", which makes an invalid kernel message/ });
  assert.throws(() => convert(chat, { from: 'openai', to: 'kernel', maxDepth: 0 }), { name: 'TypeError', message: /maxDepth/ });
});
