// Conversions between the formats: one crossing in (the source written in full, as for
// toJSON); out, the converted messages built from the tape they were checked on
// (converted.mjs) and one small JSON text (losses, the indices of messages whose id was
// generated, revival plan, whether Anthropic's system is lifted).

import { AgentMessagesError, ValidationError } from './errors.mjs';
import { createIssueReader } from './issues.mjs';
import { TOO_LARGE } from './validator.mjs';
import { kindOf, wellFormed } from './values.mjs';
import { shortcutPairs } from './shortcuts.mjs';
import { createBuiltReader } from './converted.mjs';
import { MAX_ITEMS } from './tape.mjs';

function describeOption(v) {
  return typeof v === 'string' ? JSON.stringify(v) : kindOf(v);
}

// The options `convert` reads itself (the rest are validation limits): checked here, so that a
// wrong type is a TypeError naming the option. `maxClock`: the latest time a ULID holds.
function conversionOptions({ agentName, now, newId }, maxClock) {
  if (agentName !== undefined && (typeof agentName !== 'string' || agentName === '')) {
    throw new TypeError(`convert: agentName must be a non-empty string, received ${describeOption(agentName)}`);
  }
  // A lone surrogate has no UTF-8 form: it would reach the messages as U+FFFD, silently changed.
  if (agentName !== undefined && !wellFormed(agentName)) {
    throw new TypeError(`convert: agentName must be a well-formed string, received ${JSON.stringify(agentName)} (a lone surrogate)`);
  }
  if (now !== undefined && typeof now !== 'function') {
    throw new TypeError(`convert: now must be a function returning ms since the epoch, received ${describeOption(now)}`);
  }
  if (newId !== undefined && typeof newId !== 'function') {
    throw new TypeError(`convert: newId must be a function returning an id string, received ${describeOption(newId)}`);
  }
  let clock = Date.now();
  if (now !== undefined) {
    clock = now();
    if (typeof clock !== 'number' || !(clock >= 0 && clock <= maxClock)) {
      throw new TypeError(`convert: now() must return ms since the epoch (0 to 2^48 - 1), returned ${typeof clock === 'number' ? String(clock) : describeOption(clock)}`);
    }
  }
  return { agentName: agentName ?? '', clock, ownClock: now !== undefined, newId };
}

// An Anthropic `Prompt`, as the wasm tells it from a message: an object with `messages` and
// no `role`.
// (A hostile value that throws is no Prompt: the wasm reports it as the message it then is.)
function isPrompt(value) {
  try {
    return kindOf(value) === 'object' && Object.hasOwn(value, 'messages') && !Object.hasOwn(value, 'role');
  } catch {
    return false;
  }
}

// The losses as the wasm writes them (each distinct loss once, then for each run of one
// message's losses its index and first kind, and -n for a run of n > 1 kinds in turn:
// src/convert/report.rs, write_losses), as the public list of { index, path, code, detail }:
// each loss its own object and path array.
function expandLosses({ kinds, at }) {
  const out = [];
  for (let r = 0; r < at.length; r += 2) {
    const index = at[r];
    let k = at[r + 1];
    let end = k + 1;
    if (at[r + 2] < 0) end = k - at[r++ + 2];
    for (; k < end; k++) {
      // (Indexed reads and a copy by hand: a destructuring and `slice` took a third longer.)
      const kind = kinds[k];
      const from = kind[0];
      const path = new Array(from.length);
      for (let j = 0; j < from.length; j++) path[j] = from[j];
      out.push({ index, path, code: kind[1], detail: kind[2] });
    }
  }
  return out;
}

