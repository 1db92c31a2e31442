// Conversions of the provider formats through the built package (Node, ESM): Anthropic's
// Prompt in and out, losses in its `system`, the shortcuts of the common pairs, strict.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as api from '../../pkg/index.mjs';

const { convert, anthropic, openai, AgentMessagesError, ValidationError } = api;

const chat = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Weather in Paris?' },
  { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }] },
  { role: 'tool', tool_call_id: 'call_1', content: '21 C' },
  { role: 'assistant', content: 'It is 21 C.' },
];

test('OpenAI to Anthropic: the opening system is the Prompt\'s system, results are tool_result blocks, and back exactly', () => {
  const r = api.openAIToAnthropic(chat);
  assert.deepEqual(r.losses, []);
  assert.equal(r.system, 'Be brief.');
  assert.deepEqual(r.messages, [
    { role: 'user', content: 'Weather in Paris?' },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'weather', input: { city: 'Paris' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: '21 C' }] },
    { role: 'assistant', content: 'It is 21 C.' },
  ]);
  assert.ok(anthropic.Prompt.is({ system: r.system, messages: r.messages }));
  // The result is a Prompt (with its losses beside): it converts back as it is.
  const back = api.anthropicToOpenAI(r);
  assert.deepEqual(back.losses, []);
  assert.deepEqual(back.messages, chat);
  assert.ok(back.messages.every((m) => openai.is(m)));
});

test('a loss in a Prompt\'s system has index null and a path under system', () => {
  const prompt = {
    system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
    messages: [{ role: 'user', content: 'hi' }],
  };
  const { messages, losses } = convert(prompt, { from: 'anthropic', to: 'openai' });
  assert.deepEqual(messages, [{ role: 'system', content: [{ type: 'text', text: 'Be brief.' }] }, { role: 'user', content: 'hi' }]);
  assert.deepEqual(losses.map(({ index, path, code }) => ({ index, path, code })), [
    { index: null, path: ['system', 0, 'cache_control'], code: 'dropped_opaque' },
  ]);
  assert.throws(() => convert(prompt, { from: 'anthropic', to: 'openai', strict: true }),
    (e) => e instanceof AgentMessagesError && e.code === 'lossy_conversion' && e.losses[0].index === null);
  // Into itself: the same Prompt.
  const same = convert(prompt, { from: 'anthropic', to: 'anthropic' });
  assert.deepEqual({ system: same.system, messages: same.messages }, prompt);
  assert.deepEqual(same.losses, []);
});

test('an invalid Prompt is a ValidationError with paths into it; checkConversation reads a Prompt', () => {
  assert.throws(() => convert({ system: 5, messages: [] }, { from: 'anthropic', to: 'openai' }),
    (e) => e instanceof ValidationError && e.issues[0].path[0] === 'system');
  const findings = api.checkConversation({ system: 'S', messages: [
    { role: 'user', content: 'hi' },
    { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'f', input: {} }] },
  ] }, { format: 'anthropic' });
  assert.deepEqual(findings.map((f) => [f.index, f.code]), [[1, 'call_without_result']]);
});

test('tool-use ids Anthropic refuses are rewritten the same way for the call and its result, reported with both ids', () => {
  const kernel = [
    { id: '01JD7Z8Q000000000000000001', timestamp: 1, type: 'tool-calls', calls: [{ id: 'call:1/a', name: 'f', args: {} }] },
    { id: '01JD7Z8Q000000000000000002', timestamp: 2, type: 'tool-results', results: [{ callId: 'call:1/a', name: 'f', output: 'ok' }] },
  ];
  const { messages, losses } = api.kernelToAnthropic(kernel);
  const id = messages[0].content[0].id;
  assert.match(id, /^[a-zA-Z0-9_-]{1,64}$/);
  assert.equal(messages[1].content[0].tool_use_id, id);
  const rewritten = losses.filter((l) => l.code === 'id_rewritten');
  assert.equal(rewritten.length, 2);
  for (const l of rewritten) assert.ok(l.detail.includes('call:1/a') && l.detail.includes(id), l.detail);
});

test('newId names the messages of every target with ids, each checked as the target\'s message type', () => {
  const id = '01JZZZZZZZZZZZZZZZZZ000000';
  for (const [to, validator] of [['ai-sdk-ui', api.aiSdk.UIMessage], ['kernel', api.kernel]]) {
    const { messages } = convert([{ role: 'user', content: 'hi' }], { from: 'openai', to, newId: () => id });
    assert.equal(messages[0].id, id, to);
    assert.ok(validator.is(messages[0]), to);
  }
});
