// Conversions against the AI SDK's own converters, in one process, side by side:
// - UIMessage → ModelMessage: ours (`uiToModel`) and `convertToModelMessages` (`ai`);
// - ModelMessage → Anthropic / OpenAI Chat: ours (`aiSdkToAnthropic`, `aiSdkToOpenAI`) and
//   `@ai-sdk/anthropic` / `@ai-sdk/openai` building the request body (their converters are not
//   exported: this is `generateText` up to the recorded body, with a canned answer, no network;
//   it does more than convert, so the ratio is an upper bound of ours against their converter).
// Before timing, both sides must convert every fixture (ours with its losses, theirs without an
// error). Run by run.mjs (section 10), or alone: `node bench/convert-ai-sdk.mjs [--quick] [--json]`.
import { convertToModelMessages } from 'ai';
import * as api from '../pkg/index.mjs';
import { timeAsync } from './harness.mjs';
import { requestBody } from '../tests/js/convert-oracle-harness.mjs';

const QUICK = process.argv.includes('--quick');
const JSON_OUT = process.argv.includes('--json');

/** A useChat history of `turns` turns: a user text, then an assistant message of two steps
 * (reasoning and a tool call with its output; a text reply). 3 UIMessages... per turn: 2. */
function uiHistory(turns) {
  const out = [];
  for (let t = 0; t < turns; t++) {
    out.push({ id: `u${t}`, role: 'user', parts: [{ type: 'text', text: `Question ${t}: what is the weather in city ${t}?` }] });
    out.push({ id: `a${t}`, role: 'assistant', parts: [
      { type: 'step-start' },
      { type: 'reasoning', text: `I should call the weather tool for city ${t}.`, providerMetadata: { anthropic: { signature: `sig${t}` } } },
      { type: 'tool-weather', toolCallId: `call_${t}`, state: 'output-available', input: { city: `c${t}` }, output: { t: 20 + (t % 7), unit: 'C' } },
      { type: 'step-start' },
      { type: 'text', text: `It is ${20 + (t % 7)} C in city ${t}.` },
    ] });
  }
  return out;
}

const ui = uiHistory(50); // 100 UIMessages
const model = await convertToModelMessages(ui); // 200 ModelMessages, as the AI SDK gives them
const check = api.aiSdk.validateMany ? model.every((m) => api.aiSdk.is(m)) : true;
if (!check) throw new Error('a fixture ModelMessage is not valid for us');

// ns per call.
const time = async (fn) => (await timeAsync(fn, { batches: QUICK ? 3 : 7, minMs: QUICK ? 30 : 200 })) * 1e6;

const rows = [];
async function pair(label, messages, ours, theirs) {
  const a = await time(ours);
  const b = await time(theirs);
  rows.push({ label, messages, oursNs: a, theirsNs: b, ratio: a / b });
}

// Both sides convert the fixtures before anything is timed.
const toModel = api.uiToModel(ui);
if (toModel.messages.length !== model.length) throw new Error(`uiToModel gave ${toModel.messages.length} messages, convertToModelMessages ${model.length}`);
for (const kind of ['anthropic', 'openai']) {
  const r = await requestBody(kind, model);
  if (r.error) throw new Error(`@ai-sdk/${kind}: ${r.error}`);
}

await pair('UIMessage → ModelMessage: uiToModel vs convertToModelMessages', ui.length, () => api.uiToModel(ui), () => convertToModelMessages(ui));
await pair('ModelMessage → Anthropic: aiSdkToAnthropic vs @ai-sdk/anthropic (generateText to the body)', model.length, () => api.aiSdkToAnthropic(model), () => requestBody('anthropic', model));
await pair('ModelMessage → OpenAI Chat: aiSdkToOpenAI vs @ai-sdk/openai (generateText to the body)', model.length, () => api.aiSdkToOpenAI(model), () => requestBody('openai', model));

if (JSON_OUT) {
  process.stdout.write(JSON.stringify(rows));
} else {
  for (const r of rows) {
    console.log(`${r.label}\n  ${r.messages} messages: ours ${(r.oursNs / r.messages).toFixed(0)} ns/msg, theirs ${(r.theirsNs / r.messages).toFixed(0)} ns/msg, ${r.ratio.toFixed(2)}x`);
  }
}
