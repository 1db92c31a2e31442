// Generated logs for the command line's tests and bench: conversations with tool calls in
// every format, written by the package's own converters from one OpenAI template, as JSONL
// (one message per line, or one conversation per line) or as a JSON array file; and the ways
// real logs break (a line cut short, a message of the wrong shape, a call left unanswered, a
// result for no call).
import { createRequire } from 'node:module';

export const api = createRequire(import.meta.url)('../../pkg/index.cjs');

export const FORMATS = api.describe?.().formats?.map((f) => f.name) ?? ['kernel', 'swarm', 'agens', 'bedrock', 'openai', 'anthropic', 'ai-sdk', 'ai-sdk-ui'];

/** Conversation `n` in OpenAI's words: a question, a tool call, its result, an answer. */
export function openaiConversation(n, { pad = 0 } = {}) {
  const call = `call_${n}_a`;
  const filler = pad > 0 ? ` ${'lorem ipsum '.repeat(pad)}` : '';
  return [
    { role: 'user', content: `What is the weather in city ${n}?${filler}` },
    { role: 'assistant', content: null, tool_calls: [{ id: call, type: 'function', function: { name: 'weather', arguments: JSON.stringify({ city: n }) } }] },
    { role: 'tool', tool_call_id: call, content: `{"temp": ${n % 40}}` },
    { role: 'assistant', content: `It is ${n % 40} degrees in city ${n}.${filler}` },
  ];
}

/** The same conversation in `format` (its list of messages). */
export function conversation(format, n, options) {
  const msgs = openaiConversation(n, options);
  if (format === 'openai') return msgs;
  const out = api.convert(msgs, { from: 'openai', to: format, now: () => 1_700_000_000_000 + n * 1000 });
  return out.messages;
}

/** JSONL: one message per line (`groupBy`: each tagged with its conversation), or one
 * conversation per line. */
export function jsonl(format, count, { perLine = 'message', groupBy, pad } = {}) {
  const lines = [];
  for (let n = 0; n < count; n++) {
    const msgs = conversation(format, n, { pad });
    if (perLine === 'conversation') lines.push(JSON.stringify(msgs));
    else for (const m of msgs) lines.push(JSON.stringify(groupBy ? { ...m, [groupBy]: `t${n}` } : m));
  }
  return `${lines.join('\n')}\n`;
}
