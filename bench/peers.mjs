// The peers: the Kernel message union written for zod 4, valibot, ajv and by hand with typeof,
// as close to our shapes (src/formats/kernel/shape.rs) as each library allows:
//   - every object is open (unknown properties kept and not reported): looseObject / no
//     additionalProperties;
//   - `timestamp` a finite number; `args` and `result` any JSON value (checked deeply, as ours
//     does); `output` anything; `error` an Error; `data` a Uint8Array;
//   - the union is discriminated by `type` (zod discriminatedUnion, valibot variant, ajv
//     discriminator keyword).
// Each peer is used with its default settings: zod and valibot report every issue, ajv stops
// at the first (an `allErrors: true` ajv is offered as well).

import * as z from 'zod';
import * as v from 'valibot';
import { Ajv } from 'ajv';

// ---- zod 4 -----------------------------------------------------------------------------------

const zBase = { id: z.string(), timestamp: z.number() };
const zFileAttachment = z.looseObject({
  data: z.instanceof(Uint8Array),
  filename: z.string().optional(),
  mimeType: z.string().optional(),
});
const zToolResult = z.looseObject({
  callId: z.string().optional(),
  name: z.string().optional(),
  output: z.any(),
  error: z.instanceof(Error).optional(),
});

function zodUnion(json) {
  const toolCall = z.looseObject({ id: z.string(), name: z.string(), args: json().optional() });
  return z.discriminatedUnion('type', [
    z.looseObject({ ...zBase, type: z.literal('input'), text: z.string().optional(), files: z.array(zFileAttachment).optional() }),
    z.looseObject({ ...zBase, type: z.literal('reply'), text: z.string() }),
    z.looseObject({ ...zBase, type: z.literal('reasoning'), title: z.string(), summary: z.string() }),
    z.looseObject({ ...zBase, type: z.literal('tool-calls'), calls: z.array(toolCall) }),
    z.looseObject({ ...zBase, type: z.literal('tool-results'), results: z.array(zToolResult) }),
    z.looseObject({ ...zBase, type: z.literal('system'), text: z.string() }),
    z.looseObject({ ...zBase, type: z.literal('log'), text: z.string() }),
    z.looseObject({ ...zBase, type: z.literal('tool-call'), name: z.string(), args: json().optional() }),
    z.looseObject({ ...zBase, type: z.literal('tool-result'), callId: z.string(), result: json(), error: z.string().optional() }),
  ]);
}

export const zodKernel = zodUnion(() => z.json());
export const zodConversation = z.array(zodKernel);
// Looser than ours: `args` and `result` not checked to be JSON (z.unknown()). A reference row
// only, to show what z.json() costs zod.
export const zodKernelLoose = zodUnion(() => z.unknown());
export const zodConversationLoose = z.array(zodKernelLoose);

// ---- valibot --------------------------------------------------------------------------------

const vJson = v.lazy(() =>
  v.union([v.string(), v.pipe(v.number(), v.finite()), v.boolean(), v.null(), v.array(vJson), v.record(v.string(), vJson)]),
);
const vBase = { id: v.string(), timestamp: v.pipe(v.number(), v.finite()) };
const vFileAttachment = v.looseObject({
  data: v.instance(Uint8Array),
  filename: v.optional(v.string()),
  mimeType: v.optional(v.string()),
});
const vToolCall = v.looseObject({ id: v.string(), name: v.string(), args: v.optional(vJson) });
const vToolResult = v.looseObject({
  callId: v.optional(v.string()),
  name: v.optional(v.string()),
  output: v.any(),
  error: v.optional(v.instance(Error)),
});

export const valibotKernel = v.variant('type', [
  v.looseObject({ ...vBase, type: v.literal('input'), text: v.optional(v.string()), files: v.optional(v.array(vFileAttachment)) }),
  v.looseObject({ ...vBase, type: v.literal('reply'), text: v.string() }),
  v.looseObject({ ...vBase, type: v.literal('reasoning'), title: v.string(), summary: v.string() }),
  v.looseObject({ ...vBase, type: v.literal('tool-calls'), calls: v.array(vToolCall) }),
  v.looseObject({ ...vBase, type: v.literal('tool-results'), results: v.array(vToolResult) }),
  v.looseObject({ ...vBase, type: v.literal('system'), text: v.string() }),
  v.looseObject({ ...vBase, type: v.literal('log'), text: v.string() }),
  v.looseObject({ ...vBase, type: v.literal('tool-call'), name: v.string(), args: v.optional(vJson) }),
  v.looseObject({ ...vBase, type: v.literal('tool-result'), callId: v.string(), result: vJson, error: v.optional(v.string()) }),
]);
export const valibotConversation = v.array(valibotKernel);

