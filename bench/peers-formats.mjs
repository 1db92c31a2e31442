// The peers for the four other formats: each message type written for zod 4 and for ajv
// (compiled JSON Schema), as close to our shapes (src/formats/<fmt>/shape.rs) as each library
// allows, in the spirit of peers.mjs:
//   - every object is open (unknown properties kept and not reported): looseObject / no
//     additionalProperties;
//   - optional fields accept undefined; `X | null` is .nullable() / type [X, 'null'], and an
//     optional one .nullish();
//   - `{ [key: string]: any }` (payload, arguments, details, ...) is z.record(z.string(),
//     z.any()) / type 'object';
//   - unions tagged by one property are zod discriminatedUnion / ajv discriminator;
//   - the format rules, where the peer can say them: openai `function.arguments` must be JSON
//     text that JSON.parse accepts (a zod .refine, an ajv keyword); `image_url.url` an http(s)
//     or data: URL (a regex on the head, either case); agens `caller` a `#PID<a.b.c>` and bedrock
//     `timestamp` an ISO 8601 date-time with optional fraction and zone (regexes with the same
//     ranges as ours); agens `input` non-empty and `retries` an integer >= 0, route `count` an
//     integer >= 1; swarm `images` all strings or all Uint8Array (a union of two arrays).
// zod reports every issue, ajv stops at the first (their defaults).

import * as z from 'zod';
import { Ajv } from 'ajv';

// ---- the rules, shared ----------------------------------------------------------------------------

export const PID_PATTERN = '^#PID<[0-9]+\\.[0-9]+\\.[0-9]+>$';
export const ISO_DATE_TIME_PATTERN =
  '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})?$';
export const IMAGE_URL_PATTERN = '^([Hh][Tt][Tt][Pp][Ss]?://|[Dd][Aa][Tt][Aa]:)';

function isJsonText(s) {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}

const SWARM_ROLES = ['tool', 'user', 'assistant', 'system', 'resque', 'flush', 'developer'];
const SWARM_MODES = ['user', 'tool'];
const BEDROCK_EVENT_TYPES = [
  'agent_start', 'agent_complete', 'tool_start', 'tool_complete', 'message_sent', 'message_received', 'error', 'run_start', 'run_complete', 'tool_error',
];

// ---- zod 4 --------------------------------------------------------------------------------------

const zDict = () => z.record(z.string(), z.any());
const zNullableString = () => z.string().nullish();

// swarm: IModelMessage
const zSwarmToolCall = z.looseObject({
  id: z.string(),
  type: z.literal('function'),
  function: z.looseObject({ name: z.string(), arguments: zDict() }),
});
export const zodSwarm = z.looseObject({
  role: z.enum(SWARM_ROLES),
  agentName: z.string(),
  content: z.string(),
  mode: z.enum(SWARM_MODES),
  tool_calls: z.array(zSwarmToolCall).optional(),
  images: z.union([z.array(z.string()), z.array(z.instanceof(Uint8Array))]).optional(),
  tool_call_id: z.string().optional(),
  payload: zDict().nullish(),
});

// agens: Message
const zAgensNext = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('route'), node_id: z.string(), count: z.int().min(1) }),
  z.looseObject({ type: z.literal('yield'), node_id: z.string() }),
  z.looseObject({ type: z.literal('sub'), job_id: z.string() }),
  z.looseObject({ type: z.literal('end') }),
  z.looseObject({ type: z.literal('retry'), reason: z.string().optional() }),
]);
const zAgensToolCall = z.looseObject({
  id: z.string(),
  name: z.string(),
  arguments: z.array(z.looseObject({ key: z.string(), value: z.string() })),
  server_name: z.string(),
  type: z.enum(['mcp_tool_use', 'tool_call']),
});
export const zodAgens = z.looseObject({
  caller: z.string().regex(new RegExp(PID_PATTERN)).nullish(),
  id: zNullableString(),
  run_id: zNullableString(),
  parent_run_id: zNullableString(),
  thread_id: zNullableString(),
  input: z.string().min(1),
  system: zNullableString(),
  user: zNullableString(),
  result: zNullableString(),
  previous_result: zNullableString(),
  outputs: zDict().nullish(),
  job_id: zNullableString(),
  job_description: zNullableString(),
  node_id: zNullableString(),
  node_objective: zNullableString(),
  agent_id: zNullableString(),
  serving_name: zNullableString(),
  // ToolDef: `name` and any other MCP Tool fields.
  tool_defs: z.array(z.looseObject({ name: z.string() })).nullish(),
  tool_calls: z.array(zAgensToolCall).nullish(),
  tool_results: zDict().nullish(),
  resources: z.array(z.looseObject({ uri: z.string(), name: z.string(), description: zNullableString(), content: zNullableString() })).nullish(),
  retries: z.int().min(0).optional(),
  retry_reason: zNullableString(),
  next: z.array(zAgensNext).optional(),
});

