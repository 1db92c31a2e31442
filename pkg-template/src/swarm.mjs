// agent-swarm-kit: constructors that fill what upstream's ClientAgent fills when it commits a
// message (`mode` by role, `content: ""` for a flush, `role: "tool"` and `tool_call_id` for a tool
// output), and tool calls with upstream-style ids (`call_` + 9 base-36 characters).

import { BUILT } from './built.mjs';
import { generated, ValidationError } from './errors.mjs';
import { kindOf, tagFirst } from './values.mjs';

const HELPERS = {
  createUserMessage: 'user',
  createAssistantMessage: 'assistant',
  createSystemMessage: 'system',
  createDeveloperMessage: 'developer',
  createToolOutput: 'tool',
  createFlushMessage: 'flush',
  createResqueMessage: 'resque',
};

export function createSwarm(wasm, validators, numbers, tape, { ROLES, MODES }) {
  const message = validators.IModelMessage;
  const toolCall = validators.IToolCall;

  function isPlainInit(v) {
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  }

  // The message as upstream commits it: the role, the caller's fields as given (in their
  // order, nothing trimmed), then the defaults the caller did not give.
  function build(where, role, fields) {
    if (fields === undefined) fields = {};
    if (!isPlainInit(fields)) throw new TypeError(`${where}: fields must be an object, received ${kindOf(fields)}`);
    if (Object.hasOwn(fields, 'role') && fields.role !== role) {
      throw new TypeError(`${where}: fields.role is ${JSON.stringify(fields.role)} but the role is ${JSON.stringify(role)}`);
    }
    const msg = { role, ...fields };
    if (msg.mode === undefined) msg.mode = role === 'user' ? 'user' : 'tool';
    if (role === 'flush' && msg.content === undefined) msg.content = '';
    return msg;
  }

  function createMessage(role, fields) {
    tagFirst('swarm.createMessage', 'role', role, 'user');
    return message[BUILT]()(build('createMessage', role, fields));
  }

  const helpers = {};
  for (const [name, role] of Object.entries(HELPERS)) {
    helpers[name] = (init) => message[BUILT]()(build(name, role, init));
  }

  // A tool output answers a call: without `tool_call_id` it is reported like any other
  // missing required property, together with the message's own issues.
  helpers.createToolOutput = (init) => {
    const msg = build('createToolOutput', 'tool', init);
    const r = message.validate(msg);
    const issues = r.ok ? [] : r.issues;
    if (msg.tool_call_id === undefined) {
      issues.push({
        code: 'missing',
        path: ['tool_call_id'],
        message: 'required property "tool_call_id" is missing',
        expected: 'string',
        received: 'undefined',
      });
    }
    if (issues.length > 0) throw new ValidationError(issues, 'IModelMessage');
    return msg;
  };

  const nextCallId = () => generated(() => wasm.generate_call_id());

  function createToolCall(name, args, id) {
    const call = {
      id: id === undefined ? nextCallId() : id,
      type: 'function',
      function: { name, arguments: args === undefined ? {} : args },
    };
    return toolCall[BUILT]()(call);
  }

  return {
    // The subpath also calls the message type `Message`.
    Message: validators.IModelMessage,
    createMessage,
    ...helpers,
    createToolCall,
    generateToolCallId: nextCallId,
    ROLES: Object.freeze([...ROLES]),
    MODES: Object.freeze([...MODES]),
  };
}
