// Property tests of the accumulators: each recorded stream's folded message, cut into chunks
// again at random points (every text, thinking, signature and tool input split anywhere, even
// inside an escape or a UTF-16 surrogate pair's neighbour), folds back to the same message; the
// same chunks as server-sent events in random pieces, too. Seeded: a failure names its seed.
import test from 'node:test';
import assert from 'node:assert/strict';
import { openai, anthropic, aiSdk } from '../../pkg/index.mjs';
import { chunksOf, files, sse } from './stream-fixtures.mjs';

const ROUNDS = Number(process.env.STREAM_ROUNDS ?? 12);

function rng(seed) {
  let s = seed >>> 0 || 1;
  return (n) => {
    s ^= s << 13; s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5; s >>>= 0;
    return s % n;
  };
}

/** `text` cut at random points (code points kept whole), sometimes with an empty piece first. */
function pieces(text, r) {
  const points = [...text];
  const out = r(4) === 0 ? [''] : [];
  let at = 0;
  while (at < points.length) {
    const n = 1 + r(Math.max(1, Math.min(40, points.length - at)));
    out.push(points.slice(at, at + n).join(''));
    at += n;
  }
  return out.length ? out : [''];
}

/** The raw body in random pieces of bytes. */
function bytesIn(text, r) {
  const bytes = new TextEncoder().encode(text);
  const out = [];
  for (let at = 0; at < bytes.length;) {
    const n = 1 + r(300);
    out.push(bytes.slice(at, at + n));
    at += n;
  }
  return new ReadableStream({ start(c) { out.forEach((p) => c.enqueue(p)); c.close(); } });
}

const INPUT_BLOCKS = new Set(['tool_use', 'server_tool_use', 'mcp_tool_use']);

/** An Anthropic Message as the events that stream it. */
function anthropicEvents(m, r) {
  const { content, stop_reason, stop_sequence, usage, ...rest } = m;
  const events = [{ type: 'message_start', message: { ...rest, content: [], stop_reason: null, stop_sequence: null, usage } }];
  content.forEach((b, index) => {
    const start = { ...b };
    const deltas = [];
    if (b.type === 'text') {
      start.text = '';
      deltas.push(...pieces(b.text, r).map((text) => ({ type: 'text_delta', text })));
      if (Array.isArray(b.citations) && b.citations.length > 0) {
        start.citations = [];
        deltas.push(...b.citations.map((citation) => ({ type: 'citations_delta', citation })));
      }
    } else if (b.type === 'thinking') {
      start.thinking = '';
      start.signature = '';
      deltas.push(...pieces(b.thinking, r).map((thinking) => ({ type: 'thinking_delta', thinking })));
      deltas.push(...pieces(b.signature, r).map((signature) => ({ type: 'signature_delta', signature })));
    } else if (INPUT_BLOCKS.has(b.type)) {
      start.input = {};
      deltas.push(...pieces(JSON.stringify(b.input), r).map((partial_json) => ({ type: 'input_json_delta', partial_json })));
    } else if (b.type === 'compaction' && b.content !== null) {
      start.content = null;
      deltas.push({ type: 'compaction_delta', content: b.content });
    }
    events.push({ type: 'content_block_start', index, content_block: start });
    for (const delta of deltas) events.push({ type: 'content_block_delta', index, delta });
    if (r(3) === 0) events.push({ type: 'ping' });
    events.push({ type: 'content_block_stop', index });
  });
  events.push({ type: 'message_delta', delta: { stop_reason, stop_sequence }, usage }, { type: 'message_stop' });
  return events;
}

