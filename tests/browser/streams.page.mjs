// Runs in Chromium (browser.test.mjs): the stream accumulators on real recorded streams fetched
// by the page, `fetch(...).body` straight into `accumulate`, as an agent UI would; a snapshot
// while a tool input streams; and the format entries (the validation build) saying where the
// accumulators are. Everything reported is plain JSON.
import { openai, anthropic, aiSdk } from 'agent-messages';

const out = {};
const brief = (r) => ({ ok: r.ok, count: r.messages.length, issues: r.issues.map((i) => i.code) });

const sse = await anthropic.accumulate((await fetch('/fixtures/anthropic/fallback-anthropic.sse')).body);
out.anthropicSse = { ...brief(sse), blocks: sse.value.content.map((b) => b.type), input: sse.value.content[1].input };
const lines = await anthropic.accumulate(await fetch('/fixtures/anthropic/anthropic-tool-search-regex.1.chunks.txt'));
out.anthropicResponses = brief(lines);
const chat = await openai.accumulate((await fetch('/fixtures/openai-chat/anthropic-fallback-tool-call.sse')).body);
out.openaiSse = { ...brief(chat), name: chat.value.tool_calls[0].function.name, args: JSON.parse(chat.value.tool_calls[0].function.arguments) };
const ui = await aiSdk.accumulate(await (await fetch('/fixtures/ai-sdk-ui/react-agent-tool-calling.json')).json());
out.ui = { ...brief(ui), parts: ui.value.parts.length };

const acc = anthropic.createAccumulator();
acc.push({ type: 'message_start', message: { id: 'm', type: 'message', role: 'assistant', model: 'x', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } } });
acc.push({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} } });
acc.push({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"city": "Ber' } });
out.partial = acc.snapshot().content[0].partial;
out.broken = acc.push({ type: 'content_block_delta', index: 4, delta: { type: 'text_delta', text: 'x' } }).map((i) => [i.code, i.path]);

window.__result = out;