// ---- ajv (JSON Schema, compiled) ------------------------------------------------------------

const CLASSES = { Uint8Array, Error };

function ajvInstance(options) {
  const ajv = new Ajv({ discriminator: true, allowUnionTypes: true, ...options });
  // JSON Schema has no word for "a Uint8Array" or "an Error"; a tiny custom keyword does it.
  ajv.addKeyword({
    keyword: 'instanceOf',
    schemaType: 'string',
    compile: (name) => (data) => data instanceof CLASSES[name],
  });
  return ajv;
}

const message = (type, properties, required) => ({
  type: 'object',
  properties: { id: { type: 'string' }, timestamp: { type: 'number' }, type: { const: type }, ...properties },
  required: ['id', 'timestamp', 'type', ...required],
});

export const kernelJsonSchema = {
  $id: 'kernel',
  $defs: {
    json: {
      anyOf: [
        { type: ['string', 'number', 'boolean', 'null'] },
        { type: 'array', items: { $ref: '#/$defs/json' } },
        { type: 'object', additionalProperties: { $ref: '#/$defs/json' } },
      ],
    },
    fileAttachment: {
      type: 'object',
      properties: { data: { instanceOf: 'Uint8Array' }, filename: { type: 'string' }, mimeType: { type: 'string' } },
      required: ['data'],
    },
    toolCall: {
      type: 'object',
      properties: { id: { type: 'string' }, name: { type: 'string' }, args: { $ref: '#/$defs/json' } },
      required: ['id', 'name'],
    },
    toolResult: {
      type: 'object',
      properties: { callId: { type: 'string' }, name: { type: 'string' }, output: {}, error: { instanceOf: 'Error' } },
      required: ['output'],
    },
    message: {
      type: 'object',
      discriminator: { propertyName: 'type' },
      required: ['type'],
      oneOf: [
        message('input', { text: { type: 'string' }, files: { type: 'array', items: { $ref: '#/$defs/fileAttachment' } } }, []),
        message('reply', { text: { type: 'string' } }, ['text']),
        message('reasoning', { title: { type: 'string' }, summary: { type: 'string' } }, ['title', 'summary']),
        message('tool-calls', { calls: { type: 'array', items: { $ref: '#/$defs/toolCall' } } }, ['calls']),
        message('tool-results', { results: { type: 'array', items: { $ref: '#/$defs/toolResult' } } }, ['results']),
        message('system', { text: { type: 'string' } }, ['text']),
        message('log', { text: { type: 'string' } }, ['text']),
        message('tool-call', { name: { type: 'string' }, args: { $ref: '#/$defs/json' } }, ['name']),
        message('tool-result', { callId: { type: 'string' }, result: { $ref: '#/$defs/json' }, error: { type: 'string' } }, ['callId', 'result']),
      ],
    },
  },
};

function compileAjv(options) {
  const ajv = ajvInstance(options);
  ajv.addSchema(kernelJsonSchema);
  return {
    one: ajv.getSchema('kernel#/$defs/message'),
    many: ajv.compile({ type: 'array', items: { $ref: 'kernel#/$defs/message' } }),
  };
}

const ajvDefault = compileAjv({});
const ajvAll = compileAjv({ allErrors: true });
export const ajvKernel = ajvDefault.one;
export const ajvConversation = ajvDefault.many;
export const ajvKernelAllErrors = ajvAll.one;

// ---- by hand: typeof checks (a boolean, no issues) ---------------------------------------------

function isJson(x, depth = 0) {
  if (depth > 128) return false;
  switch (typeof x) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(x);
    case 'object': {
      if (x === null) return true;
      if (Array.isArray(x)) {
        for (let i = 0; i < x.length; i++) if (!isJson(x[i], depth + 1)) return false;
        return true;
      }
      const proto = Object.getPrototypeOf(x);
      if (proto !== Object.prototype && proto !== null) return false;
      for (const k in x) if (!isJson(x[k], depth + 1)) return false;
      return true;
    }
    default:
      return false;
  }
}

