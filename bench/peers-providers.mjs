// The peers for the provider formats, in the spirit of peers-formats.mjs (open objects, optional
// fields accept undefined, unions tagged by one property as discriminatedUnion):
//   - Anthropic `MessageParam`: the SDK has no runtime schema, so a zod 4 schema written here from
//     its types, with the rules the API enforces that ours checks too (image media types, a
//     signature on thinking, `tool_use.input` an object);
//   - AI SDK `ModelMessage`: the AI SDK's own zod schema, `modelMessageSchema` from `ai`;
//   - AI SDK `UIMessage`: `ai` validates UI messages only through the asynchronous
//     `safeValidateUIMessages`, so a zod 4 schema written here from its runtime schema (tool and
//     data parts told apart by the prefix of `type`, tool parts by `state`).

import * as z from 'zod';
import { modelMessageSchema } from 'ai';

export const zodModelMessage = modelMessageSchema;

// ---- Anthropic ----------------------------------------------------------------------------------

const cacheControl = z.looseObject({ type: z.literal('ephemeral'), ttl: z.enum(['5m', '1h']).optional() }).nullish();
const text = z.looseObject({ type: z.literal('text'), text: z.string(), cache_control: cacheControl, citations: z.array(z.looseObject({ type: z.string() })).nullish() });
const image = z.looseObject({
  type: z.literal('image'),
  source: z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('base64'), media_type: z.enum(['image/jpeg', 'image/png', 'image/gif', 'image/webp']), data: z.string() }),
    z.looseObject({ type: z.literal('url'), url: z.string() }),
    z.looseObject({ type: z.literal('file'), file_id: z.string() }),
  ]),
  cache_control: cacheControl,
});
const document = z.looseObject({
  type: z.literal('document'),
  source: z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('base64'), media_type: z.literal('application/pdf'), data: z.string() }),
    z.looseObject({ type: z.literal('text'), media_type: z.literal('text/plain'), data: z.string() }),
    z.looseObject({ type: z.literal('content'), content: z.union([z.string(), z.array(z.union([text, image]))]) }),
    z.looseObject({ type: z.literal('url'), url: z.string() }),
    z.looseObject({ type: z.literal('file'), file_id: z.string() }),
  ]),
  cache_control: cacheControl,
  citations: z.looseObject({ enabled: z.boolean().optional() }).nullish(),
  context: z.string().nullish(),
  title: z.string().nullish(),
});
const toolUse = z.looseObject({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.record(z.string(), z.unknown()), cache_control: cacheControl });
const toolResult = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.union([z.string(), z.array(z.union([text, image, document, z.looseObject({ type: z.string() })]))]).optional(),
  is_error: z.boolean().optional(),
  cache_control: cacheControl,
});
const thinking = z.looseObject({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() });
const redacted = z.looseObject({ type: z.literal('redacted_thinking'), data: z.string() });
// The rare server-tool blocks: their type and the keys they require.
const rare = (type, keys) => z.looseObject({ type: z.literal(type), ...Object.fromEntries(keys.map((k) => [k, z.unknown().refine((v) => v !== undefined)])) });
const block = z.discriminatedUnion('type', [
  text, image, document, thinking, redacted, toolUse, toolResult,
  rare('search_result', ['content', 'source', 'title']),
  rare('server_tool_use', ['id', 'input', 'name']),
  rare('web_search_tool_result', ['content', 'tool_use_id']),
  rare('web_fetch_tool_result', ['content', 'tool_use_id']),
  rare('code_execution_tool_result', ['content', 'tool_use_id']),
  rare('bash_code_execution_tool_result', ['content', 'tool_use_id']),
  rare('text_editor_code_execution_tool_result', ['content', 'tool_use_id']),
  rare('tool_search_tool_result', ['content', 'tool_use_id']),
  rare('container_upload', ['file_id']),
]);
const content = z.union([z.string(), z.array(block)]);
export const zodAnthropic = z.discriminatedUnion('role', [
  z.looseObject({ role: z.literal('user'), content }),
  z.looseObject({ role: z.literal('assistant'), content }),
  z.looseObject({ role: z.literal('system'), content: z.union([z.string(), z.array(text)]) }),
]);

