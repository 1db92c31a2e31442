// Benchmark fixtures for the provider formats: Anthropic `MessageParam`, the AI SDK's
// `ModelMessage` and `UIMessage`. Seeded like fixtures.mjs, so every run measures the same data:
// chats with tool use, thinking, images and files, as an agent UI keeps and sends them.

import { prng, sentence, WORDS } from './fixtures.mjs';

const pick = (rand, xs) => xs[Math.floor(rand() * xs.length)];
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const chars = (rand, alphabet, n) => { let s = ''; for (let i = 0; i < n; i++) s += alphabet[Math.floor(rand() * alphabet.length)]; return s; };
const base64 = (rand, n) => Buffer.from(Array.from({ length: n }, () => Math.floor(rand() * 256))).toString('base64');
const bytes = (rand, n) => Uint8Array.from({ length: n }, () => Math.floor(rand() * 256));
const toolUseId = (rand) => `toolu_${chars(rand, ALNUM, 24)}`;
const aiId = (rand) => chars(rand, ALNUM, 16);

/** Tools with realistic inputs and outputs. */
const TOOLS = [
  ['get_weather', (r) => ({ city: pick(r, ['Paris', 'London', 'Tokyo', 'Berlin']), units: 'metric' }), (r) => ({ temperature: Math.round(r() * 300) / 10, unit: 'C', conditions: 'partly cloudy' })],
  ['search_web', (r) => ({ query: sentence(r, 10, 40), limit: 5 }), (r) => [{ title: sentence(r, 10, 30), url: 'https://example.com/a' }, { title: sentence(r, 10, 30), url: 'https://example.com/b' }]],
  ['read_file', (r) => ({ path: `/src/lib/${pick(r, WORDS)}.ts`, encoding: 'utf8' }), (r) => sentence(r, 80, 400)],
];

// ---- Anthropic: MessageParam ------------------------------------------------------------------

/** A chat as a request carries it: user text (sometimes with an image or a PDF), assistant turns
 * with thinking (signed), text and tool use, and user turns starting with the tool results. */
export function anthropicMessages(count = 48, seed = 31) {
  const rand = prng(seed);
  const out = [];
  while (out.length < count) {
    const user = { role: 'user', content: sentence(rand, 20, 200) };
    const r = rand();
    if (r < 0.15) {
      user.content = [
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: base64(rand, 96) } },
        { type: 'text', text: sentence(rand, 20, 120) },
      ];
    } else if (r < 0.22) {
      user.content = [
        { type: 'document', source: { type: 'url', url: 'https://example.com/report.pdf' }, title: 'Report', cache_control: { type: 'ephemeral' } },
        { type: 'text', text: sentence(rand, 20, 120) },
      ];
    }
    out.push(user);
    const thinking = rand() < 0.4 ? [{ type: 'thinking', thinking: sentence(rand, 40, 300), signature: base64(rand, 48) }] : [];
    if (rand() < 0.6) {
      const n = rand() < 0.7 ? 1 : 2;
      const uses = [];
      for (let i = 0; i < n; i++) {
        const [name, input] = pick(rand, TOOLS);
        uses.push({ type: 'tool_use', id: toolUseId(rand), name, input: input(rand) });
      }
      out.push({ role: 'assistant', content: [...thinking, { type: 'text', text: sentence(rand, 10, 80) }, ...uses] });
      out.push({
        role: 'user',
        content: uses.map((u) => {
          const output = TOOLS.find(([name]) => name === u.name)[2](rand);
          return { type: 'tool_result', tool_use_id: u.id, content: typeof output === 'string' ? output : JSON.stringify(output) };
        }),
      });
    }
    out.push({ role: 'assistant', content: [...thinking, { type: 'text', text: sentence(rand, 30, 300) }] });
  }
  return out.slice(0, count);
}