const isObj = (x) => typeof x === 'object' && x !== null && !Array.isArray(x);
const optStr = (x) => x === undefined || typeof x === 'string';

function isToolCall(c) {
  return isObj(c) && typeof c.id === 'string' && typeof c.name === 'string' && (c.args === undefined || isJson(c.args));
}

function isToolResult(r) {
  return isObj(r) && 'output' in r && optStr(r.callId) && optStr(r.name) && (r.error === undefined || r.error instanceof Error);
}

function isFile(f) {
  return isObj(f) && f.data instanceof Uint8Array && optStr(f.filename) && optStr(f.mimeType);
}

function every(arr, pred) {
  if (!Array.isArray(arr)) return false;
  for (let i = 0; i < arr.length; i++) if (!pred(arr[i])) return false;
  return true;
}

export function typeofKernel(m) {
  if (!isObj(m) || typeof m.id !== 'string' || typeof m.timestamp !== 'number' || !Number.isFinite(m.timestamp)) return false;
  switch (m.type) {
    case 'reply':
    case 'system':
    case 'log':
      return typeof m.text === 'string';
    case 'input':
      return optStr(m.text) && (m.files === undefined || every(m.files, isFile));
    case 'reasoning':
      return typeof m.title === 'string' && typeof m.summary === 'string';
    case 'tool-calls':
      return every(m.calls, isToolCall);
    case 'tool-results':
      return every(m.results, isToolResult);
    case 'tool-call':
      return typeof m.name === 'string' && (m.args === undefined || isJson(m.args));
    case 'tool-result':
      return typeof m.callId === 'string' && 'result' in m && isJson(m.result) && optStr(m.error);
    default:
      return false;
  }
}

export function typeofConversation(arr) {
  return every(arr, typeofKernel);
}

// ---- constructors: a ULID from a pooled PRNG -------------------------------------------------
// The baseline the issue sets for our constructors: 4096 random bytes from
// crypto.getRandomValues at a time, 10 bytes (80 bits) per id, Crockford base32 of the 48-bit
// millisecond time (10 chars) and of the randomness (16 chars). Not monotonic.

const B32 = Array.from('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (c) => c.charCodeAt(0));
const POOL = new Uint8Array(4096);
let poolAt = POOL.length;

export function pooledUlid(now) {
  if (poolAt + 10 > POOL.length) {
    crypto.getRandomValues(POOL);
    poolAt = 0;
  }
  const p = POOL, o = poolAt;
  poolAt += 10;
  const hi = Math.floor(now / 33554432); // the top 23 of 48 bits (2^25 = 33554432)
  const lo = now - hi * 33554432; // the low 25 bits
  const r0 = p[o], r1 = p[o + 1], r2 = p[o + 2], r3 = p[o + 3], r4 = p[o + 4];
  const r5 = p[o + 5], r6 = p[o + 6], r7 = p[o + 7], r8 = p[o + 8], r9 = p[o + 9];
  return String.fromCharCode(
    B32[(hi >>> 20) & 31], B32[(hi >>> 15) & 31], B32[(hi >>> 10) & 31], B32[(hi >>> 5) & 31], B32[hi & 31],
    B32[(lo >>> 20) & 31], B32[(lo >>> 15) & 31], B32[(lo >>> 10) & 31], B32[(lo >>> 5) & 31], B32[lo & 31],
    B32[r0 >>> 3], B32[((r0 & 7) << 2) | (r1 >>> 6)], B32[(r1 >>> 1) & 31], B32[((r1 & 1) << 4) | (r2 >>> 4)],
    B32[((r2 & 15) << 1) | (r3 >>> 7)], B32[(r3 >>> 2) & 31], B32[((r3 & 3) << 3) | (r4 >>> 5)], B32[r4 & 31],
    B32[r5 >>> 3], B32[((r5 & 7) << 2) | (r6 >>> 6)], B32[(r6 >>> 1) & 31], B32[((r6 & 1) << 4) | (r7 >>> 4)],
    B32[((r7 & 15) << 1) | (r8 >>> 7)], B32[(r8 >>> 2) & 31], B32[((r8 & 3) << 3) | (r9 >>> 5)], B32[r9 & 31],
  );
}