// ---- AI SDK UIMessage ---------------------------------------------------------------------------

const json = z.json();
const metadata = z.record(z.string(), z.record(z.string(), json)).optional();
const textPart = z.looseObject({ type: z.literal('text'), text: z.string(), state: z.enum(['streaming', 'done']).optional(), providerMetadata: metadata });
const filePart = z.looseObject({ type: z.literal('file'), mediaType: z.string(), filename: z.string().optional(), url: z.string(), providerMetadata: metadata });
const staticPart = z.discriminatedUnion('type', [
  textPart,
  z.looseObject({ type: z.literal('reasoning'), text: z.string(), state: z.enum(['streaming', 'done']).optional(), providerMetadata: metadata }),
  z.looseObject({ type: z.literal('custom'), kind: z.string(), providerMetadata: metadata }),
  z.looseObject({ type: z.literal('source-url'), sourceId: z.string(), url: z.string(), title: z.string().optional(), providerMetadata: metadata }),
  z.looseObject({ type: z.literal('source-document'), sourceId: z.string(), mediaType: z.string(), title: z.string(), filename: z.string().optional(), providerMetadata: metadata }),
  filePart,
  z.looseObject({ type: z.literal('reasoning-file'), mediaType: z.string(), url: z.string(), providerMetadata: metadata }),
  z.looseObject({ type: z.literal('steering-message'), id: z.string(), parts: z.array(z.union([textPart, filePart])) }),
  z.looseObject({ type: z.literal('step-start') }),
]);
const approval = z.looseObject({ id: z.string(), approved: z.boolean().optional(), reason: z.string().optional() });
const states = z.discriminatedUnion('state', [
  z.looseObject({ state: z.literal('input-streaming'), input: z.unknown().optional(), output: z.never().optional(), errorText: z.never().optional() }),
  z.looseObject({ state: z.literal('input-available'), input: z.unknown(), output: z.never().optional(), errorText: z.never().optional() }),
  z.looseObject({ state: z.literal('approval-requested'), input: z.unknown(), approval, output: z.never().optional(), errorText: z.never().optional() }),
  z.looseObject({ state: z.literal('approval-responded'), input: z.unknown(), approval: approval.extend({ approved: z.boolean() }), output: z.never().optional(), errorText: z.never().optional() }),
  z.looseObject({ state: z.literal('output-available'), input: z.unknown(), output: z.unknown(), errorText: z.never().optional(), preliminary: z.boolean().optional() }),
  z.looseObject({ state: z.literal('output-error'), input: z.unknown().optional(), errorText: z.string(), output: z.never().optional() }),
  z.looseObject({ state: z.literal('output-denied'), input: z.unknown(), approval: approval.extend({ approved: z.literal(false) }), output: z.never().optional(), errorText: z.never().optional() }),
]);
const toolBase = { toolCallId: z.string(), title: z.string().optional(), providerExecuted: z.boolean().optional(), callProviderMetadata: metadata };
const staticTool = z.looseObject({ type: z.string().startsWith('tool-'), ...toolBase }).and(states);
const dynamicTool = z.looseObject({ type: z.literal('dynamic-tool'), toolName: z.string(), ...toolBase }).and(states);
const dataPart = z.looseObject({ type: z.string().startsWith('data-'), id: z.string().optional(), data: z.unknown().refine((v) => v !== undefined) });
const part = z.custom((p) => p !== null && typeof p === 'object').pipe(z.union([staticPart, dynamicTool, staticTool, dataPart]));
export const zodUIMessage = z.looseObject({
  id: z.string(),
  role: z.enum(['system', 'user', 'assistant']),
  metadata: z.unknown().optional(),
  parts: z.array(part),
});
