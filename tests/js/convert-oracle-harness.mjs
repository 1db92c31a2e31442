// The converter oracles' harness: the request body `@ai-sdk/anthropic` and `@ai-sdk/openai`
// would send for AI SDK ModelMessages (the whole pipeline: `ai`'s prompt layer, then the
// provider's converter), recorded by a custom `fetch` that answers with a canned response. No
// network: the fetch never leaves the process (docs/UPSTREAM.md 4.4).
import { generateText } from 'ai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';

globalThis.AI_SDK_LOG_WARNINGS = false;

const CANNED = {
  anthropic: {
    type: 'message', id: 'msg_0', model: 'claude-sonnet-4-5', role: 'assistant',
    content: [{ type: 'text', text: 'ok' }], stop_reason: 'end_turn', stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  },
  openai: {
    id: 'chatcmpl-0', object: 'chat.completion', created: 0, model: 'gpt-4o',
    choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  },
};

const capture = (kind, sink) => async (url, init) => {
  if (!String(url).startsWith(kind === 'anthropic' ? 'https://api.anthropic.com/' : 'https://api.openai.com/')) {
    throw new Error(`the oracle fetched ${url}: no network here`);
  }
  sink.push(JSON.parse(init.body));
  return new Response(JSON.stringify(CANNED[kind]), { headers: { 'content-type': 'application/json' } });
};

const providers = {
  anthropic: (fetch) => createAnthropic({ apiKey: 'test', fetch })('claude-sonnet-4-5'),
  openai: (fetch) => createOpenAI({ apiKey: 'test', fetch }).chat('gpt-4o'),
};

/** What the provider package would send for `messages` (ModelMessage[]): `{ body, warnings }`,
 * or `{ error }` (its message) when the pipeline refuses them. */
export async function requestBody(kind, messages) {
  const sink = [];
  try {
    const { warnings } = await generateText({
      model: providers[kind](capture(kind, sink)), messages, allowSystemInMessages: true, maxRetries: 0,
    });
    return { body: sink[0], warnings };
  } catch (e) {
    return { error: String(e?.message ?? e) };
  }
}
