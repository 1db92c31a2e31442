// The conversations the converter oracles run on (convert-oracle.test.mjs): AI SDK
// ModelMessages, each exercising one row of the provider table or one decision, and UIMessages
// for `convertToModelMessages`. Every ModelMessage case is one the AI SDK accepts as a prompt
// (its tool calls answered, as generateText requires).
import { STATE_FIELDS } from './ai-sdk-ui-cases.mjs';

const user = (...content) => ({ role: 'user', content });
const assistant = (...content) => ({ role: 'assistant', content });
const tool = (...content) => ({ role: 'tool', content });
const call = (id = 'call_1', input = { city: 'Paris' }, extra = {}) => ({ type: 'tool-call', toolCallId: id, toolName: 'weather', input, ...extra });
const result = (output, id = 'call_1', extra = {}) => ({ type: 'tool-result', toolCallId: id, toolName: 'weather', output, ...extra });
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PDF = 'JVBERi0xLjQKJcTl8uXrCg==';
const ask = user({ type: 'text', text: 'Weather in Paris?' });
const turn = (output, extra) => [ask, assistant(call()), tool(result(output, 'call_1', extra))];

/** name -> ModelMessage[] */
export const MODEL_CASES = {
  'plain chat': [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }],
  'user text parts': [user({ type: 'text', text: 'a' }, { type: 'text', text: 'b' })],
  'image base64': [user({ type: 'text', text: 'What is this?' }, { type: 'image', image: PNG, mediaType: 'image/png' })],
  'image bytes': [user({ type: 'image', image: Buffer.from(PNG, 'base64'), mediaType: 'image/png' })],
  'image url': [user({ type: 'image', image: new URL('https://example.com/a.png') })],
  'image data url': [user({ type: 'image', image: `data:image/png;base64,${PNG}` })],
  'file pdf': [user({ type: 'file', data: PDF, mediaType: 'application/pdf', filename: 'a.pdf' })],
  'file text document': [user({ type: 'file', data: { type: 'text', text: 'notes' }, mediaType: 'text/plain' })],
  'signed reasoning and a call': [ask, assistant(
    { type: 'reasoning', text: 'Need the tool.', providerOptions: { anthropic: { signature: 'sig' } } }, call(),
  ), tool(result({ type: 'json', value: { t: 21 } }))],
  'unsigned reasoning': [ask, assistant({ type: 'reasoning', text: 'hm' }, { type: 'text', text: 'Sunny.' })],
  'redacted reasoning': [ask, assistant({ type: 'reasoning', text: '', providerOptions: { anthropic: { redactedData: 'opaque' } } }, { type: 'text', text: 'Sunny.' })],
  'output text': turn({ type: 'text', value: '21 C' }),
  'output json': turn({ type: 'json', value: { t: 21 } }),
  'output error-text': turn({ type: 'error-text', value: 'down' }),
  'output error-json': turn({ type: 'error-json', value: { code: 503 } }),
  'output execution-denied': turn({ type: 'execution-denied', reason: 'not allowed' }),
  'output execution-denied bare': turn({ type: 'execution-denied' }),
  'output content': turn({ type: 'content', value: [{ type: 'text', text: 'a' }, { type: 'image-data', data: PNG, mediaType: 'image/png' }] }),
  'two calls one tool message': [ask, assistant(call('c1'), call('c2', { city: 'Oslo' })), tool(result({ type: 'text', value: '1' }, 'c1'), result({ type: 'text', value: '2' }, 'c2'))],
  'two calls two tool messages': [ask, assistant(call('c1'), call('c2', { city: 'Oslo' })), tool(result({ type: 'text', value: '1' }, 'c1')), tool(result({ type: 'text', value: '2' }, 'c2'))],
  'text then call': [ask, assistant({ type: 'text', text: 'Checking.' }, call()), tool(result({ type: 'text', value: '21 C' }))],
  'cache control on a part': [user({ type: 'text', text: 'long context', providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } } })],
  'cache control on a message': [{ role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }], providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } } }],
  'cache control on the system': [{ role: 'system', content: 'Be brief.', providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } } }, { role: 'user', content: 'hi' }],
  'openai image detail': [user({ type: 'image', image: new URL('https://example.com/a.png'), providerOptions: { openai: { imageDetail: 'low' } } })],
  'other provider option': [user({ type: 'text', text: 'x', providerOptions: { acme: { tag: 1 } } })],
  'system later': [{ role: 'user', content: 'hi' }, { role: 'system', content: 'Now answer in French.' }, { role: 'user', content: 'ok' }],
  'tool call id with a colon': [ask, assistant(call('call:1')), tool(result({ type: 'text', value: '21 C' }, 'call:1'))],
  'empty text part': [user({ type: 'text', text: '' }, { type: 'text', text: 'x' })],
};

const ui = (role, parts, id = `m-${role}`) => ({ id, role, parts });
const tp = (state, fields = STATE_FIELDS[state], extra = {}) => ({ type: 'tool-weather', toolCallId: 'c1', state, ...fields, ...extra });

/** name -> UIMessage[] */
export const UI_CASES = {
  'text': [ui('user', [{ type: 'text', text: 'hi' }]), ui('assistant', [{ type: 'text', text: 'hello' }])],
  'system': [ui('system', [{ type: 'text', text: 'Be brief.' }]), ui('user', [{ type: 'text', text: 'hi' }])],
  'two system parts': [ui('system', [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }])],
  'file data url': [ui('user', [{ type: 'file', mediaType: 'image/png', url: `data:image/png;base64,${PNG}` }])],
  'file url': [ui('user', [{ type: 'file', mediaType: 'application/pdf', url: 'https://example.com/a.pdf', filename: 'a.pdf' }])],
  'reasoning signed': [ui('assistant', [{ type: 'reasoning', text: 'hm', providerMetadata: { anthropic: { signature: 'sig' } } }, { type: 'text', text: 'ok' }])],
  'steps': [ui('assistant', [{ type: 'step-start' }, tp('output-available', { input: { city: 'Paris' }, output: { t: 21 } }), { type: 'step-start' }, { type: 'text', text: '21 C' }])],
  'output-error': [ui('assistant', [tp('output-error', { input: { city: 'Paris' }, errorText: 'down' })])],
  'input-available': [ui('assistant', [tp('input-available', { input: { city: 'Paris' } })])],
  'input-streaming': [ui('assistant', [tp('input-streaming', { input: { city: 'Pa' } })])],
  'output-denied': [ui('assistant', [tp('output-denied', { input: {}, approval: { id: 'a1', approved: false, reason: 'no' } })])],
  'dynamic tool': [ui('assistant', [{ type: 'dynamic-tool', toolName: 'weather', toolCallId: 'c1', state: 'output-available', input: {}, output: 'ok' }])],
  'call provider metadata': [ui('assistant', [tp('output-available', { input: {}, output: 'ok' }, { callProviderMetadata: { openai: { itemId: 'x' } } })])],
  'data part': [ui('assistant', [{ type: 'text', text: 'a' }, { type: 'data-weather', data: { t: 21 } }])],
  'source url': [ui('assistant', [{ type: 'source-url', sourceId: 's1', url: 'https://example.com' }, { type: 'text', text: 'a' }])],
  'metadata': [{ ...ui('user', [{ type: 'text', text: 'hi' }]), metadata: { at: 1 } }],
};
