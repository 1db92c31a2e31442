// Benchmark fixtures: Kernel messages as JS objects and as JSON text. Everything is generated
// from a seeded PRNG, so every run (and every machine) measures the same data.

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** mulberry32: a tiny seeded PRNG, good enough for picking fixture contents. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A well-formed ULID for `time` with seeded randomness (fixtures only: not for real ids). */
function fixtureUlid(time, rand) {
  let s = '';
  let t = time;
  for (let i = 0; i < 10; i++) {
    s = CROCKFORD[t % 32] + s;
    t = Math.floor(t / 32);
  }
  for (let i = 0; i < 16; i++) s += CROCKFORD[Math.floor(rand() * 32)];
  return s;
}

export const WORDS = (
  'the a to of and in for on with is it that this you can I we will be at by from as not ' +
  'file weather search result function error data user request tool call value list check ' +
  'Paris London build test deploy server config token model answer question help sure here'
).split(' ');

export function sentence(rand, minLen, maxLen) {
  const target = minLen + Math.floor(rand() * (maxLen - minLen + 1));
  let s = '';
  while (s.length < target) s += (s ? ' ' : '') + WORDS[Math.floor(rand() * WORDS.length)];
  return s.slice(0, target).trimEnd() + '.';
}

const TOOLS = [
  ['get_weather', (r) => ({ city: ['Paris', 'London', 'Tokyo'][Math.floor(r() * 3)], units: 'metric' })],
  ['search_web', (r) => ({ query: sentence(r, 10, 40), limit: 5 })],
  ['read_file', (r) => ({ path: `/src/lib/${WORDS[Math.floor(r() * WORDS.length)]}.ts`, encoding: 'utf8' })],
  ['run_tests', () => ({ filter: 'kernel', watch: false, reporters: ['dot'] })],
];

function output(rand, name) {
  switch (name) {
    case 'get_weather':
      return { temperature: Math.round(rand() * 300) / 10, unit: 'C', conditions: 'partly cloudy' };
    case 'search_web':
      return [
        { title: sentence(rand, 10, 30), url: 'https://example.com/a', score: 0.92 },
        { title: sentence(rand, 10, 30), url: 'https://example.com/b', score: 0.81 },
      ];
    case 'read_file':
      return sentence(rand, 80, 400);
    default:
      return { passed: 42, failed: 0, skipped: 1 };
  }
}

/**
 * A realistic 100-message conversation: system prompt, user inputs, reasoning, tool calls
 * with 1-2 calls (args objects), their results, replies.
 */
export function conversation(seed = 1, length = 100) {
  const rand = prng(seed);
  let time = 1732233600000;
  const next = () => (time += 1 + Math.floor(rand() * 1500));
  const msg = (type, fields) => {
    const timestamp = next();
    return { id: fixtureUlid(timestamp, rand), timestamp, type, ...fields };
  };
  const out = [msg('system', { text: 'You are a helpful assistant. Use the tools when they help; be concise.' })];
  let callNo = 0;
  while (out.length < length) {
    out.push(msg('input', { text: sentence(rand, 20, 160) }));
    out.push(msg('reasoning', { title: sentence(rand, 10, 30), summary: sentence(rand, 40, 240) }));
    const n = rand() < 0.6 ? 1 : 2;
    const calls = [];
    for (let i = 0; i < n; i++) {
      const [name, args] = TOOLS[Math.floor(rand() * TOOLS.length)];
      calls.push({ id: `call_${(++callNo).toString().padStart(4, '0')}`, name, args: args(rand) });
    }
    out.push(msg('tool-calls', { calls }));
    out.push(msg('tool-results', {
      results: calls.map((c) => ({ callId: c.id, name: c.name, output: output(rand, c.name) })),
    }));
    out.push(msg('reply', { text: sentence(rand, 30, 300) }));
    if (rand() < 0.15) out.push(msg('system', { text: `Context usage at ${Math.floor(rand() * 90)}%.` }));
  }
  return out.slice(0, length);
}

/** Small reply messages, ~115 bytes of JSON each (the example shape). */
export function replies(count = 64, seed = 7) {
  const rand = prng(seed);
  const out = [];
  for (let i = 0; i < count; i++) {
    const timestamp = 1732233600000 + i;
    out.push({ id: fixtureUlid(timestamp, rand), timestamp, type: 'reply', text: 'Hello there, how can I help?' });
  }
  return out;
}

/**
 * Invalid messages, a few kinds of wrong. Each is { kind, value }.
 */