// bedrock: AgentResponse, Event
const zBedrockToolCall = z.looseObject({
  id: z.string(),
  type: z.literal('function'),
  function: z.looseObject({ name: z.string(), arguments: zDict() }),
});
export const zodBedrock = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('message'), content: z.string() }),
  z.looseObject({ type: z.literal('tool_call'), tool_calls: z.array(zBedrockToolCall) }),
]);
export const zodBedrockEvent = z.looseObject({
  id: z.string(),
  type: z.enum(BEDROCK_EVENT_TYPES),
  timestamp: z.string().regex(new RegExp(ISO_DATE_TIME_PATTERN)),
  agent_name: z.string(),
  run_id: z.string(),
  thread_id: z.string(),
  parent_event_id: z.string().nullable(),
  details: zDict(),
  metadata: zDict(),
});

// openai: ChatCompletionMessageParam
const zTextPart = z.looseObject({ text: z.string(), type: z.literal('text') });
const zRefusalPart = z.looseObject({ refusal: z.string(), type: z.literal('refusal') });
const zUserPart = z.discriminatedUnion('type', [
  zTextPart,
  z.looseObject({
    image_url: z.looseObject({ url: z.string().regex(new RegExp(IMAGE_URL_PATTERN)), detail: z.enum(['auto', 'low', 'high']).optional() }),
    type: z.literal('image_url'),
  }),
  z.looseObject({ input_audio: z.looseObject({ data: z.string(), format: z.enum(['wav', 'mp3']) }), type: z.literal('input_audio') }),
  z.looseObject({
    file: z.looseObject({ file_data: z.string().optional(), file_id: z.string().optional(), filename: z.string().optional() }),
    type: z.literal('file'),
  }),
]);
const zTextContent = () => z.union([z.string(), z.array(zTextPart)]);
const zOpenAIToolCall = z.looseObject({
  id: z.string(),
  function: z.looseObject({
    arguments: z.string().refine(isJsonText, { message: 'the string is not valid JSON' }),
    name: z.string(),
  }),
  type: z.literal('function'),
});
const zOpenAIToolCallLoose = z.looseObject({
  id: z.string(),
  function: z.looseObject({ arguments: z.string(), name: z.string() }),
  type: z.literal('function'),
});
function zodOpenAIUnion(toolCall) {
  return z.discriminatedUnion('role', [
    z.looseObject({ content: zTextContent(), role: z.literal('developer'), name: z.string().optional() }),
    z.looseObject({ content: zTextContent(), role: z.literal('system'), name: z.string().optional() }),
    z.looseObject({ content: z.union([z.string(), z.array(zUserPart)]), role: z.literal('user'), name: z.string().optional() }),
    z.looseObject({
      role: z.literal('assistant'),
      audio: z.looseObject({ id: z.string() }).nullish(),
      content: z.union([z.string(), z.array(z.discriminatedUnion('type', [zTextPart, zRefusalPart]))]).nullish(),
      name: z.string().optional(),
      refusal: z.string().nullish(),
      tool_calls: z.array(toolCall).optional(),
    }),
    z.looseObject({ content: zTextContent(), role: z.literal('tool'), tool_call_id: z.string() }),
  ]);
}
export const zodOpenAI = zodOpenAIUnion(zOpenAIToolCall);
// Looser than ours: `arguments` any string, not parsed. A reference row only, to show what the
// JSON.parse of the refine costs zod.
export const zodOpenAILoose = zodOpenAIUnion(zOpenAIToolCallLoose);

// ---- ajv (JSON Schema, compiled) ----------------------------------------------------------------

const str = { type: 'string' };
const nullableStr = { type: ['string', 'null'] };
const dict = { type: 'object' };
const obj = (properties, required = Object.keys(properties)) => ({ type: 'object', properties, required });
/** A union tagged by `tag`: each variant lists the tag as a const and requires it. */
const tagged = (tag, variants) => ({
  type: 'object',
  discriminator: { propertyName: tag },
  required: [tag],
  oneOf: variants.map(([value, properties, required = Object.keys(properties)]) => ({
    properties: { [tag]: { const: value }, ...properties },
    required: [tag, ...required],
  })),
});

const functionCall = obj({
  id: str,
  type: { const: 'function' },
  function: obj({ name: str, arguments: dict }),
});

