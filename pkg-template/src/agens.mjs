// Agens (Elixir `Agens.Message`, agens v0.2.0): constructors with the struct's defaults and a
// fresh hex uid, helpers for the `next` routing instructions, and the model's short form of
// them (`[{ type, value }]`) read with upstream's `Agens.Router.parse_next/1` rules.

import { BUILT } from './built.mjs';
import { generated, ValidationError } from './errors.mjs';
import { kindOf, wellFormed } from './values.mjs';

// Which property of the instruction the short form's `value` fills.
const VALUE_KEY = { route: 'node_id', yield: 'node_id', sub: 'job_id' };

export function createAgens(wasm, validators, numbers, tape, { NEXT_TYPES }) {
  const message = validators.Message;
  // A value in a message: at most this many characters of it, as the engine quotes strings.
  const SHOWN = numbers.limit.SHORT_STRING;

  const generateUid = () => generated(() => wasm.generate_uid());

  // `%Agens.Message{}` with the struct's defaults (`retries: 0`, `next: []`) and a fresh `id`
  // (32 lowercase hex characters, as Agens makes them). The caller's fields come first, in the
  // caller's order; a default is added (after them) only for a field that is absent or
  // `undefined` (`null` is kept: Agens sets `id` to nil after a Node's result).
  function createMessage(fields) {
    if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) {
      throw new TypeError(`createMessage: fields must be an object with at least "input", received ${kindOf(fields)}`);
    }
    const msg = { ...fields };
    if (msg.id === undefined) msg.id = generateUid();
    if (msg.retries === undefined) msg.retries = 0;
    if (msg.next === undefined) msg.next = [];
    return message[BUILT]()(msg);
  }

  const route = (node_id, count = 1) => validators.RouteInstruction[BUILT]()({ type: 'route', node_id, count });
  const yieldTo = (node_id) => validators.YieldInstruction[BUILT]()({ type: 'yield', node_id });
  const sub = (job_id) => validators.SubInstruction[BUILT]()({ type: 'sub', job_id });
  const end = () => ({ type: 'end' });
  const retry = (reason) =>
    validators.RetryInstruction[BUILT]()(reason === undefined ? { type: 'retry' } : { type: 'retry', reason });

  // Reads one property without letting a getter or a Proxy trap escape.
  function readProp(obj, key) {
    try {
      return { value: obj[key] };
    } catch (e) {
      return { threw: e instanceof Error ? e.message : String(e) };
    }
  }

  function describeValue(v) {
    if (typeof v === 'string') return JSON.stringify(v.length > SHOWN ? `${v.slice(0, SHOWN)}...` : v);
    return kindOf(v);
  }

  // The model's structured output `[{ type, value }]` as instructions, by upstream's rules:
  // route gets count 1, yield/sub take `value` as node_id/job_id, end and retry take no value,
  // anything else is dropped. Every dropped item or dropped value is an issue; never throws.
  function parseNext(shortForm, options) {
    const next = [];
    const issues = [];
    const issue = (code, path, msg, expected, received) => {
      const i = { code, path, message: msg };
      if (expected !== undefined) i.expected = expected;
      if (received !== undefined) i.received = received;
      issues.push(i);
    };
    let retryReason = false;
    try {
      retryReason = options != null && typeof options === 'object' && options.retryReason === true;
    } catch {
      retryReason = false;
    }
    let list = shortForm;
    if (typeof list === 'string') {
      try {
        list = JSON.parse(list);
      } catch (e) {
        issue('invalid_json', [], `the short form is not valid JSON: ${e.message}`, 'JSON text', 'string');
        return { next, issues };
      }
    }
    let isArray;
    try {
      isArray = Array.isArray(list);
    } catch {
      issue('unreadable', [], 'reading the short form threw (a revoked Proxy)', 'ShortNext[]', kindOf(list));
      return { next, issues };
    }
    if (!isArray) {
      issue('invalid_type', [], `expected an array of { type, value }, received ${kindOf(list)}`, 'ShortNext[]', kindOf(list));
      return { next, issues };
    }
    const len = readProp(list, 'length');
    if (len.threw !== undefined || !Number.isSafeInteger(len.value)) {
      issue('unreadable', [], `reading the short form threw: ${len.threw ?? 'no length'}`, 'ShortNext[]', 'array');
      return { next, issues };
    }
    for (let i = 0; i < len.value; i++) {
      const got = readProp(list, i);
      if (got.threw !== undefined) {
        issue('unreadable', [i], `reading this value threw: ${got.threw}`, 'ShortNext', 'a value that threw when read');
        continue;
      }
      const item = got.value;
      let itemIsArray = false;
      try {
        itemIsArray = Array.isArray(item);
      } catch {
        issue('unreadable', [i], 'reading this value threw (a revoked Proxy)', 'ShortNext', 'a revoked Proxy');
        continue;
      }
      if (item === null || typeof item !== 'object' || itemIsArray) {
        issue('invalid_type', [i], `expected { type, value }, received ${kindOf(item)}; the item is dropped`, 'ShortNext', kindOf(item));
        continue;
      }
      let keys;
      try {
        keys = Reflect.ownKeys(item);
      } catch (e) {
        issue('unreadable', [i], `reading this value threw: ${e instanceof Error ? e.message : String(e)}`, 'ShortNext', 'a value that threw when read');
        continue;
      }
      const t = readProp(item, 'type');
      if (t.threw !== undefined) {
        issue('unreadable', [i, 'type'], `reading this value threw: ${t.threw}; the item is dropped`, undefined, 'a value that threw when read');
        continue;
      }
      const expectedTypes = NEXT_TYPES.map((n) => JSON.stringify(n)).join(' | ');
      if (t.value === undefined) {
        issue('missing', [i, 'type'], 'required property "type" is missing; the item is dropped', expectedTypes, 'undefined');
        continue;
      }
      if (typeof t.value !== 'string') {
        issue('invalid_type', [i, 'type'], `expected ${expectedTypes}, received ${kindOf(t.value)}; the item is dropped`, expectedTypes, kindOf(t.value));
        continue;
      }
      const type = t.value;
      if (!NEXT_TYPES.includes(type)) {
        issue('unknown_type', [i, 'type'], `unknown instruction type ${describeValue(type)}; expected one of ${expectedTypes}; the item is dropped (as upstream drops it)`, expectedTypes, describeValue(type));
        continue;
      }
      for (const k of keys) {
        if (k === 'type' || k === 'value' || typeof k !== 'string') continue;
        issue('unrecognized_key', [i, k], `the short form has no property ${JSON.stringify(k)}; it is ignored (a route's count is always 1)`);
      }
      const v = readProp(item, 'value');
      if (v.threw !== undefined) {
        issue('unreadable', [i, 'value'], `reading this value threw: ${v.threw}; the item is dropped`, undefined, 'a value that threw when read');
        continue;
      }
      const value = v.value;
      const target = VALUE_KEY[type];
      if (target !== undefined) {
        if (value === undefined) {
          issue('missing', [i, 'value'], `required property "value" (the ${target}) is missing; the item is dropped (as upstream drops it)`, 'string', 'undefined');
          continue;
        }
        if (typeof value !== 'string') {
          issue('invalid_type', [i, 'value'], `expected the ${target} as a string, received ${kindOf(value)}; the item is dropped`, 'string', kindOf(value));
          continue;
        }
        if (!wellFormed(value)) {
          issue('ill_formed_string', [i, 'value'], 'the string contains a lone surrogate (UTF-16 half of a character); the item is dropped', 'a well-formed string', 'a string with a lone surrogate');
          continue;
        }
        next.push(type === 'route' ? { type, [target]: value, count: 1 } : { type, [target]: value });
        continue;
      }
      // end and retry: upstream ignores the value. An empty one (the schema requires the key)
      // loses nothing; anything else is reported as dropped, unless a retry keeps it as reason.
      if (type === 'retry' && retryReason && typeof value === 'string' && value !== '' && wellFormed(value)) {
        next.push({ type, reason: value });
        continue;
      }
      next.push({ type });
      if (value !== undefined && value !== null && value !== '') {
        const hint = type === 'retry' ? ' (pass { retryReason: true } to keep a string as the reason)' : '';
        issue('unrecognized_key', [i, 'value'], `${type} takes no value in the short form; ${describeValue(value)} is dropped, as upstream drops it${hint}`, undefined, describeValue(value));
      }
    }
    return { next, issues };
  }

  // Instructions in the model's short form. It cannot say a route's count other than 1 or a
  // retry's reason: those are listed in `losses` (the short form is still written).
  function toShortNext(next) {
    const list = validators.NextInstruction.validateMany(Array.isArray(next) ? next : [next]);
    const bad = [];
    list.forEach((r, index) => {
      if (!r.ok) for (const i of r.issues) bad.push({ ...i, path: [index, ...i.path] });
    });
    if (!Array.isArray(next)) bad.unshift({ code: 'invalid_type', path: [], message: `expected an array of instructions, received ${kindOf(next)}`, expected: 'NextInstruction[]', received: kindOf(next) });
    if (bad.length > 0) throw new ValidationError(bad, 'next instructions');
    const value = [];
    const losses = [];
    next.forEach((ins, index) => {
      switch (ins.type) {
        case 'route':
          value.push({ type: 'route', value: ins.node_id });
          if (ins.count !== 1) losses.push({ index, path: [index, 'count'], code: 'route_count', detail: `the short form routes one thread; count ${ins.count} is lost` });
          break;
        case 'yield':
          value.push({ type: 'yield', value: ins.node_id });
          break;
        case 'sub':
          value.push({ type: 'sub', value: ins.job_id });
          break;
        case 'end':
          value.push({ type: 'end', value: '' });
          break;
        default:
          value.push({ type: 'retry', value: ins.reason ?? '' });
          if (ins.reason !== undefined) losses.push({ index, path: [index, 'reason'], code: 'retry_reason', detail: 'upstream drops a retry\'s value: the reason is written as the value but parse_next/1 ignores it' });
      }
    });
    return { value, losses };
  }

  return {
    // The root calls the message type `AgensMessage`; the subpath has both names.
    AgensMessage: validators.Message,
    createMessage,
    generateUid,
    route,
    yieldTo,
    sub,
    end,
    retry,
    parseNext,
    toShortNext,
    NEXT_TYPES: Object.freeze([...NEXT_TYPES]),
  };
}
