// Anthropic Messages: validators for every documented type (named as `@anthropic-ai/sdk` names
// them), constructors in the SDK's vocabulary (messages by role, text, image, tool-use and
// tool-result blocks, a `Prompt` with its top-level `system`), tool-use ids made as the API
// makes them (`toolu_` + 24 base-62 characters), and the lists of roles and block types.

import { BUILT } from './built.mjs';
import { generated } from './errors.mjs';
import { sniffImage } from './media.mjs';
import { createByRole, kindOf, mergeInit } from './values.mjs';

// `data:<media type>;base64,<data>`.
const DATA_URL = /^data:([^;,]+);base64,/i;

export function createAnthropic(wasm, validators, numbers, tape, { ROLES, BLOCK_TYPES, RESPONSE_BLOCK_TYPES }) {
  const message = validators.MessageParam;
  const byRole = {
    user: validators.UserMessageParam,
    assistant: validators.AssistantMessageParam,
    system: validators.SystemMessageParam,
  };

  const createMessage = createByRole('anthropic', message[BUILT]);

  const byRoleMaker = (fn, role) => (content, init) => byRole[role][BUILT]()(mergeInit(fn, { role }, { content }, init));

  function createTextBlock(text, init) {
    return validators.TextBlockParam[BUILT]()(mergeInit('createTextBlock', { type: 'text' }, { text }, init));
  }

  // A base64 source of the bytes (the media type given, or read from their signature).
  function base64Of(fn, bytes, mediaType) {
    if (mediaType === undefined) mediaType = sniffImage(bytes);
    if (mediaType === undefined) {
      throw new TypeError(`${fn}: these bytes are not PNG, JPEG, GIF or WebP by their signature; give their media type`);
    }
    return { type: 'base64', media_type: mediaType, data: wasm.anthropic_base64(bytes) };
  }

  // An image block: bytes (base64 source), a `data:` URL (its base64 and media type), base64
  // text with its media type, or a URL.
  function createImageBlock(source, mediaType, init) {
    const fn = 'createImageBlock';
    let src;
    if (source instanceof Uint8Array) src = base64Of(fn, source, mediaType);
    else if (typeof source === 'string') {
      const data = DATA_URL.exec(source);
      if (data !== null) {
        if (mediaType !== undefined && mediaType !== data[1]) {
          throw new TypeError(`${fn}: mediaType ${JSON.stringify(mediaType)} contradicts the data: URL's ${JSON.stringify(data[1])}`);
        }
        src = { type: 'base64', media_type: data[1], data: source.slice(data[0].length) };
      } else if (mediaType !== undefined) {
        if (/^https?:\/\//i.test(source)) throw new TypeError(`${fn}: mediaType is for bytes or base64 text; a URL says its own`);
        src = { type: 'base64', media_type: mediaType, data: source };
      }
      else src = { type: 'url', url: source };
    } else {
      throw new TypeError(`${fn}: expected a URL, a data: URL, base64 text (with its mediaType) or a Uint8Array, received ${kindOf(source)}`);
    }
    return validators.ImageBlockParam[BUILT]()(mergeInit(fn, { type: 'image' }, { source: src }, init));
  }

  const generateToolUseId = () => generated(() => wasm.generate_tool_use_id());

  function createToolUseBlock(name, input, id) {
    if (input === undefined) input = {};
    if (id === undefined) id = generateToolUseId();
    return validators.ToolUseBlockParam[BUILT]()({ type: 'tool_use', id, name, input });
  }

  // A tool_use block stands for its id.
  function createToolResultBlock(toolUseId, content, init) {
    if (toolUseId !== null && typeof toolUseId === 'object' && !Array.isArray(toolUseId)) toolUseId = toolUseId.id;
    const given = content === undefined ? { tool_use_id: toolUseId } : { tool_use_id: toolUseId, content };
    return validators.ToolResultBlockParam[BUILT]()(mergeInit('createToolResultBlock', { type: 'tool_result' }, given, init));
  }

  function createPrompt(messages, system) {
    return validators.Prompt[BUILT]()(system === undefined ? { messages } : { system, messages });
  }

  return {
    createMessage,
    createUserMessage: byRoleMaker('createUserMessage', 'user'),
    createAssistantMessage: byRoleMaker('createAssistantMessage', 'assistant'),
    createSystemMessage: byRoleMaker('createSystemMessage', 'system'),
    createTextBlock,
    createImageBlock,
    createToolUseBlock,
    createToolResultBlock,
    createPrompt,
    generateToolUseId,
    ROLES: Object.freeze([...ROLES]),
    BLOCK_TYPES: Object.freeze([...BLOCK_TYPES]),
    RESPONSE_BLOCK_TYPES: Object.freeze([...RESPONSE_BLOCK_TYPES]),
  };
}