export const swarmJsonSchema = obj(
  {
    role: { enum: SWARM_ROLES },
    agentName: str,
    content: str,
    mode: { enum: SWARM_MODES },
    tool_calls: { type: 'array', items: functionCall },
    images: { anyOf: [{ type: 'array', items: str }, { type: 'array', items: { instanceOf: 'Uint8Array' } }] },
    tool_call_id: str,
    payload: { type: ['object', 'null'] },
  },
  ['role', 'agentName', 'content', 'mode'],
);

export const agensJsonSchema = obj(
  {
    caller: { type: ['string', 'null'], pattern: PID_PATTERN },
    id: nullableStr,
    run_id: nullableStr,
    parent_run_id: nullableStr,
    thread_id: nullableStr,
    input: { type: 'string', minLength: 1 },
    system: nullableStr,
    user: nullableStr,
    result: nullableStr,
    previous_result: nullableStr,
    outputs: { type: ['object', 'null'] },
    job_id: nullableStr,
    job_description: nullableStr,
    node_id: nullableStr,
    node_objective: nullableStr,
    agent_id: nullableStr,
    serving_name: nullableStr,
    tool_defs: { type: ['array', 'null'], items: obj({ name: str }) },
    tool_calls: {
      type: ['array', 'null'],
      items: obj({
        id: str,
        name: str,
        arguments: { type: 'array', items: obj({ key: str, value: str }) },
        server_name: str,
        type: { enum: ['mcp_tool_use', 'tool_call'] },
      }),
    },
    tool_results: { type: ['object', 'null'] },
    resources: { type: ['array', 'null'], items: obj({ uri: str, name: str, description: nullableStr, content: nullableStr }, ['uri', 'name']) },
    retries: { type: 'integer', minimum: 0 },
    retry_reason: nullableStr,
    next: {
      type: 'array',
      items: tagged('type', [
        ['route', { node_id: str, count: { type: 'integer', minimum: 1 } }],
        ['yield', { node_id: str }],
        ['sub', { job_id: str }],
        ['end', {}],
        ['retry', { reason: str }, []],
      ]),
    },
  },
  ['input'],
);

export const bedrockJsonSchema = tagged('type', [
  ['message', { content: str }],
  ['tool_call', { tool_calls: { type: 'array', items: functionCall } }],
]);

export const bedrockEventJsonSchema = obj({
  id: str,
  type: { enum: BEDROCK_EVENT_TYPES },
  timestamp: { type: 'string', pattern: ISO_DATE_TIME_PATTERN },
  agent_name: str,
  run_id: str,
  thread_id: str,
  parent_event_id: nullableStr,
  details: dict,
  metadata: dict,
});

const textPart = obj({ text: str, type: { const: 'text' } });
const textContent = { type: ['string', 'array'], items: textPart };
const named = { name: str };
export const openaiJsonSchema = tagged('role', [
  ['developer', { content: textContent, ...named }, ['content']],
  ['system', { content: textContent, ...named }, ['content']],
  ['user', {
    content: {
      type: ['string', 'array'],
      items: tagged('type', [
        ['text', { text: str }],
        ['image_url', { image_url: obj({ url: { type: 'string', pattern: IMAGE_URL_PATTERN }, detail: { enum: ['auto', 'low', 'high'] } }, ['url']) }],
        ['input_audio', { input_audio: obj({ data: str, format: { enum: ['wav', 'mp3'] } }) }],
        ['file', { file: obj({ file_data: str, file_id: str, filename: str }, []) }],
      ]),
    },
    ...named,
  }, ['content']],
  ['assistant', {
    audio: { type: ['object', 'null'], properties: { id: str }, required: ['id'] },
    content: { type: ['string', 'array', 'null'], items: tagged('type', [['text', { text: str }], ['refusal', { refusal: str }]]) },
    ...named,
    refusal: nullableStr,
    tool_calls: {
      type: 'array',
      items: obj({ id: str, function: obj({ arguments: { type: 'string', jsonText: true }, name: str }), type: { const: 'function' } }),
    },
  }, []],
  ['tool', { content: textContent, tool_call_id: str }],
]);

const ajv = new Ajv({ discriminator: true, allowUnionTypes: true });
// JSON Schema has no word for "a Uint8Array" or "JSON text"; two tiny custom keywords do it.
ajv.addKeyword({ keyword: 'instanceOf', schemaType: 'string', compile: (name) => (data) => data instanceof { Uint8Array }[name] });
ajv.addKeyword({ keyword: 'jsonText', type: 'string', schemaType: 'boolean', compile: () => (data) => isJsonText(data) });

export const ajvSwarm = ajv.compile(swarmJsonSchema);
export const ajvAgens = ajv.compile(agensJsonSchema);
export const ajvBedrock = ajv.compile(bedrockJsonSchema);
export const ajvBedrockEvent = ajv.compile(bedrockEventJsonSchema);
export const ajvOpenAI = ajv.compile(openaiJsonSchema);
