// Benchmark fixtures for the four other formats: swarm (agent-swarm-kit IModelMessage), agens
// (Agens.Message), bedrock (Bedrock Swarm AgentResponse and Event) and openai (OpenAI Chat
// Completions message params). Seeded like fixtures.mjs, so every run measures the same data.
// The shapes and rules are those of src/formats/<fmt>/shape.rs.

import { prng, sentence, WORDS } from './fixtures.mjs';

const pick = (rand, xs) => xs[Math.floor(rand() * xs.length)];
const HEX = '0123456789abcdef';
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const chars = (rand, alphabet, n) => { let s = ''; for (let i = 0; i < n; i++) s += alphabet[Math.floor(rand() * alphabet.length)]; return s; };
const hex = (rand, n) => chars(rand, HEX, n);
const uuid = (rand) => `${hex(rand, 8)}-${hex(rand, 4)}-4${hex(rand, 3)}-${pick(rand, '89ab')}${hex(rand, 3)}-${hex(rand, 12)}`;
const callId = (rand) => `call_${chars(rand, ALNUM, 24)}`;
const base64 = (rand, bytes) => Buffer.from(Array.from({ length: bytes }, () => Math.floor(rand() * 256))).toString('base64');
const bytes = (rand, n) => Uint8Array.from({ length: n }, () => Math.floor(rand() * 256));

/** Tools with realistic argument objects (and outputs, as text). */
const TOOLS = [
  ['get_weather', (r) => ({ city: pick(r, ['Paris', 'London', 'Tokyo', 'Berlin']), units: 'metric' }), (r) => JSON.stringify({ temperature: Math.round(r() * 300) / 10, unit: 'C', conditions: 'partly cloudy' })],
  ['search_web', (r) => ({ query: sentence(r, 10, 40), limit: 5 }), (r) => JSON.stringify([{ title: sentence(r, 10, 30), url: 'https://example.com/a' }, { title: sentence(r, 10, 30), url: 'https://example.com/b' }])],
  ['read_file', (r) => ({ path: `/src/lib/${pick(r, WORDS)}.ts`, encoding: 'utf8' }), (r) => sentence(r, 80, 400)],
  ['create_ticket', (r) => ({ title: sentence(r, 10, 40), priority: pick(r, ['low', 'high']), labels: ['support', 'billing'], customer: { id: 4812, tier: 'pro' } }), () => '{"ticket":"T-1042","status":"open"}'],
];

/** Bytes of JSON text, averaged; a Uint8Array counts as its base64 string. */
export function meanJsonBytes(values) {
  const replacer = (k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v);
  let total = 0;
  for (const v of values) total += Buffer.byteLength(JSON.stringify(v, replacer));
  return total / values.length;
}

/** "12 user, 20 assistant, ..." by the value of `key`. */
export function describeMix(values, key) {
  const counts = {};
  for (const v of values) counts[v[key]] = (counts[v[key]] ?? 0) + 1;
  return Object.entries(counts).map(([t, n]) => `${n} ${t}`).join(', ');
}

// ---- swarm: agent-swarm-kit IModelMessage ------------------------------------------------------

/** A swarm session's history: user turns (some with images, as base64 strings or bytes), tool
 * calls with argument objects, tool outputs, replies, now and then system, developer, flush and
 * resque messages; some carry a payload (an object or null). */
