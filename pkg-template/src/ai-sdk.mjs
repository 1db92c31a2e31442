// The AI SDK's `ModelMessage`: the module-level verbs of `aiSdk`, its validators and
// constructors, named as `ai` names them. (`UIMessage` shares the namespace: ai-sdk-ui.mjs.)
// Every constructor returns what it was given, as given (no copy of bytes, URLs or inputs),
// after validating it; it throws a ValidationError with every issue otherwise.

import { BUILT } from './built.mjs';
import { generated } from './errors.mjs';
import { createByRole, mergeInit } from './values.mjs';

export function createAiSdk(wasm, validators, numbers, tape, lists) {
  const { ROLES, ROLE_TYPES: roleTypes } = lists;
  // Each role's message type, by role (the wasm sends both lists in the union's order).
  const ROLE_TYPES = Object.fromEntries(ROLES.map((role, n) => [role, roleTypes[n]]));

  // `{ [tagKey]: tag, ...given, ...init }`, validated as `type`.
  function build(fn, type, tagKey, tag, given, init) {
    return validators[type][BUILT]()(mergeInit(fn, { [tagKey]: tag }, given, init));
  }

  const message = (fn, role) => (content, init) => build(fn, ROLE_TYPES[role], 'role', role, { content }, init);
  const part = (fn, type, tag) => (given, init) => build(fn, type, 'type', tag, given, init);
  const textPart = part('createTextPart', 'TextPart', 'text');
  const filePart = part('createFilePart', 'FilePart', 'file');
  const imagePart = part('createImagePart', 'ImagePart', 'image');
  const toolCallPart = part('createToolCallPart', 'ToolCallPart', 'tool-call');
  const toolResultPart = part('createToolResultPart', 'ToolResultPart', 'tool-result');

  const createMessage = createByRole('aiSdk', validators.ModelMessage[BUILT]);

  // An id as the AI SDK's generateId makes them (16 alphanumerics).
  const generateId = () => generated(() => wasm.generate_ai_sdk_id());

  function createToolCallPart(toolName, input, toolCallId, init) {
    if (toolCallId === undefined) toolCallId = generateId();
    return toolCallPart({ toolCallId, toolName, input }, init);
  }

  // `(toolCallId, toolName, output)`, or `(toolCallPart, output)`: the call gives its id and name.
  function createToolResultPart(toolCallIdOrPart, toolNameOrOutput, output, init) {
    if (toolCallIdOrPart !== null && typeof toolCallIdOrPart === 'object' && !Array.isArray(toolCallIdOrPart)) {
      const call = validators.ToolCallPart.assert(toolCallIdOrPart);
      return toolResultPart({ toolCallId: call.toolCallId, toolName: call.toolName, output: toolNameOrOutput }, output);
    }
    return toolResultPart({ toolCallId: toolCallIdOrPart, toolName: toolNameOrOutput, output }, init);
  }

  return {
    createMessage,
    createSystemMessage: message('createSystemMessage', 'system'),
    createUserMessage: message('createUserMessage', 'user'),
    createAssistantMessage: message('createAssistantMessage', 'assistant'),
    createToolMessage: message('createToolMessage', 'tool'),
    createTextPart: (text, init) => textPart({ text }, init),
    createFilePart: (data, mediaType, init) => filePart({ data, mediaType }, init),
    createImagePart: (image, init) => imagePart({ image }, init),
    createToolCallPart,
    createToolResultPart,
    generateId,
    ROLES: Object.freeze([...ROLES]),
    PART_TYPES: Object.freeze([...lists.PART_TYPES]),
    TOOL_RESULT_OUTPUT_TYPES: Object.freeze([...lists.TOOL_RESULT_OUTPUT_TYPES]),
  };
}
