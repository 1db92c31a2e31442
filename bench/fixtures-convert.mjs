// Benchmark fixtures for the conversions: one realistic 100-message conversation per source
// format (kernel, openai, bedrock, swarm, agens), made on call from a seeded PRNG (nothing
// random at import), so every run and every machine converts the same data. Each holds what
// that format's conversations hold: instructions, user turns (a few with images where the
// format has them), tool calls with JSON arguments and their results, replies.

import { prng, sentence, WORDS } from './fixtures.mjs';

const pick = (rand, xs) => xs[Math.floor(rand() * xs.length)];
const HEX = '0123456789abcdef';
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const chars = (rand, alphabet, n) => { let s = ''; for (let i = 0; i < n; i++) s += alphabet[Math.floor(rand() * alphabet.length)]; return s; };
const callId = (rand) => `call_${chars(rand, ALNUM, 24)}`;
const uuid = (rand) => `${chars(rand, HEX, 8)}-${chars(rand, HEX, 4)}-4${chars(rand, HEX, 3)}-${pick(rand, '89ab')}${chars(rand, HEX, 3)}-${chars(rand, HEX, 12)}`;
/** A small "image": bytes that look random (a real one would be larger). */
const imageBytes = (rand, n = 768) => Uint8Array.from({ length: n }, () => Math.floor(rand() * 256));
const base64 = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');

function ulidAt(time, rand) {
  let s = '';
  let t = time;
  for (let i = 0; i < 10; i++) {
    s = CROCKFORD[t % 32] + s;
    t = Math.floor(t / 32);
  }
  return s + chars(rand, CROCKFORD, 16);
}

/** Tools: a name, realistic arguments, and an output (a JSON value: object, array or text). */
const TOOLS = [
  ['get_weather', (r) => ({ city: pick(r, ['Paris', 'London', 'Tokyo', 'Berlin']), units: 'metric' }), (r) => ({ temperature: Math.round(r() * 300) / 10, unit: 'C', conditions: 'partly cloudy' })],
  ['search_web', (r) => ({ query: sentence(r, 10, 40), limit: 5 }), (r) => [{ title: sentence(r, 10, 30), url: 'https://example.com/a', score: 0.92 }, { title: sentence(r, 10, 30), url: 'https://example.com/b', score: 0.81 }]],
  ['read_file', (r) => ({ path: `/src/lib/${pick(r, WORDS)}.ts`, encoding: 'utf8' }), (r) => sentence(r, 80, 400)],
  ['create_ticket', (r) => ({ title: sentence(r, 10, 40), priority: pick(r, ['low', 'high']), labels: ['support', 'billing'], customer: { id: 4812, tier: 'pro' } }), () => ({ ticket: 'T-1042', status: 'open' })],
];
const asText = (output) => (typeof output === 'string' ? output : JSON.stringify(output));

/** 1 or 2 tool calls: `[{ id, name, args, output }]`. */
function toolCalls(rand) {
  const n = rand() < 0.65 ? 1 : 2;
  const calls = [];
  for (let i = 0; i < n; i++) {
    const [name, args, output] = pick(rand, TOOLS);
    calls.push({ id: callId(rand), name, args: args(rand), output: output(rand) });
  }
  return calls;
}

const SYSTEM = 'You are a helpful support assistant. Use the tools when they help; be concise and cite your sources.';

// ---- kernel ------------------------------------------------------------------------------------

/** Kernel: system prompt, inputs (1 in 6 with an image file), reasoning, tool calls and their
 * results (now and then a failed call: `error` an Error), replies, a system note now and then. */
export function kernelConversation(seed = 1, length = 100) {
  const rand = prng(seed);
  let time = 1732233600000;
  const msg = (type, fields) => {
    time += 1 + Math.floor(rand() * 1500);
    return { id: ulidAt(time, rand), timestamp: time, type, ...fields };
  };
  const out = [msg('system', { text: SYSTEM })];
  while (out.length < length) {
    const input = msg('input', { text: sentence(rand, 20, 160) });
    if (rand() < 1 / 6) input.files = [{ data: imageBytes(rand), mimeType: 'image/png' }];
    out.push(input);
    if (rand() < 0.4) out.push(msg('reasoning', { title: sentence(rand, 10, 30), summary: sentence(rand, 40, 240) }));
    if (rand() < 0.7) {
      const calls = toolCalls(rand);
      out.push(msg('tool-calls', { calls: calls.map(({ id, name, args }) => ({ id, name, args })) }));
      out.push(msg('tool-results', {
        results: calls.map((c) => (rand() < 0.05
          ? { callId: c.id, name: c.name, output: null, error: new Error('the tool timed out after 30 s') }
          : { callId: c.id, name: c.name, output: c.output })),
      }));
    }
    out.push(msg('reply', { text: sentence(rand, 30, 300) }));
    if (rand() < 0.1) out.push(msg('system', { text: `Context usage at ${Math.floor(rand() * 90)}%.` }));
  }
  return out.slice(0, length);
}

// ---- openai ------------------------------------------------------------------------------------

/** OpenAI Chat: system prompt, user turns (1 in 6 with an image as a data URL part), assistant
 * tool calls (JSON text arguments; 1 in 4 after some text in the same message), one tool
 * message per call, replies, a developer note now and then. */
