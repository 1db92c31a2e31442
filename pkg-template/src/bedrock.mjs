// Bedrock Swarm: constructors that fill what upstream fills (UUID v4 event ids, ISO timestamps,
// `error: null` on a successful tool result), the seed's best practices as features (child
// events linked to their parent, an exhaustive AgentResponse handler), and the event tree.

import { BUILT } from './built.mjs';
import { generated } from './errors.mjs';
import { kindOf, messageOf, tagFirst, wellFormed } from './values.mjs';

export function createBedrock(wasm, validators, numbers, tape, { EVENT_TYPES }) {
  const V = validators;
  // What an event's id or parent holds, for the tree (src/formats/bedrock/tree.rs): a string,
  // null, something else (named), or (for the id) an event that is not an object.
  const { STR: SLOT_STR, NULL: SLOT_NULL, OTHER: SLOT_OTHER, NOT_OBJECT: SLOT_NOT_OBJECT } = numbers.slot;

  function plainInit(name, init) {
    if (init === undefined) return {};
    if (init === null || typeof init !== 'object' || Array.isArray(init)) {
      throw new TypeError(`${name}: expected an object, received ${kindOf(init)}`);
    }
    return init;
  }

  // `base` in documented order, then the caller's properties (a caller's value replaces a
  // default in place; `undefined` for a defaulted key means "use the default").
  // A documented key left undefined is removed, so that validation reports it as missing.
  function fill(base, init, defaulted) {
    const documented = Object.keys(base);
    for (const key of Object.keys(init)) {
      const v = init[key];
      if (v === undefined && defaulted.includes(key)) continue;
      base[key] = v;
    }
    for (const key of documented) if (base[key] === undefined) delete base[key];
    return base;
  }

  const uuid = () => generated(() => wasm.generate_uuid());
  const callId = () => generated(() => wasm.generate_call_id());

  function createToolCall(name, args, id) {
    const call = { id: id === undefined ? callId() : id, type: 'function', function: { name, arguments: args } };
    return V.ToolCall[BUILT]()(call);
  }

  function createToolOutput(tool_call_id, output) {
    return V.ToolOutput[BUILT]()({ tool_call_id, output });
  }

  const RESULT_DEFAULTS = ['result', 'error'];
  function createToolResult(init) {
    init = plainInit('createToolResult', init);
    return V.ToolResult[BUILT]()(fill({ success: undefined, result: '', error: null }, init, RESULT_DEFAULTS));
  }

  function toolSuccess(result) {
    return V.ToolResult[BUILT]()({ success: true, result, error: null });
  }

  function toolFailure(error, result = '') {
    return V.ToolResult[BUILT]()({ success: false, result, error });
  }

  // The module shape's constructor of the message type: an AgentResponse of `type`.
  function createMessage(type, fields) {
    tagFirst('bedrock.createMessage', 'type', type, 'message');
    fields = plainInit('createMessage', fields);
    if (Object.hasOwn(fields, 'type') && fields.type !== type) {
      throw new TypeError(`createMessage: fields.type is ${JSON.stringify(fields.type)} but the type argument is ${JSON.stringify(type)}`);
    }
    return V.AgentResponse[BUILT](type)({ type, ...fields });
  }

  function createMessageResponse(content) {
    return V.MessageResponse[BUILT]()({ type: 'message', content });
  }

  function createToolCallResponse(tool_calls) {
    return V.ToolCallResponse[BUILT]()({ type: 'tool_call', tool_calls });
  }

  const EVENT_DEFAULTS = ['id', 'timestamp', 'parent_event_id', 'details', 'metadata'];
  function createEvent(init) {
    init = plainInit('createEvent', init);
    const event = fill({
      id: init.id === undefined ? uuid() : undefined,
      type: undefined,
      timestamp: init.timestamp === undefined ? new Date().toISOString() : undefined,
      agent_name: undefined,
      run_id: undefined,
      thread_id: undefined,
      parent_event_id: null,
      details: {},
      metadata: {},
    }, init, EVENT_DEFAULTS);
    return V.Event[BUILT]()(event);
  }

  function createChildEvent(parent, type, details, init) {
    V.Event.assert(parent);
    init = plainInit('createChildEvent', init);
    const linked = {
      type,
      agent_name: parent.agent_name,
      run_id: parent.run_id,
      thread_id: parent.thread_id,
      parent_event_id: parent.id,
    };
    // What the caller gave is never dropped: fields that would be overridden must agree.
    for (const [key, value] of Object.entries(linked)) {
      if (Object.hasOwn(init, key) && init[key] !== undefined && init[key] !== value) {
        throw new TypeError(`createChildEvent: init.${key} is ${JSON.stringify(init[key])}, but the child event's ${key} is ${JSON.stringify(value)}`);
      }
    }
    if (details !== undefined && Object.hasOwn(init, 'details') && init.details !== undefined && init.details !== details) {
      throw new TypeError('createChildEvent: details given twice (as an argument and in init)');
    }
    return createEvent({ ...init, ...linked, details: details ?? init.details });
  }

  function handleResponse(response, handlers) {
    if (handlers === null || typeof handlers !== 'object') {
      throw new TypeError(`handleResponse: handlers must be an object with "message" and "tool_call" functions, received ${kindOf(handlers)}`);
    }
    for (const kind of ['message', 'tool_call']) {
      if (typeof handlers[kind] !== 'function') {
        throw new TypeError(`handleResponse: the handler for ${JSON.stringify(kind)} responses is missing (every AgentResponse type needs one)`);
      }
    }
    V.AgentResponse.assert(response);
    return response.type === 'message' ? handlers.message(response) : handlers.tool_call(response);
  }

  // One event's id or parent as the tree reads it: its code goes to `codes`, its text to `texts`.
  function slot(event, key, codes, texts) {
    let v;
    try {
      v = event[key];
    } catch {
      codes.push(SLOT_OTHER);
      texts.push('unreadable');
      return undefined;
    }
    if (typeof v === 'string' && wellFormed(v)) {
      codes.push(SLOT_STR);
      texts.push(v);
      return v;
    }
    codes.push(v === null ? SLOT_NULL : SLOT_OTHER);
    texts.push(v === null ? '' : typeof v === 'string' ? 'ill_formed' : v === undefined ? 'undefined' : kindOf(v));
    return undefined;
  }

  function buildEventTree(events) {
    const fail = (message, received) => ({
      roots: [], children: new Map(),
      issues: [{ code: 'invalid_input', path: [], message, expected: 'array of Event', received }],
    });
    if (kindOf(events) !== 'array') return fail(`buildEventTree takes an array of events, received ${kindOf(events)}`, kindOf(events));
    // Each event and its id are read once: a getter cannot answer differently later.
    const list = [], ids = [], codes = [], texts = [];
    try {
      const n = events.length;
      for (let i = 0; i < n; i++) {
        const e = events[i];
        list.push(e);
        const kind = kindOf(e);
        if (kind !== 'object') {
          ids.push(undefined);
          codes.push(SLOT_NOT_OBJECT, SLOT_NULL);
          texts.push(kind, '');
          continue;
        }
        ids.push(slot(e, 'id', codes, texts));
        slot(e, 'parent_event_id', codes, texts);
      }
    } catch (e) {
      return fail(`reading the event list threw: ${messageOf(e)}`, 'an array that threw when read');
    }
    const tree = JSON.parse(wasm.bedrock_event_tree(Uint8Array.from(codes), texts));
    return {
      roots: tree.roots.map((i) => list[i]),
      children: new Map(tree.children.map(([p, cs]) => [ids[p], cs.map((i) => list[i])])),
      issues: tree.issues,
    };
  }

  return {
    createToolCall,
    createToolOutput,
    createToolResult,
    toolSuccess,
    toolFailure,
    createMessage,
    createMessageResponse,
    createToolCallResponse,
    createEvent,
    createChildEvent,
    handleResponse,
    buildEventTree,
    EVENT_TYPES: Object.freeze([...EVENT_TYPES]),
  };
}
