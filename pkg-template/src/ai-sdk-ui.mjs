// The AI SDK's `UIMessage` (what `useChat` keeps): its validator object `aiSdk.UIMessage`, the
// part validators (`aiSdk.TextUIPart`, `aiSdk.ToolUIPart`, ...) and constructors, in the `aiSdk`
// namespace beside ModelMessage (ai-sdk.mjs). Every constructor validates what it returns (a
// ValidationError otherwise) and keeps what it was given as given.

import { BUILT } from './built.mjs';
import { generated } from './errors.mjs';
import { kindOf, mergeInit, readInit, tagFirst } from './values.mjs';

export function createAiSdkUi(wasm, validators, numbers, tape, { UI_ROLES, UI_PART_TYPES, TOOL_STATES }) {
  const message = validators.UIMessage;

  // `{ ...given, ...init }`, refusing an init that contradicts an argument.
  const merge = (fn, given, init) => mergeInit(fn, {}, given, init);

  // 16 characters of 0-9A-Za-z, as the AI SDK's `generateId` makes them: the model messages'
  // generator (src/ids.rs, cryptographic randomness).
  const generateUIMessageId = () => generated(() => wasm.generate_ai_sdk_id());

  // `{ id, role, parts, ...init }`; the id is generated unless init gives one.
  function createUIMessage(role, parts, init) {
    tagFirst('aiSdk.createUIMessage', 'role', role, 'user');
    init = readInit(init, 'createUIMessage');
    if (Object.hasOwn(init, 'role') && init.role !== role) {
      throw new TypeError(`createUIMessage: init.role is ${JSON.stringify(init.role)} but the role argument is ${JSON.stringify(role)}`);
    }
    if (Object.hasOwn(init, 'parts') && init.parts !== parts) {
      throw new TypeError('createUIMessage: init.parts contradicts the parts argument');
    }
    const id = Object.hasOwn(init, 'id') ? init.id : generateUIMessageId();
    return message[BUILT]()({ id, role, parts, ...init });
  }

  // A static tool part: `tool-<name>` in `state`, with that state's fields.
  function createToolUIPart(toolName, state, fields) {
    if (typeof toolName !== 'string') throw new TypeError(`createToolUIPart: toolName must be a string, received ${kindOf(toolName)}`);
    fields = readInit(fields, 'createToolUIPart', 'fields');
    const type = `tool-${toolName}`;
    if (Object.hasOwn(fields, 'type') && fields.type !== type) {
      throw new TypeError(`createToolUIPart: fields.type is ${JSON.stringify(fields.type)} but this part's type is ${JSON.stringify(type)}`);
    }
    if (Object.hasOwn(fields, 'state') && fields.state !== state) {
      throw new TypeError('createToolUIPart: fields.state contradicts the state argument');
    }
    return validators.ToolUIPart[BUILT]()({ type, ...fields, state });
  }

  // A dynamic tool part (a tool known only at run time).
  function createDynamicToolUIPart(toolName, state, fields) {
    const given = { type: 'dynamic-tool', toolName, state };
    return validators.DynamicToolUIPart[BUILT]()(merge('createDynamicToolUIPart', given, fields));
  }

  function createDataUIPart(name, data, id) {
    if (typeof name !== 'string') throw new TypeError(`createDataUIPart: name must be a string, received ${kindOf(name)}`);
    const part = { type: `data-${name}`, data };
    if (id !== undefined) part.id = id;
    return validators.DataUIPart[BUILT]()(part);
  }

  return {
    createUIMessage,
    createTextUIPart: (text, init) => validators.TextUIPart[BUILT]()(merge('createTextUIPart', { type: 'text', text }, init)),
    createReasoningUIPart: (text, init) => validators.ReasoningUIPart[BUILT]()(merge('createReasoningUIPart', { type: 'reasoning', text }, init)),
    createFileUIPart: (url, mediaType, init) => validators.FileUIPart[BUILT]()(merge('createFileUIPart', { type: 'file', mediaType, url }, init)),
    createSourceUrlUIPart: (sourceId, url, init) => validators.SourceUrlUIPart[BUILT]()(merge('createSourceUrlUIPart', { type: 'source-url', sourceId, url }, init)),
    createStepStartUIPart: () => validators.StepStartUIPart[BUILT]()({ type: 'step-start' }),
    createToolUIPart,
    createDynamicToolUIPart,
    createDataUIPart,
    generateUIMessageId,
    UI_ROLES: Object.freeze([...UI_ROLES]),
    UI_PART_TYPES: Object.freeze([...UI_PART_TYPES]),
    TOOL_STATES: Object.freeze([...TOOL_STATES]),
  };
}