export function invalid() {
  const id = '01JDB9Z8Q4X2N6V0R5T7Y3K1MA';
  const timestamp = 1732233600000;
  return [
    { kind: 'wrong type: timestamp is a string', value: { id, timestamp: '1732233600000', type: 'reply', text: 'Hello there, how can I help?' } },
    { kind: 'wrong type: text is a number', value: { id, timestamp, type: 'system', text: 42 } },
    { kind: 'missing: reply without text', value: { id, timestamp, type: 'reply' } },
    { kind: 'missing: no id, no timestamp', value: { type: 'input', text: 'hi' } },
    { kind: 'unknown type', value: { id, timestamp, type: 'nope', text: 'Hello there, how can I help?' } },
    {
      kind: 'nested: tool call without name, args not an object value',
      value: { id, timestamp, type: 'tool-calls', calls: [{ id: 'call_1', args: { city: 'Paris' } }, { id: 'call_2', name: 7 }] },
    },
    { kind: 'wrong type: calls is not an array', value: { id, timestamp, type: 'tool-calls', calls: 'get_weather' } },
    { kind: 'two wrong: reasoning without title, summary a boolean', value: { id, timestamp, type: 'reasoning', summary: true } },
  ];
}

/**
 * Realistic messages of about 500 bytes (file bytes, custom keys, tool calls and results),
 * each valid, and the same with one defect. Each is { kind, valid, value }: what is wrong,
 * the message before, the message with the defect.
 */
export function realisticInvalid(seed = 11) {
  const rand = prng(seed);
  let time = 1732233600000;
  const base = (type) => {
    const timestamp = (time += 1 + Math.floor(rand() * 1500));
    return { id: fixtureUlid(timestamp, rand), timestamp, type, session: { user: 'u_1042', channel: 'web' }, trace: `tr-${Math.floor(rand() * 1e9)}` };
  };
  const bytes = (n) => Uint8Array.from({ length: n }, () => Math.floor(rand() * 256));
  const input = () => ({ ...base('input'), text: sentence(rand, 60, 120), files: [{ data: bytes(64), filename: 'chart.png', mimeType: 'image/png' }] });
  const calls = () => ({
    ...base('tool-calls'),
    calls: [
      { id: 'call_0041', name: 'get_weather', args: { city: 'Paris', units: 'metric', days: 3 } },
      { id: 'call_0042', name: 'search_web', args: { query: sentence(rand, 40, 80), limit: 5, safe: true } },
    ],
  });
  const results = () => ({
    ...base('tool-results'),
    results: [
      { callId: 'call_0041', name: 'get_weather', output: { temperature: 21.5, unit: 'C', conditions: 'partly cloudy', wind: { speed: 12, dir: 'NW' } } },
      { callId: 'call_0042', name: 'search_web', output: [{ title: sentence(rand, 20, 40), url: 'https://example.com/a', score: 0.92 }] },
    ],
  });
  const reply = () => ({ ...base('reply'), text: sentence(rand, 300, 420), model: 'gpt-4.1', usage: { input: 812, output: 96 } });
  const wrong = [
    ['input: a file\'s data is a string', input, (m) => (m.files[0].data = 'iVBORw0KGgo=')],
    ['input: a file\'s filename is a number', input, (m) => (m.files[0].filename = 7)],
    ['input: text is an array', input, (m) => (m.text = [m.text])],
    ['tool-calls: a call without its name', calls, (m) => delete m.calls[1].name],
    ['tool-calls: a call\'s args hold a function', calls, (m) => (m.calls[0].args.units = () => 'metric')],
    ['tool-calls: calls is an object', calls, (m) => (m.calls = { first: m.calls[0] })],
    ['tool-results: a result\'s callId is a number', results, (m) => (m.results[0].callId = 41)],
    ['tool-results: a result without its output', results, (m) => delete m.results[1].output],
    ['reply: text is missing', reply, (m) => delete m.text],
    ['reply: timestamp is a string', reply, (m) => (m.timestamp = String(m.timestamp))],
    ['reply: id is a number', reply, (m) => (m.id = 12345)],
    ['reply: an unknown type', reply, (m) => (m.type = 'answer')],
  ];
  return wrong.map(([kind, make, spoil]) => {
    const valid = make();
    const value = structuredClone(valid);
    spoil(value);
    return { kind, valid, value };
  });
}

/** Bytes of JSON text, averaged. */
export function meanJsonBytes(values) {
  let total = 0;
  for (const v of values) total += Buffer.byteLength(JSON.stringify(v));
  return total / values.length;
}