export function swarmMessages(count = 48, seed = 11) {
  const rand = prng(seed);
  const agents = ['triage_agent', 'sales_agent', 'refund_agent'];
  let agentName = agents[0];
  const payload = () => (rand() < 0.25 ? { requestId: uuid(rand), clientId: `client-${hex(rand, 6)}` } : rand() < 0.1 ? null : undefined);
  const msg = (role, content, mode, extra = {}) => {
    const m = { role, agentName, content, mode, ...extra };
    const p = payload();
    if (p !== undefined) m.payload = p;
    return m;
  };
  const out = [msg('system', 'You are a support agent. Use the tools when they help; hand over to the right agent when asked.', 'tool')];
  while (out.length < count) {
    const user = msg('user', sentence(rand, 20, 160), 'user');
    const r = rand();
    if (r < 0.12) user.images = [base64(rand, 96), base64(rand, 96)];
    else if (r < 0.2) user.images = [bytes(rand, 128)];
    out.push(user);
    if (rand() < 0.6) {
      const n = rand() < 0.7 ? 1 : 2;
      const calls = [];
      for (let i = 0; i < n; i++) {
        const [name, args] = pick(rand, TOOLS);
        calls.push({ id: callId(rand), type: 'function', function: { name, arguments: args(rand) } });
      }
      out.push(msg('assistant', '', 'tool', { tool_calls: calls }));
      for (const c of calls) {
        const output = TOOLS.find(([name]) => name === c.function.name)[2];
        out.push(msg('tool', output(rand), 'tool', { tool_call_id: c.id }));
      }
    }
    out.push(msg('assistant', sentence(rand, 30, 300), 'user'));
    const extra = rand();
    if (extra < 0.08) out.push(msg('flush', '', 'tool'));
    else if (extra < 0.14) out.push(msg('resque', 'Sorry, I could not process that request. Please rephrase it.', 'tool'));
    else if (extra < 0.2) out.push(msg('developer', `Context usage at ${Math.floor(rand() * 90)}%.`, 'tool'));
    if (rand() < 0.1) agentName = pick(rand, agents);
  }
  return out.slice(0, count);
}

export function swarmInvalid() {
  const base = { role: 'user', agentName: 'triage_agent', content: 'Hello there', mode: 'user' };
  const call = { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: { city: 'Paris' } } };
  return [
    { kind: 'unknown role', value: { ...base, role: 'bot' } },
    { kind: 'unknown mode', value: { ...base, mode: 'auto' } },
    { kind: 'missing agentName', value: { role: 'user', content: 'Hello there', mode: 'user' } },
    { kind: 'arguments as JSON text (OpenAI style)', value: { ...base, role: 'assistant', mode: 'tool', tool_calls: [{ ...call, function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] } },
    { kind: 'tool call type not "function"', value: { ...base, role: 'assistant', mode: 'tool', tool_calls: [{ ...call, type: 'tool' }] } },
    { kind: 'images of two kinds', value: { ...base, images: ['aGVsbG8=', new Uint8Array([1, 2, 3])] } },
    { kind: 'payload an array', value: { ...base, payload: [1, 2] } },
    { kind: 'content a number', value: { ...base, content: 42 } },
  ];
}

// ---- agens: Agens.Message ------------------------------------------------------------------------

/** Messages as they pass through Agens jobs: a few fresh ones (as createMessage makes them),
 * most mid-run with the job, node, serving, tool definitions (MCP tools with input schemas),
 * tool calls (key/value arguments), results, resources, retries and routing instructions. */