export function anthropicInvalid() {
  const text = { type: 'text', text: 'Hello there' };
  return [
    { kind: 'unknown role', value: { role: 'bot', content: 'Hello there' } },
    { kind: 'missing content', value: { role: 'user' } },
    { kind: 'content a number', value: { role: 'user', content: 42 } },
    { kind: 'unknown block type', value: { role: 'user', content: [{ type: 'video', url: 'x' }] } },
    { kind: 'text block without text', value: { role: 'assistant', content: [{ type: 'text' }] } },
    { kind: 'tool_use without id', value: { role: 'assistant', content: [text, { type: 'tool_use', name: 'get_weather', input: {} }] } },
    { kind: 'image media type the API does not take', value: { role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/bmp', data: 'AAAA' } }] } },
    { kind: 'thinking without signature', value: { role: 'assistant', content: [{ type: 'thinking', thinking: 'hmm' }] } },
  ];
}

// ---- AI SDK: ModelMessage ---------------------------------------------------------------------

/** What `streamText({ messages })` is handed: a system prompt, user turns (some with an image
 * as bytes or a file by URL), assistant turns with reasoning, text and tool calls, and tool
 * messages with their results. */
export function aiSdkMessages(count = 48, seed = 32) {
  const rand = prng(seed);
  const out = [{ role: 'system', content: 'You are a helpful assistant. Use the tools when they help.' }];
  while (out.length < count) {
    const user = { role: 'user', content: sentence(rand, 20, 200) };
    const r = rand();
    if (r < 0.12) {
      user.content = [{ type: 'text', text: sentence(rand, 20, 120) }, { type: 'image', image: bytes(rand, 128), mediaType: 'image/png' }];
    } else if (r < 0.2) {
      user.content = [{ type: 'text', text: sentence(rand, 20, 120) }, { type: 'file', data: new URL('https://example.com/report.pdf'), mediaType: 'application/pdf', filename: 'report.pdf' }];
    }
    out.push(user);
    const reasoning = rand() < 0.3
      ? [{ type: 'reasoning', text: sentence(rand, 40, 300), providerOptions: { anthropic: { signature: base64(rand, 48) } } }]
      : [];
    if (rand() < 0.6) {
      const n = rand() < 0.7 ? 1 : 2;
      const calls = [];
      for (let i = 0; i < n; i++) {
        const [toolName, input] = pick(rand, TOOLS);
        calls.push({ type: 'tool-call', toolCallId: aiId(rand), toolName, input: input(rand) });
      }
      out.push({ role: 'assistant', content: [...reasoning, { type: 'text', text: sentence(rand, 10, 80) }, ...calls] });
      out.push({
        role: 'tool',
        content: calls.map((c) => {
          const value = TOOLS.find(([name]) => name === c.toolName)[2](rand);
          return { type: 'tool-result', toolCallId: c.toolCallId, toolName: c.toolName, output: typeof value === 'string' ? { type: 'text', value } : { type: 'json', value } };
        }),
      });
    }
    out.push(reasoning.length ? { role: 'assistant', content: [...reasoning, { type: 'text', text: sentence(rand, 30, 300) }] } : { role: 'assistant', content: sentence(rand, 30, 300) });
  }
  return out.slice(0, count);
}

export function aiSdkInvalid() {
  return [
    { kind: 'unknown role', value: { role: 'bot', content: 'Hello there' } },
    { kind: 'system content as parts', value: { role: 'system', content: [{ type: 'text', text: 'x' }] } },
    { kind: 'missing content', value: { role: 'user' } },
    { kind: 'tool content a string', value: { role: 'tool', content: 'done' } },
    { kind: 'unknown part type', value: { role: 'user', content: [{ type: 'video', url: 'x' }] } },
    { kind: 'tool-call without input', value: { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather' }] } },
    { kind: 'tool-result output not a ToolResultOutput', value: { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'get_weather', output: 'sunny' }] } },
    { kind: 'file part without mediaType', value: { role: 'user', content: [{ type: 'file', data: 'AAAA' }] } },
  ];
}

// ---- AI SDK: UIMessage ------------------------------------------------------------------------

const TOOL_STATES_DONE = ['output-available', 'output-available', 'output-available', 'output-error'];

/** What `useChat` keeps: user messages with text (and sometimes a file), assistant messages cut
 * into steps, with reasoning, tool parts in their final states, text and a data part. */
export function uiMessages(count = 48, seed = 33) {
  const rand = prng(seed);
  const out = [];
  while (out.length < count) {
    const user = { id: aiId(rand), role: 'user', parts: [{ type: 'text', text: sentence(rand, 20, 200) }] };
    if (rand() < 0.15) user.parts.push({ type: 'file', mediaType: 'image/png', filename: 'photo.png', url: `data:image/png;base64,${base64(rand, 96)}` });
    out.push(user);
    const parts = [{ type: 'step-start' }];
    if (rand() < 0.3) parts.push({ type: 'reasoning', text: sentence(rand, 40, 300), state: 'done', providerMetadata: { anthropic: { signature: base64(rand, 48) } } });
    if (rand() < 0.6) {
      const [name, input, output] = pick(rand, TOOLS);
      const state = pick(rand, TOOL_STATES_DONE);
      const part = { type: `tool-${name}`, toolCallId: aiId(rand), state, input: input(rand) };
      if (state === 'output-available') part.output = output(rand);
      else part.errorText = 'The service did not answer in time.';
      parts.push(part, { type: 'step-start' });
    }
    parts.push({ type: 'text', text: sentence(rand, 30, 300), state: 'done' });
    if (rand() < 0.2) parts.push({ type: 'data-weather', id: aiId(rand), data: { city: 'Paris', temperature: 21 } });
    out.push({ id: aiId(rand), role: 'assistant', parts, ...(rand() < 0.3 ? { metadata: { model: 'claude-sonnet-4-5', totalTokens: 812 } } : {}) });
  }
  return out.slice(0, count);
}

export function uiInvalid() {
  const base = { id: 'm1', role: 'assistant' };
  return [
    { kind: 'unknown role', value: { ...base, role: 'tool', parts: [{ type: 'text', text: 'x' }] } },
    { kind: 'missing parts', value: { ...base } },
    { kind: 'unknown part type', value: { ...base, parts: [{ type: 'video', url: 'x' }] } },
    { kind: 'text part without text', value: { ...base, parts: [{ type: 'text' }] } },
    { kind: 'tool part of an unknown state', value: { ...base, parts: [{ type: 'tool-get_weather', toolCallId: 'c1', state: 'finished', input: {} }] } },
    { kind: 'output-error without errorText', value: { ...base, parts: [{ type: 'tool-get_weather', toolCallId: 'c1', state: 'output-error', input: {} }] } },
    { kind: 'dynamic-tool without toolName', value: { ...base, parts: [{ type: 'dynamic-tool', toolCallId: 'c1', state: 'input-available', input: {} }] } },
    { kind: 'file part without url', value: { ...base, role: 'user', parts: [{ type: 'file', mediaType: 'image/png' }] } },
  ];
}
