// OpenAI Chat Completions: validators for every documented type (named as the `openai` SDK
// names them), one constructor per role, tool calls whose `arguments` are JSON text (ids
// `call_...`), image parts from a URL or from bytes, and `parseArguments`, which reads a
// model's arguments without ever throwing.

import { BUILT } from './built.mjs';
import { generated, ValidationError } from './errors.mjs';
import { createIssueReader } from './issues.mjs';
import { sniffImage } from './media.mjs';
import { TOO_LARGE } from './validator.mjs';
import { createByRole, kindOf, mergeInit, messageOf } from './values.mjs';

// What a media type looks like (type/subtype), for bytes given with one.
const MEDIA_TYPE = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*$/;

export function createOpenAI(wasm, validators, numbers, tape, { ROLES, ROLE_TYPES: roleTypes }) {
  // Each role's message type, by role (the wasm sends both lists in the union's order).
  const ROLE_TYPES = Object.fromEntries(ROLES.map((role, n) => [role, roleTypes[n]]));
  const { DEFAULT_MAX_DEPTH, DEFAULT_MAX_ISSUES } = numbers.limit;
  const { OK_WITH_DATA } = numbers.result;
  const { readIssues } = createIssueReader(numbers);
  const message = validators.ChatCompletionMessageParam;
  const toolCallValidator = validators.ChatCompletionMessageToolCall;
  const imagePart = validators.ChatCompletionContentPartImage;

  // `{ role, ...given, ...init }`, validated as the role's message type.
  function build(fn, role, given, init) {
    return validators[ROLE_TYPES[role]][BUILT]()(mergeInit(fn, { role }, given, init));
  }

  const createMessage = createByRole('openai', message[BUILT]);

  function createAssistantMessage(init) {
    if (typeof init === 'string') return build('createAssistantMessage', 'assistant', { content: init }, undefined);
    return build('createAssistantMessage', 'assistant', {}, init);
  }

  function createToolMessage(toolCallId, content) {
    // A tool call stands for its id.
    if (toolCallId !== null && typeof toolCallId === 'object' && !Array.isArray(toolCallId)) toolCallId = toolCallId.id;
    return validators.ChatCompletionToolMessageParam[BUILT]()({ role: 'tool', tool_call_id: toolCallId, content });
  }

  // JSON text of a tool call's arguments, each property read once (the walker's tape), written
  // by the engine as JSON.stringify would write it. What JSON would drop or alter (functions,
  // undefined, BigInt, NaN, Date, Map, objects of a class, cycles, ...) is reported with its
  // path instead, as a value that threw when read is.
  function writeArguments(args) {
    if (!tape.write(args, true, DEFAULT_MAX_DEPTH, false, true)) return null;
    return tape.withSizes((nw, nn, nc, nb) => wasm.openai_arguments_tape(nw, nn, nc, nb, DEFAULT_MAX_ISSUES, DEFAULT_MAX_DEPTH));
  }
  function argumentsText(args) {
    const code = tape.run(writeArguments, args);
    if (code === OK_WITH_DATA) return wasm.take_result();
    const issues = code === null ? JSON.parse(TOO_LARGE) : readIssues(wasm.take_result());
    for (const issue of issues) issue.path = ['function', 'arguments', ...issue.path];
    throw new ValidationError(issues, 'ChatCompletionMessageToolCall');
  }

  function createToolCall(name, args, id) {
    let text;
    if (args === undefined) text = '{}';
    else if (typeof args === 'string') text = args;
    else text = argumentsText(args);
    if (id === undefined) id = generated(() => wasm.generate_call_id());
    return toolCallValidator[BUILT]()({ id, type: 'function', function: { name, arguments: text } });
  }

  function createImagePart(urlOrBytes, mediaType) {
    let url;
    if (urlOrBytes instanceof Uint8Array) {
      if (mediaType === undefined) mediaType = sniffImage(urlOrBytes);
      if (mediaType === undefined) {
        throw new TypeError('createImagePart: these bytes are not PNG, JPEG, GIF or WebP by their signature; give their media type');
      }
      if (typeof mediaType !== 'string' || !MEDIA_TYPE.test(mediaType)) {
        throw new TypeError(`createImagePart: mediaType must be a media type such as "image/png", received ${typeof mediaType === 'string' ? JSON.stringify(mediaType) : kindOf(mediaType)}`);
      }
      url = wasm.openai_data_url(urlOrBytes, mediaType);
    } else if (typeof urlOrBytes === 'string') {
      if (mediaType !== undefined) throw new TypeError('createImagePart: mediaType is for bytes; a URL says its own');
      url = urlOrBytes;
    } else {
      throw new TypeError(`createImagePart: expected a URL string or a Uint8Array, received ${kindOf(urlOrBytes)}`);
    }
    return imagePart[BUILT]()({ type: 'image_url', image_url: { url } });
  }

  // The arguments of a tool call (or the JSON text itself) as a value, or the issues: a
  // model's broken JSON is an `invalid_json_string` with its line and column. Never throws.
  function parseArguments(toolCall, options) {
    let text, r;
    if (typeof toolCall === 'string') {
      text = toolCall;
      r = toolCallValidator.validate({ id: '', type: 'function', function: { name: '', arguments: text } }, options);
      if (!r.ok) return { ok: false, issues: r.issues.map((i) => ({ ...i, path: i.path.slice(2) })) };
    } else {
      r = toolCallValidator.validate(toolCall, options);
      if (!r.ok) return r;
      try {
        text = toolCall.function.arguments;
      } catch (e) {
        return { ok: false, issues: [{ code: 'unreadable', path: ['function', 'arguments'], message: `reading this value threw: ${messageOf(e)}` }] };
      }
    }
    try {
      return { ok: true, value: JSON.parse(text) };
    } catch (e) {
      // Only when a getter handed over other text the second time.
      const path = typeof toolCall === 'string' ? [] : ['function', 'arguments'];
      return { ok: false, issues: [{ code: 'invalid_json_string', path, message: `the string is not valid JSON: ${messageOf(e)}`, expected: 'JSON text', received: 'string' }] };
    }
  }

  return {
    createMessage,
    createDeveloperMessage: (content, init) => build('createDeveloperMessage', 'developer', { content }, init),
    createSystemMessage: (content, init) => build('createSystemMessage', 'system', { content }, init),
    createUserMessage: (content, init) => build('createUserMessage', 'user', { content }, init),
    createAssistantMessage,
    createToolMessage,
    createToolCall,
    createImagePart,
    parseArguments,
    ROLES: Object.freeze([...ROLES]),
  };
}