export function agensMessages(count = 40, seed = 12) {
  const rand = prng(seed);
  const jobs = [['summarize_job', 'Summarize the incoming support tickets'], ['research_job', 'Research a question on the web and answer it']];
  const toolDefs = [
    { name: 'read_file', description: 'Read a file from the workspace', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
    { name: 'search_web', title: 'Web search', description: 'Search the web', inputSchema: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' } }, required: ['query'] }, annotations: { readOnlyHint: true } },
  ];
  const out = [];
  for (let i = 0; i < count; i++) {
    const id = hex(rand, 32);
    if (rand() < 0.15) {
      out.push({ input: sentence(rand, 20, 160), id, retries: 0, next: [] });
      continue;
    }
    const [jobId, jobDescription] = pick(rand, jobs);
    const node = 1 + Math.floor(rand() * 4);
    const hasTools = rand() < 0.5;
    const retries = rand() < 0.8 ? 0 : 1 + Math.floor(rand() * 2);
    const m = {
      caller: `#PID<0.${100 + Math.floor(rand() * 900)}.0>`,
      id,
      run_id: uuid(rand),
      parent_run_id: rand() < 0.3 ? uuid(rand) : null,
      thread_id: uuid(rand),
      input: sentence(rand, 20, 200),
      system: 'You are a careful assistant. Answer from the given resources.',
      user: rand() < 0.5 ? sentence(rand, 20, 80) : null,
      result: rand() < 0.6 ? sentence(rand, 40, 300) : null,
      previous_result: node > 1 ? sentence(rand, 40, 200) : null,
      outputs: node > 1 ? { [`node_${node - 1}`]: sentence(rand, 20, 120) } : null,
      job_id: jobId,
      job_description: jobDescription,
      node_id: `node_${node}`,
      node_objective: sentence(rand, 20, 80),
      agent_id: pick(rand, ['summarizer', 'researcher', 'writer']),
      serving_name: pick(rand, ['openai_gpt4o', 'anthropic_claude', 'local_llama']),
      tool_defs: hasTools ? toolDefs : null,
      tool_calls: hasTools && rand() < 0.7
        ? [{ id: `toolu_${chars(rand, ALNUM, 20)}`, name: 'read_file', arguments: [{ key: 'path', value: `/docs/${pick(rand, WORDS)}.md` }], server_name: 'filesystem', type: 'mcp_tool_use' }]
        : null,
      tool_results: hasTools && rand() < 0.5 ? { read_file: sentence(rand, 40, 200) } : null,
      resources: rand() < 0.3 ? [{ uri: 'file:///docs/faq.md', name: 'FAQ', description: 'Frequently asked questions', content: sentence(rand, 60, 300) }] : null,
      retries,
      retry_reason: retries > 0 ? 'the model returned no answer' : null,
    };
    const r = rand();
    m.next = r < 0.35 ? [{ type: 'route', node_id: `node_${node + 1}`, count: 1 }]
      : r < 0.55 ? [{ type: 'end' }]
      : r < 0.7 ? [{ type: 'yield', node_id: 'node_1' }]
      : r < 0.8 ? [{ type: 'sub', job_id: 'research_job' }, { type: 'route', node_id: `node_${node + 1}`, count: 2 }]
      : r < 0.9 ? [{ type: 'retry', reason: 'the answer was empty' }]
      : [];
    out.push(m);
  }
  return out;
}

export function agensInvalid() {
  const base = { input: 'Summarize this ticket', id: '385312ecf64caa37e520b23a84a6b727', retries: 0, next: [] };
  return [
    { kind: 'empty input', value: { ...base, input: '' } },
    { kind: 'missing input', value: { id: base.id } },
    { kind: 'caller not a #PID<a.b.c>', value: { ...base, caller: '#PID<0.123>' } },
    { kind: 'retries negative', value: { ...base, retries: -1 } },
    { kind: 'retries not an integer', value: { ...base, retries: 1.5 } },
    { kind: 'route count 0', value: { ...base, next: [{ type: 'route', node_id: 'node_2', count: 0 }] } },
    { kind: 'unknown next instruction', value: { ...base, next: [{ type: 'jump', node_id: 'node_2' }] } },
    { kind: 'tool call arguments an object, not key/value pairs', value: { ...base, tool_calls: [{ id: 't1', name: 'read_file', arguments: { path: '/a' }, server_name: 'fs', type: 'mcp_tool_use' }] } },
  ];
}

// ---- bedrock: Bedrock Swarm AgentResponse and Event ---------------------------------------------

/** Agent responses: plain messages and tool-call responses with 1-2 calls (argument objects). */
export function bedrockResponses(count = 48, seed = 13) {
  const rand = prng(seed);
  const out = [];
  for (let i = 0; i < count; i++) {
    if (rand() < 0.55) {
      out.push({ type: 'message', content: sentence(rand, 30, 300) });
    } else {
      const n = rand() < 0.7 ? 1 : 2;
      const tool_calls = [];
      for (let k = 0; k < n; k++) {
        const [name, args] = pick(rand, TOOLS);
        tool_calls.push({ id: callId(rand), type: 'function', function: { name, arguments: args(rand) } });
      }
      out.push({ type: 'tool_call', tool_calls });
    }
  }
  return out;
}

/** The events of a few runs, as bedrock-swarm's tracker records them: run and agent start and
 * completion, messages, tool starts and completions (now and then an error), with
 * isoformat() timestamps (naive, `Z` or `+00:00`) and parent ids. */
export function bedrockEvents(count = 48, seed = 14) {
  const rand = prng(seed);
  let t = Date.UTC(2025, 1, 21, 15, 52, 52);
  const stamp = () => {
    t += Math.floor(rand() * 2500);
    const iso = new Date(t).toISOString().slice(0, 19);
    const micros = String(Math.floor(rand() * 1e6)).padStart(6, '0');
    const z = rand();
    return z < 0.5 ? `${iso}.${micros}` : z < 0.8 ? `${iso}.${micros.slice(0, 3)}Z` : `${iso}+00:00`;
  };
  const out = [];
  while (out.length < count) {
    const run_id = uuid(rand);
    const thread_id = uuid(rand);
    const agent_name = pick(rand, ['calculator', 'researcher', 'coordinator']);
    const ev = (type, parent, details, metadata = {}) => {
      const e = { id: uuid(rand), type, timestamp: stamp(), agent_name, run_id, thread_id, parent_event_id: parent, details, metadata };
      out.push(e);
      return e.id;
    };
    const run = ev('run_start', null, { message: sentence(rand, 20, 120) }, { model_id: 'us.anthropic.claude-3-5-sonnet-20241022-v2:0' });
    const agent = ev('agent_start', run, { message: sentence(rand, 20, 120) });
    ev('message_received', agent, { content: sentence(rand, 20, 160) });
    const tools = 1 + Math.floor(rand() * 2);
    for (let k = 0; k < tools; k++) {
      const [name, args, result] = pick(rand, TOOLS);
      const tool = ev('tool_start', agent, { tool_name: name, arguments: args(rand) });
      if (rand() < 0.15) ev('tool_error', tool, { tool_name: name, error: 'timeout after 30 s' });
      else ev('tool_complete', tool, { tool_name: name, result: result(rand) }, { duration_ms: Math.floor(rand() * 900) });
    }
    ev('message_sent', agent, { content: sentence(rand, 30, 300) });
    ev('agent_complete', agent, { success: true }, { input_tokens: 100 + Math.floor(rand() * 900), output_tokens: Math.floor(rand() * 400) });
    ev('run_complete', run, { success: true, response: sentence(rand, 30, 200) });
  }
  return out.slice(0, count);
}

export function bedrockInvalid() {
  const call = { id: 'call_1', type: 'function', function: { name: 'calculator', arguments: { expression: '2 + 2' } } };
  return [
    { kind: 'unknown response type', value: { type: 'text', content: 'Hello' } },
    { kind: 'message without content', value: { type: 'message' } },
    { kind: 'arguments as JSON text (OpenAI style)', value: { type: 'tool_call', tool_calls: [{ ...call, function: { name: 'calculator', arguments: '{"expression":"2 + 2"}' } }] } },
    { kind: 'tool call without function', value: { type: 'tool_call', tool_calls: [{ id: 'call_1', type: 'function' }] } },
    { kind: 'tool_calls not an array', value: { type: 'tool_call', tool_calls: call } },
  ];
}

export function bedrockEventInvalid() {
  const e = {
    id: '2b8b8b06-e5a3-4e01-8169-d7dbfa314c0c', type: 'agent_start', timestamp: '2025-02-21T15:52:52.123456', agent_name: 'calculator',
    run_id: 'r1', thread_id: 't1', parent_event_id: null, details: {}, metadata: {},
  };
  const { parent_event_id, ...noParent } = e;
  return [
    { kind: 'timestamp with a space, not T', value: { ...e, timestamp: '2025-02-21 15:52:52' } },
    { kind: 'timestamp month 13', value: { ...e, timestamp: '2025-13-21T15:52:52Z' } },
    { kind: 'timestamp a number', value: { ...e, timestamp: 1740153172 } },
    { kind: 'unknown event type', value: { ...e, type: 'agent_started' } },
    { kind: 'parent_event_id missing (required, nullable)', value: noParent },
    { kind: 'details null', value: { ...e, details: null } },
  ];
}

// ---- openai: ChatCompletionMessageParam ----------------------------------------------------------

/** A chat: developer or system prompt, user turns (strings, or parts: text with an https or
 * data: image, audio, a file), assistant tool calls (arguments as JSON text, content null),
 * tool results, replies, now and then a refusal or content as parts. */
export function openaiMessages(count = 48, seed = 15) {
  const rand = prng(seed);
  const out = [{ role: 'developer', content: 'You are a helpful assistant. Use the tools when they help; be concise.' }];
  while (out.length < count) {
    const r = rand();
    if (r < 0.12) {
      out.push({ role: 'user', content: [{ type: 'text', text: sentence(rand, 20, 120) }, { type: 'image_url', image_url: { url: `https://images.example.com/${hex(rand, 12)}.png`, detail: 'low' } }] });
    } else if (r < 0.18) {
      out.push({ role: 'user', content: [{ type: 'text', text: 'What is in this picture?' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${base64(rand, 300)}` } }] });
    } else if (r < 0.22) {
      out.push({ role: 'user', content: [{ type: 'input_audio', input_audio: { data: base64(rand, 240), format: 'wav' } }] });
    } else if (r < 0.26) {
      out.push({ role: 'user', content: [{ type: 'text', text: 'Summarize this report.' }, { type: 'file', file: { file_id: `file-${chars(rand, ALNUM, 22)}`, filename: 'report.pdf' } }] });
    } else {
      out.push({ role: 'user', content: sentence(rand, 20, 160), ...(rand() < 0.2 ? { name: 'alice' } : {}) });
    }
    if (rand() < 0.6) {
      const n = rand() < 0.7 ? 1 : 2;
      const calls = [];
      for (let i = 0; i < n; i++) {
        const [name, args, result] = pick(rand, TOOLS);
        calls.push({ id: callId(rand), type: 'function', function: { name, arguments: JSON.stringify(args(rand)) }, result });
      }
      out.push({ role: 'assistant', content: null, tool_calls: calls.map(({ result, ...c }) => c) });
      for (const c of calls) out.push({ role: 'tool', tool_call_id: c.id, content: c.result(rand) });
    }
    const a = rand();
    if (a < 0.06) out.push({ role: 'assistant', content: null, refusal: "I'm sorry, I can't help with that." });
    else if (a < 0.14) out.push({ role: 'assistant', content: [{ type: 'text', text: sentence(rand, 30, 300) }] });
    else out.push({ role: 'assistant', content: sentence(rand, 30, 300) });
    if (rand() < 0.1) out.push({ role: 'system', content: [{ type: 'text', text: `Context usage at ${Math.floor(rand() * 90)}%.` }] });
  }
  return out.slice(0, count);
}

export function openaiInvalid() {
  const call = { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } };
  return [
    { kind: 'arguments not JSON text', value: { role: 'assistant', content: null, tool_calls: [{ ...call, function: { name: 'get_weather', arguments: '{"city": "Paris"' } }] } },
    { kind: 'arguments an object', value: { role: 'assistant', tool_calls: [{ ...call, function: { name: 'get_weather', arguments: { city: 'Paris' } } }] } },
    { kind: 'image_url not http(s) or data:', value: { role: 'user', content: [{ type: 'image_url', image_url: { url: 'ftp://example.com/a.png' } }] } },
    { kind: 'unknown role', value: { role: 'bot', content: 'Hello' } },
    { kind: 'tool without tool_call_id', value: { role: 'tool', content: '{"ok":true}' } },
    { kind: 'unknown content part', value: { role: 'user', content: [{ type: 'video', video_url: 'https://example.com/a.mp4' }] } },
    { kind: 'system content part not text', value: { role: 'system', content: [{ type: 'refusal', refusal: 'no' }] } },
    { kind: 'image detail not auto/low/high', value: { role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.png', detail: 'medium' } }] } },
  ];
}
