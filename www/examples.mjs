// The playground's examples: for every format a valid conversation and broken ones (missing
// fields, wrong types, bad tool-call JSON arguments, JSON syntax, JSONL). `source` names the
// reading the example is written for (see SOURCES in app.mjs), `to` the target it suggests.
// Plain data: the browser test loads every one and checks the page against the package.

const pretty = (v) => JSON.stringify(v, null, 2);
const jsonl = (items) => items.map((v) => JSON.stringify(v)).join('\n');

export const EXAMPLES = [
  {
    id: 'kernel-conversation', source: 'kernel', to: 'openai', broken: false,
    title: 'Kernel: a tool round trip',
    text: pretty([
      { id: '01JD7Z8Q0000000000000000AA', timestamp: 1732233600000, type: 'input', text: 'Weather in Paris?' },
      { id: '01JD7Z8Q0000000000000000AB', timestamp: 1732233600100, type: 'reasoning', title: 'Plan', summary: 'Ask the weather tool.' },
      { id: '01JD7Z8Q0000000000000000AC', timestamp: 1732233600200, type: 'tool-calls', calls: [{ id: 'call_1', name: 'weather', args: { city: 'Paris' } }] },
      { id: '01JD7Z8Q0000000000000000AD', timestamp: 1732233600900, type: 'tool-results', results: [{ callId: 'call_1', name: 'weather', output: { celsius: 18, sky: 'clear' } }] },
      { id: '01JD7Z8Q0000000000000000AE', timestamp: 1732233601000, type: 'reply', text: '18 °C and clear.' },
    ]),
  },
  {
    id: 'kernel-broken', source: 'kernel', to: 'openai', broken: true,
    title: 'Kernel: missing fields, wrong types',
    text: pretty([
      { id: 42, timestamp: 'soon', type: 'reply' },
      { id: '01JD7Z8Q0000000000000000AF', timestamp: 1732233600000, type: 'reasoning', title: 'Plan' },
      { id: '01JD7Z8Q0000000000000000AG', timestamp: 1732233600000, type: 'tool-calls', calls: [{ id: 'call_1', args: { q: 1 } }] },
    ]),
  },
  {
    id: 'kernel-jsonl', source: 'kernel', to: 'openai', broken: true,
    title: 'Kernel JSONL: one line broken, one of the wrong type',
    text: [
      JSON.stringify({ id: '01JD7Z8Q0000000000000000AH', timestamp: 1732233600000, type: 'system', text: 'Be brief.' }),
      JSON.stringify({ id: '01JD7Z8Q0000000000000000AJ', timestamp: 1732233600001, type: 'input', text: 'Hi' }),
      '{"id": "01JD7Z8Q0000000000000000AK", "timestamp": 1732233600002, "type": "reply", "text": "Hello",}',
      JSON.stringify({ id: '01JD7Z8Q0000000000000000AM', timestamp: 1732233600003, type: 'log', text: ['not', 'a', 'string'] }),
    ].join('\n'),
  },
  {
    id: 'openai-conversation', source: 'openai', to: 'kernel', broken: false,
    title: 'OpenAI Chat: tools, answered',
    text: pretty([
      { role: 'system', content: 'You answer about the weather.' },
      { role: 'user', content: 'Weather in Paris and Oslo?' },
      {
        role: 'assistant', content: null, tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_2', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"celsius":18}' },
      { role: 'tool', tool_call_id: 'call_2', content: '{"celsius":4}' },
      { role: 'assistant', content: 'Paris 18 °C, Oslo 4 °C.' },
    ]),
  },
  {
    id: 'openai-bad-arguments', source: 'openai', to: 'kernel', broken: true,
    title: 'OpenAI Chat: tool-call arguments that are not JSON',
    text: pretty([
      { role: 'user', content: 'Book a table for two.' },
      {
        role: 'assistant', content: null, tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'book', arguments: '{"people": 2, "time": "19:00",}' } },
          { id: 'call_2', type: 'function', function: { name: 'book', arguments: '{"people": two}' } },
        ],
      },
    ]),
  },
  {
    id: 'openai-lossy', source: 'openai', to: 'kernel', broken: false,
    title: 'OpenAI Chat: what Kernel cannot carry (losses)',
    text: pretty([
      { role: 'developer', content: 'Answer in French.' },
      { role: 'user', name: 'ana', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: 'https://example.com/cat.png', detail: 'low' } }] },
      { role: 'assistant', content: null, refusal: 'I cannot identify people.' },
    ]),
  },
  {
    id: 'openai-unpaired', source: 'openai', to: 'kernel', broken: true,
    title: 'OpenAI Chat: a call with no result, a result with no call',
    text: pretty([
      { role: 'user', content: 'Search twice.' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'search', arguments: '{"q":"one"}' } }] },
      { role: 'tool', tool_call_id: 'call_b', content: 'result for a call nobody made' },
      { role: 'assistant', content: 'Done.' },
    ]),
  },
  {
    id: 'openai-syntax', source: 'openai', to: 'kernel', broken: true,
    title: 'OpenAI Chat: JSON syntax error',
    text: '[\n  { "role": "user", "content": "Hi" },\n  { "role": "assistant" "content": "Hello" }\n]',
  },
  {
    id: 'openai-duplicate-key', source: 'openai', to: 'kernel', broken: true,
    title: 'OpenAI Chat: a repeated key (JSON.parse would hide it)',
    text: '{\n  "role": "user",\n  "content": "first",\n  "content": "second"\n}',
  },
  {
    id: 'swarm-conversation', source: 'swarm', to: 'openai', broken: false,
    title: 'agent-swarm-kit: a tool round trip',
    text: pretty([
      { role: 'user', agentName: 'triage', mode: 'user', content: 'Refund order 17' },
      { role: 'assistant', agentName: 'triage', mode: 'tool', content: '', tool_calls: [{ id: 'call_k2x9m1q0a', type: 'function', function: { name: 'refund', arguments: { order: 17 } } }] },
      { role: 'tool', agentName: 'triage', mode: 'tool', content: 'refunded', tool_call_id: 'call_k2x9m1q0a' },
      { role: 'assistant', agentName: 'triage', mode: 'tool', content: 'Order 17 is refunded.' },
    ]),
  },
  {
    id: 'swarm-broken', source: 'swarm', to: 'openai', broken: true,
    title: 'agent-swarm-kit: OpenAI-style string arguments, no agentName, bad mode',
    text: pretty([
      { role: 'user', mode: 'user', content: 'Refund order 17' },
      { role: 'assistant', agentName: 'triage', mode: 'auto', content: '', tool_calls: [{ id: 'call_k2x9m1q0a', type: 'function', function: { name: 'refund', arguments: '{"order":17}' } }] },
    ]),
  },
  {
    id: 'agens-run', source: 'agens', to: 'openai', broken: false,
    title: 'Agens: messages of a run (JSONL)',
    text: jsonl([
      { input: 'Summarise the report', caller: '#PID<0.250.0>', id: '5f0c6b2ad1e94b8e9c7a3f21b0d4e6a8', retries: 0, next: [{ type: 'route', node_id: 'summarise', count: 1 }] },
      { input: 'Summarise the report', system: 'Be concise.', result: 'Revenue grew 4%.', id: '9b1e4f7c2a6d4e0f8c3b5a7d9e1f2c4b', retries: 1, next: [{ type: 'end' }] },
    ]),
  },
  {
    id: 'agens-broken', source: 'agens', to: 'openai', broken: true,
    title: 'Agens: empty input, a caller that is not a pid, negative retries',
    text: pretty({ input: '', caller: 'me', retries: -1, next: [{ type: 'route', node_id: 'a', count: 0 }] }),
  },
  {
    id: 'bedrock-responses', source: 'bedrock', to: 'openai', broken: false,
    title: 'Bedrock Swarm: agent responses',
    text: pretty([
      { type: 'tool_call', tool_calls: [{ id: 'call_q1w2e3r4t', type: 'function', function: { name: 'calculator', arguments: { expression: '6*7' } } }] },
      { type: 'message', content: 'The answer is 42.' },
    ]),
  },
  {
    id: 'bedrock-broken', source: 'bedrock', to: 'openai', broken: true,
    title: 'Bedrock Swarm: a tool-call response without calls, arguments as text',
    text: pretty([
      { type: 'tool_call' },
      { type: 'tool_call', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'calculator', arguments: '{"expression":"1+1"}' } }] },
      { type: 'message', content: 7 },
    ]),
  },
  {
    id: 'bedrock-event-tree', source: 'bedrock-event', to: 'openai', broken: true,
    title: 'Bedrock Swarm events (JSONL): a child whose parent is not in the list',
    text: jsonl([
      { id: '0b8f6f3e-4a8e-4c1e-9a55-2f5d2c3b7a10', type: 'run_start', timestamp: '2025-02-21T15:52:52.123456', agent_name: 'calc', run_id: 'r1', thread_id: 't1', parent_event_id: null, details: {}, metadata: {} },
      { id: '5c2d8a9e-1f3b-4d6a-8e7c-0b9a1d2e3f40', type: 'tool_start', timestamp: '2025-02-21T15:52:52.200000', agent_name: 'calc', run_id: 'r1', thread_id: 't1', parent_event_id: '0b8f6f3e-4a8e-4c1e-9a55-2f5d2c3b7a10', details: { tool_name: 'calculator' }, metadata: {} },
      { id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', type: 'tool_complete', timestamp: '2025-02-21T15:52:52.900000', agent_name: 'calc', run_id: 'r1', thread_id: 't1', parent_event_id: 'ffffffff-0000-4000-8000-000000000000', details: { result: '2' }, metadata: {} },
    ]),
  },
  {
    id: 'bedrock-events', source: 'bedrock-event', to: 'openai', broken: true,
    title: 'Bedrock Swarm events (JSONL): a bad timestamp, a missing run_id',
    text: jsonl([
      { id: '0b8f6f3e-4a8e-4c1e-9a55-2f5d2c3b7a10', type: 'run_start', timestamp: '2025-02-21T15:52:52.123456', agent_name: 'calc', run_id: 'r1', thread_id: 't1', parent_event_id: null, details: {}, metadata: {} },
      { id: '5c2d8a9e-1f3b-4d6a-8e7c-0b9a1d2e3f40', type: 'tool_start', timestamp: 'yesterday', agent_name: 'calc', run_id: 'r1', thread_id: 't1', parent_event_id: '0b8f6f3e-4a8e-4c1e-9a55-2f5d2c3b7a10', details: { tool_name: 'calculator' }, metadata: {} },
      { id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', type: 'run_complete', timestamp: '2025-02-21T15:52:53Z', agent_name: 'calc', thread_id: 't1', parent_event_id: '0b8f6f3e-4a8e-4c1e-9a55-2f5d2c3b7a10', details: {}, metadata: {} },
    ]),
  },
  {
    id: 'anthropic-conversation', source: 'anthropic', to: 'openai', broken: false,
    title: 'Anthropic Messages: thinking, a tool round trip',
    text: pretty([
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant', content: [
          { type: 'thinking', thinking: 'The user wants the weather: call the tool.', signature: 'EqQBCkYIARgCIkB0aGlzIGlzIGEgc2lnbmF0dXJl' },
          { type: 'text', text: 'Let me check.' },
          { type: 'tool_use', id: 'toolu_01A09q90qw90lq917835lq9', name: 'weather', input: { city: 'Paris' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01A09q90qw90lq917835lq9', content: '{"celsius":18}' }] },
      { role: 'assistant', content: [{ type: 'text', text: '18 °C in Paris.' }] },
    ]),
  },
  {
    id: 'anthropic-broken', source: 'anthropic', to: 'openai', broken: true,
    title: 'Anthropic Messages: a tool result after text, unsigned thinking, a BMP image',
    text: pretty([
      { role: 'user', content: [{ type: 'text', text: 'Here you go:' }, { type: 'tool_result', tool_use_id: 'toolu_1', content: 'done' }] },
      { role: 'assistant', content: [{ type: 'thinking', thinking: 'Hmm.' }, { type: 'text', text: 'Thanks.' }] },
      { role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/bmp', data: 'Qk0=' } }] },
    ]),
  },
  {
    id: 'anthropic-prompt', source: 'anthropic-prompt', to: 'openai', broken: false,
    title: 'Anthropic Messages: a request\'s system and messages',
    text: pretty({
      system: [{ type: 'text', text: 'You answer about the weather.', cache_control: { type: 'ephemeral' } }],
      messages: [
        { role: 'user', content: 'Weather in Oslo?' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_02', name: 'weather', input: { city: 'Oslo' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_02', content: '{"celsius":4}' }, { type: 'text', text: 'And tomorrow?' }] },
      ],
    }),
  },
  {
    id: 'anthropic-prompt-unpaired', source: 'anthropic-prompt', to: 'openai', broken: true,
    title: 'Anthropic Messages: a tool result whose tool use is not in the turn before',
    text: pretty({
      system: 'You answer about the weather.',
      messages: [
        { role: 'user', content: 'Weather in Oslo?' },
        { role: 'assistant', content: [{ type: 'text', text: 'One moment.' }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_03', content: '{"celsius":4}' }] },
      ],
    }),
  },
  {
    id: 'ai-sdk-conversation', source: 'ai-sdk', to: 'openai', broken: false,
    title: 'AI SDK ModelMessage: reasoning, a tool round trip',
    text: pretty([
      { role: 'system', content: 'You answer about the weather.' },
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      {
        role: 'assistant', content: [
          { type: 'reasoning', text: 'Call the tool.', providerOptions: { anthropic: { signature: 'EqQBCkYIARgC' } } },
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'weather', input: { city: 'Paris' } },
        ],
      },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'weather', output: { type: 'json', value: { celsius: 18 } } }] },
      { role: 'assistant', content: '18 °C in Paris.' },
    ]),
  },
  {
    id: 'ai-sdk-broken', source: 'ai-sdk', to: 'openai', broken: true,
    title: 'AI SDK ModelMessage: system parts, a call without input, a bare tool output',
    text: pretty([
      { role: 'system', content: [{ type: 'text', text: 'Be brief.' }] },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'weather' }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'weather', output: 'sunny' }] },
    ]),
  },
  {
    id: 'ai-sdk-ui-conversation', source: 'ai-sdk-ui', to: 'openai', broken: false,
    title: 'AI SDK UIMessage: a useChat history with a tool part',
    text: pretty([
      { id: 'msg_user_1', role: 'user', parts: [{ type: 'text', text: 'Weather in Paris?' }] },
      {
        id: 'msg_asst_1', role: 'assistant', parts: [
          { type: 'step-start' },
          { type: 'tool-weather', toolCallId: 'call_1', state: 'output-available', input: { city: 'Paris' }, output: { celsius: 18 } },
          { type: 'step-start' },
          { type: 'text', text: '18 °C in Paris.', state: 'done' },
        ],
      },
    ]),
  },
  {
    id: 'ai-sdk-ui-broken', source: 'ai-sdk-ui', to: 'openai', broken: true,
    title: 'AI SDK UIMessage: an output state without output, an unknown part',
    text: pretty([
      { id: 'msg_user_1', role: 'user', parts: [] },
      {
        id: 'msg_asst_1', role: 'assistant', parts: [
          { type: 'tool-weather', toolCallId: 'call_1', state: 'output-available', input: { city: 'Paris' } },
          { type: 'video', url: 'https://example.com/v.mp4' },
        ],
      },
    ]),
  },
];