/** An OpenAI ChatCompletion as the chunks that stream it. */
function openaiChunks(completion, r) {
  const { choices, usage, object, ...envelope } = completion;
  const chunk = (cs) => ({ ...envelope, object: 'chat.completion.chunk', choices: cs });
  const out = [];
  for (const { index, message, finish_reason, ...other } of choices) {
    const { role, content, refusal, tool_calls, ...extra } = message;
    const strings = Object.entries(extra).filter(([, v]) => typeof v === 'string');
    const rest = Object.fromEntries(Object.entries(extra).filter(([, v]) => typeof v !== 'string'));
    out.push(chunk([{ index, delta: { role, ...rest } }]));
    for (const [key, text] of strings) for (const p of pieces(text, r)) out.push(chunk([{ index, delta: { [key]: p } }]));
    if (typeof content === 'string') for (const p of pieces(content, r)) out.push(chunk([{ index, delta: { content: p } }]));
    if (typeof refusal === 'string') for (const p of pieces(refusal, r)) out.push(chunk([{ index, delta: { refusal: p } }]));
    (tool_calls ?? []).forEach(({ id, type, function: f, ...callRest }, k) => {
      out.push(chunk([{ index, delta: { tool_calls: [{ index: k, id, type, function: { name: f.name, arguments: '' }, ...callRest }] } }]));
      for (const p of pieces(f.arguments, r)) out.push(chunk([{ index, delta: { tool_calls: [{ index: k, function: { arguments: p } }] } }]));
    });
    out.push(chunk([{ index, delta: {}, finish_reason, ...other }]));
  }
  if (usage !== undefined) out.push({ ...chunk([]), usage });
  return out;
}

/** AI SDK chunks with every run of deltas of one part joined and cut again at random points. */
function uiRechunked(chunks, r) {
  const out = [];
  const KEY = { 'text-delta': 'delta', 'reasoning-delta': 'delta', 'tool-input-delta': 'inputTextDelta' };
  for (let i = 0; i < chunks.length;) {
    const c = chunks[i];
    const key = KEY[c.type];
    if (!key) { out.push(c); i++; continue; }
    const idKey = c.type === 'tool-input-delta' ? 'toolCallId' : 'id';
    let text = '';
    let j = i;
    while (j < chunks.length && chunks[j].type === c.type && chunks[j][idKey] === c[idKey]
      && Object.keys(chunks[j]).every((k) => ['type', key, idKey].includes(k))) text += chunks[j++][key];
    if (j === i) { out.push(c); i++; continue; }
    for (const p of pieces(text, r)) out.push({ type: c.type, [idKey]: c[idKey], [key]: p });
    i = j;
  }
  return out;
}

const CASES = [
  ['anthropic', anthropic, (res) => res.messages, anthropicEvents, (m) => m],
  ['openai-chat', openai, (res) => res.responses, openaiChunks, (c) => c],
];

for (const [folder, ns, units, unfold] of CASES) {
  test(`${folder}: every recorded message cut into chunks at random points folds back to itself`, async () => {
    for (const { name, path } of files(folder)) {
      if (name.startsWith('duplicate') || name.startsWith('spliced')) continue;
      const folded = await ns.accumulate(chunksOf(path));
      for (const [n, unit] of units(folded).entries()) {
        for (let seed = 1; seed <= ROUNDS; seed++) {
          const r = rng(seed * 7919 + n);
          const chunks = unfold(unit, r);
          const again = await ns.accumulate(chunks);
          assert.deepEqual(again.issues, [], `${name} #${n}, seed ${seed}`);
          const got = folder === 'openai-chat' ? again.responses[0] : again.value;
          assert.deepEqual(got, unit, `${name} #${n}, seed ${seed}`);
          // The same chunks as server-sent events, in random pieces of bytes.
          const raw = await ns.accumulate(bytesIn(sse(chunks, { eventNames: r(2) === 0, done: r(2) === 0 }), r));
          assert.deepEqual(raw, again, `${name} #${n}, seed ${seed} (SSE)`);
        }
      }
    }
  });
}

test('ai-sdk-ui: every recorded stream with its deltas cut again at random points folds to the same message', async () => {
  for (const { name, path } of files('ai-sdk-ui')) {
    const chunks = chunksOf(path);
    const want = await aiSdk.accumulate(chunks);
    for (let seed = 1; seed <= ROUNDS; seed++) {
      const r = rng(seed);
      const again = await aiSdk.accumulate(uiRechunked(chunks, r));
      assert.deepEqual(again, want, `${name}, seed ${seed}`);
      const raw = await aiSdk.accumulate(bytesIn(sse(uiRechunked(chunks, r)), r));
      assert.deepEqual(raw, want, `${name}, seed ${seed} (SSE)`);
    }
  }
});