export function openaiConversation(seed = 1, length = 100) {
  const rand = prng(seed);
  const out = [{ role: 'system', content: SYSTEM }];
  while (out.length < length) {
    const text = sentence(rand, 20, 160);
    out.push(rand() < 1 / 6
      ? { role: 'user', content: [{ type: 'text', text }, { type: 'image_url', image_url: { url: `data:image/png;base64,${base64(imageBytes(rand))}` } }] }
      : { role: 'user', content: text });
    if (rand() < 0.7) {
      const calls = toolCalls(rand);
      out.push({
        role: 'assistant',
        content: rand() < 0.25 ? sentence(rand, 20, 80) : null,
        tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.args) } })),
      });
      for (const c of calls) out.push({ role: 'tool', tool_call_id: c.id, content: asText(c.output) });
    }
    out.push({ role: 'assistant', content: sentence(rand, 30, 300) });
    if (rand() < 0.1) out.push({ role: 'developer', content: `Context usage at ${Math.floor(rand() * 90)}%.` });
  }
  return out.slice(0, length);
}

// ---- bedrock -----------------------------------------------------------------------------------

/** Bedrock Swarm: the AgentResponses of a run (tool calls with object arguments, messages). */
export function bedrockResponses(seed = 1, length = 100) {
  const rand = prng(seed);
  const out = [];
  while (out.length < length) {
    if (rand() < 0.6) {
      out.push({ type: 'tool_call', tool_calls: toolCalls(rand).map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.args } })) });
    }
    out.push({ type: 'message', content: sentence(rand, 30, 300) });
  }
  return out.slice(0, length);
}

// ---- swarm -------------------------------------------------------------------------------------

/** agent-swarm-kit: a session's history: system prompt, user turns (some with images, as base64
 * strings or as bytes), assistant tool calls (object arguments) and their tool outputs,
 * replies, payloads on some messages, hand-overs between agents, a flush or a resque now and
 * then. */
export function swarmConversation(seed = 1, length = 100) {
  const rand = prng(seed);
  const agents = ['triage_agent', 'sales_agent', 'refund_agent'];
  let agentName = agents[0];
  const msg = (role, content, mode, extra) => {
    const m = { role, agentName, content, mode, ...extra };
    if (rand() < 0.2) m.payload = { requestId: uuid(rand), clientId: `client-${chars(rand, HEX, 6)}` };
    return m;
  };
  const out = [msg('system', SYSTEM, 'tool')];
  while (out.length < length) {
    const r = rand();
    out.push(msg('user', sentence(rand, 20, 160), 'user',
      r < 0.1 ? { images: [base64(imageBytes(rand))] } : r < 0.16 ? { images: [imageBytes(rand)] } : {}));
    if (rand() < 0.65) {
      const calls = toolCalls(rand);
      out.push(msg('assistant', '', 'tool', { tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.args } })) }));
      for (const c of calls) out.push(msg('tool', asText(c.output), 'tool', { tool_call_id: c.id }));
    }
    out.push(msg('assistant', sentence(rand, 30, 300), 'tool'));
    const extra = rand();
    if (extra < 0.04) out.push(msg('flush', '', 'tool'));
    else if (extra < 0.08) out.push(msg('resque', 'Sorry, I could not process that request. Please rephrase it.', 'tool'));
    else if (extra < 0.14) out.push(msg('developer', `Context usage at ${Math.floor(rand() * 90)}%.`, 'tool'));
    if (rand() < 0.1) agentName = pick(rand, agents);
  }
  return out.slice(0, length);
}

// ---- agens -------------------------------------------------------------------------------------

/** Agens: the steps of job runs, one message each, as the struct writes them (every field,
 * null where unset): a step with the node's prompt that calls tools (key/value arguments), a
 * step with their results (keyed by call id), a step with the answer; a new input now and then. */
export function agensConversation(seed = 1, length = 100) {
  const rand = prng(seed);
  const out = [];
  let runId = uuid(rand);
  let input = sentence(rand, 20, 160);
  let node = 1;
  const step = (fields) => ({
    id: chars(rand, HEX, 32), run_id: runId, parent_run_id: null, thread_id: runId, input,
    system: null, user: null, result: null, job_id: 'support_job', node_id: `node_${node}`,
    agent_id: 'support_agent', serving_name: 'openai_gpt4o', tool_calls: null, tool_results: null,
    retries: 0, next: [], ...fields,
  });
  while (out.length < length) {
    if (rand() < 0.3) {
      runId = uuid(rand);
      input = sentence(rand, 20, 160);
      node = 1;
    }
    const system = rand() < 0.5 ? SYSTEM : null;
    const user = sentence(rand, 20, 80);
    if (rand() < 0.65) {
      const calls = toolCalls(rand);
      out.push(step({
        system, user,
        tool_calls: calls.map((c) => ({
          id: c.id, name: c.name, server_name: '', type: 'tool_call',
          arguments: Object.entries(c.args).map(([key, value]) => ({ key, value: typeof value === 'string' ? value : JSON.stringify(value) })),
        })),
      }));
      out.push(step({ tool_results: Object.fromEntries(calls.map((c) => [c.id, c.output])) }));
      out.push(step({ result: sentence(rand, 30, 300), next: [{ type: 'route', node_id: `node_${node + 1}`, count: 1 }] }));
    } else {
      out.push(step({ system, user, result: sentence(rand, 30, 300), next: [{ type: 'end' }] }));
    }
    node++;
  }
  return out.slice(0, length);
}

/** Bytes of JSON text of a conversation (a Uint8Array counts as its base64 string). */
export function jsonBytes(messages) {
  return Buffer.byteLength(JSON.stringify(messages, (k, v) => (v instanceof Uint8Array ? base64(v) : v instanceof Error ? { name: v.name, message: v.message } : v)));
}