export function createConverters({ wasm, tape, numbers, options, applyRevival }, messageValidators, described) {
  // The formats that convert, in the wasm's order.
  const CONVERTIBLE = described.formats.filter((f) => f.convertible).map((f) => f.name);
  const { INVALID } = numbers.result;
  const { readIssues } = createIssueReader(numbers);
  const readBuilt = createBuiltReader(wasm, numbers, described.keys);
  const { MAX_CLOCK } = numbers.limit;
  const { read: readOptions, DEFAULTS } = options;

  /** Which format(s) a message or an array of them is: every format some item is valid in,
   * with the share of items valid (`matched`), and the share valid even in strict mode (no
   * property the format does not name), best first. Never throws. The list is written once
   * and every format's stored types are tried on it in the wasm (src/convert/detect.rs, the
   * command line's `detect` too). */
  function detectFormat(value) {
    let list;
    try {
      const array = kindOf(value) === 'array';
      // A list no validator reads (validateMany refuses it) matches nothing, unwalked.
      if (array && value.length > MAX_ITEMS) return [];
      list = array ? [...value] : [value];
    } catch {
      list = [value];
    }
    if (!detectList(list)) {
      // An item too large to write (an array of more than MAX_ITEMS items inside it, a getter
      // that keeps growing it) is valid in no format, as each validator says of it alone: it
      // counts as an item that matches nothing (`undefined`), and the rest are told apart. A
      // list whose items each fit and which is too large for the wasm's memory as a whole
      // matches nothing.
      const fits = list.map((item) => tape.run(() => tape.write([item], true, DEFAULTS.maxDepth, true)));
      if (fits.every(Boolean) || !detectList(list.map((item, i) => (fits[i] ? item : undefined)))) return [];
    }
    return JSON.parse(wasm.take_result());
  }

  // The list written and told apart in the wasm; false when it could not be written.
  function detectList(list) {
    const { maxDepth } = DEFAULTS;
    return tape.run(() => {
      if (!tape.write(list, true, maxDepth, true)) return false;
      tape.withSizes((nw, nn, nc, nb) => wasm.detect_tape(nw, nn, nc, nb, maxDepth));
      return true;
    });
  }

  function convert(messages, options) {
    if (options === null || typeof options !== 'object') {
      throw new TypeError('convert(messages, { from, to }) needs the source and target formats');
    }
    const { from, to, strict = false, agentName, now, newId, ...limits } = options;
    for (const [name, format] of [['from', from], ['to', to]]) {
      if (!CONVERTIBLE.includes(format)) {
        throw new TypeError(`convert: ${name} must be one of ${CONVERTIBLE.join(', ')}, received ${JSON.stringify(format)}`);
      }
    }
    const o = readOptions(limits) ?? DEFAULTS;
    const fill = conversionOptions({ agentName, now, newId }, MAX_CLOCK);
    // An Anthropic `Prompt` ({ system?, messages }) is read whole; a lone message is a list of one.
    const list = kindOf(messages) === 'array' || (from === 'anthropic' && isPrompt(messages)) ? messages : [messages];
    const code = tape.run(() => {
      if (!tape.write(list, true, o.maxDepth, false)) throw new ValidationError(JSON.parse(TOO_LARGE), `${from} messages`);
      return tape.withSizes((nw, nn, nc, nb) => wasm.convert_tape(from, to, nw, nn, nc, nb, o.maxIssues, o.maxDepth, fill.clock, fill.ownClock, fill.agentName));
    });
    if (code === INVALID) throw new ValidationError(readIssues(wasm.take_result()), `${from} messages`);
    const r = JSON.parse(wasm.take_result());
    const built = readBuilt();
    r.losses = expandLosses(r.losses);
    const converted = r.plan.length ? applyRevival(built, r.plan, wasm.take_bytes()) : built;
    // Anthropic: the system instructions that open the conversation, as the request's `system`.
    const system = r.lift ? converted.shift().content : undefined;
    if (strict && r.losses.length) {
      const e = new AgentMessagesError(
        `converting ${from} to ${to} would lose ${r.losses.length} thing(s): ${r.losses.slice(0, 3).map((l) => l.detail).join('; ')}`,
        'lossy_conversion',
      );
      e.losses = r.losses;
      throw e;
    }
    if (fill.newId) replaceIds(converted, r.generated, fill.newId, to);
    return r.lift ? { system, messages: converted, losses: r.losses } : { messages: converted, losses: r.losses };
  }

  // The ids the conversion generated, replaced by the caller's: each message must stay valid.
  function replaceIds(converted, generated, newId, to) {
    for (const i of generated) {
      const id = newId();
      if (typeof id !== 'string') {
        throw new TypeError(`convert: newId() must return a string, returned ${describeOption(id)}`);
      }
      converted[i].id = id;
      const checked = messageValidators[to].validate(converted[i]);
      if (!checked.ok) {
        throw new TypeError(`convert: newId() returned ${JSON.stringify(id)}, which makes an invalid ${to} message: ${checked.issues[0].message}`);
      }
    }
  }

  // The conversation of `format`, written in full and checked in Rust: its result object.
  function conversation(messages, options, fixedFormat) {
    const format = fixedFormat ?? options?.format;
    // A string only: an object whose toString names a format would reach the wasm as no string.
    if (typeof format !== 'string' || !CONVERTIBLE.includes(format)) {
      throw new TypeError(`checkConversation: format must be one of ${CONVERTIBLE.join(', ')}, received ${JSON.stringify(format)}`);
    }
    const { format: _, ...limits } = options ?? {};
    const o = readOptions(limits) ?? DEFAULTS;
    const list = kindOf(messages) === 'array' || (format === 'anthropic' && isPrompt(messages)) ? messages : [messages];
    const code = tape.run(() => {
      if (!tape.write(list, true, o.maxDepth, false)) throw new ValidationError(JSON.parse(TOO_LARGE), `${format} messages`);
      return tape.withSizes((nw, nn, nc, nb) => wasm.check_conversation_tape(format, nw, nn, nc, nb, o.maxDepth));
    });
    if (code === INVALID) throw new ValidationError(readIssues(wasm.take_result()), `${format} messages`);
    return { list, result: JSON.parse(wasm.take_result()) };
  }

  /** What breaks real model calls in a conversation: tool results with no call, calls with no
   * result, duplicate ids, time going backwards, empty messages, a flush/resque that discards
   * history. Each finding: `{ index, path, code, severity, message }`. */
  function checkConversation(messages, options) {
    return conversation(messages, options).result.findings;
  }

  /** What agent-swarm-kit would send to a model from this history, and why the rest was left
   * out. Messages kept whole are the same objects; an assistant message some of whose tool
   * calls have no output is a new object (a shallow copy) holding only the answered calls, as
   * upstream sends it (without `tool_calls` when none is left). */
  function swarmHistory(messages, options) {
    const { list, result } = conversation(messages, options, 'swarm');
    const kept = result.kept.map((k) => {
      if (typeof k === 'number') return list[k];
      const [i, calls] = k;
      // The same keys in the same order, tool_calls trimmed (or left out when empty).
      const copy = {};
      for (const [key, value] of Object.entries(list[i])) {
        if (key !== 'tool_calls') copy[key] = value;
        else if (calls.length > 0) copy[key] = calls.map((n) => value[n]);
      }
      return copy;
    });
    return { messages: kept, findings: result.findings };
  }

  /** What the Kernel hands the AI SDK for its messages (upstream's renderMessages, with the
   * pinned `ai` 7 names): AI SDK ModelMessages, checked, and a finding for everything the rule
   * leaves out or invents (docs/CONVERSIONS.md, "kernelRender"). The messages are validated
   * first (a ValidationError if one is not a Kernel message). */
  function kernelRender(messages, options) {
    if (options !== undefined && (options === null || typeof options !== 'object')) {
      throw new TypeError(`kernelRender: options must be an object, received ${kindOf(options)}`);
    }
    const o = readOptions(options ?? {}) ?? DEFAULTS;
    const list = kindOf(messages) === 'array' ? messages : [messages];
    const code = tape.run(() => {
      if (!tape.write(list, true, o.maxDepth, false)) throw new ValidationError(JSON.parse(TOO_LARGE), 'kernel messages');
      return tape.withSizes((nw, nn, nc, nb) => wasm.kernel_render_tape(nw, nn, nc, nb, o.maxIssues, o.maxDepth));
    });
    if (code === INVALID) throw new ValidationError(readIssues(wasm.take_result()), 'kernel messages');
    const r = JSON.parse(wasm.take_result());
    const built = readBuilt();
    const rendered = r.plan.length ? applyRevival(built, r.plan, wasm.take_bytes()) : built;
    return { messages: rendered, findings: r.findings };
  }

  // A shortcut for every ordered pair (shortcuts.mjs names them): swarmToOpenAI(messages,
  // options) is convert(messages, { ...options, from: 'swarm', to: 'openai' }).
  const shortcuts = {};
  for (const [name, from, to] of shortcutPairs(described.formats)) {
    shortcuts[name] = (messages, options) => {
      if (options !== undefined && (options === null || typeof options !== 'object')) {
        throw new TypeError(`${name}: options must be an object, received ${kindOf(options)}`);
      }
      return convert(messages, { ...options, from, to });
    };
  }

  return { convert, detectFormat, checkConversation, swarmHistory, kernelRender, ...shortcuts };
}
