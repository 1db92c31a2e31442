// Anthropic Messages: validators for every documented type (named as `@anthropic-ai/sdk` names
// them), constructors in the SDK's vocabulary (messages by role, text, image, tool-use and
// tool-result blocks, a `Prompt` with its top-level `system`), tool-use ids made as the API
// makes them (`toolu_` + 24 base-62 characters), and the lists of roles and block types.

import { rethrow } from './errors.mjs';
import { sniffImage } from './media.mjs';
import { kindOf, tagFirst } from './values.mjs';

// `data:<media type>;base64,<data>`.
const DATA_URL = /^data:([^;,]+);base64,/i;

export function createAnthropic(wasm, validators, numbers, tape, { ROLES, BLOCK_TYPES, RESPONSE_BLOCK_TYPES }) {
  const message = validators.MessageParam;
  const byRole = {
    user: validators.UserMessageParam,
    assistant: validators.AssistantMessageParam,
    system: validators.SystemMessageParam,
  };

  function readInit(init, fn, what = 'init') {
    if (init === undefined) return {};
    if (init === null || typeof init !== 'object' || Array.isArray(init)) {
      throw new TypeError(`${fn}: ${what} must be an object, received ${kindOf(init)}`);
    }
    return init;
  }

  // `{ ...tag, ...given, ...init }`, refusing an init that contradicts an argument or the tag.
  function merge(fn, tag, given, init) {
    init = readInit(init, fn);
    for (const [key, value] of Object.entries(tag)) {
      if (Object.hasOwn(init, key) && init[key] !== value) {
        throw new TypeError(`${fn}: init.${key} is ${JSON.stringify(init[key])} but this constructor makes ${JSON.stringify(value)}`);
      }
    }
    for (const key of Object.keys(given)) {
      if (Object.hasOwn(init, key) && init[key] !== given[key]) {
        throw new TypeError(`${fn}: init.${key} contradicts the ${key} argument`);
      }
    }
    return { ...tag, ...given, ...init };
  }

  function createMessage(role, fields) {
    tagFirst('anthropic.createMessage', 'role', role, 'user');
    fields = readInit(fields, 'createMessage', 'fields');
    if (Object.hasOwn(fields, 'role') && fields.role !== role) {
      throw new TypeError(`createMessage: fields.role is ${JSON.stringify(fields.role)} but the role argument is ${JSON.stringify(role)}`);
    }
    return message.assert({ role, ...fields });
  }

  const byRoleMaker = (fn, role) => (content, init) => byRole[role].assert(merge(fn, { role }, { content }, init));

  function createTextBlock(text, init) {
    return validators.TextBlockParam.assert(merge('createTextBlock', { type: 'text' }, { text }, init));
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
    return validators.ImageBlockParam.assert(merge(fn, { type: 'image' }, { source: src }, init));
  }

  function createToolUseBlock(name, input, id) {
    if (input === undefined) input = {};
    if (id === undefined) {
      try {
        id = wasm.generate_tool_use_id();
      } catch (e) {
        rethrow(e, 'id_generation');
      }
    }
    return validators.ToolUseBlockParam.assert({ type: 'tool_use', id, name, input });
  }

  // A tool_use block stands for its id.
  function createToolResultBlock(toolUseId, content, init) {
    if (toolUseId !== null && typeof toolUseId === 'object' && !Array.isArray(toolUseId)) toolUseId = toolUseId.id;
    const given = content === undefined ? { tool_use_id: toolUseId } : { tool_use_id: toolUseId, content };
    return validators.ToolResultBlockParam.assert(merge('createToolResultBlock', { type: 'tool_result' }, given, init));
  }

  function createPrompt(messages, system) {
    return validators.Prompt.assert(system === undefined ? { messages } : { system, messages });
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
    generateToolUseId: () => {
      try {
        return wasm.generate_tool_use_id();
      } catch (e) {
        return rethrow(e, 'id_generation');
      }
    },
    ROLES: Object.freeze([...ROLES]),
    BLOCK_TYPES: Object.freeze([...BLOCK_TYPES]),
    RESPONSE_BLOCK_TYPES: Object.freeze([...RESPONSE_BLOCK_TYPES]),
  };
}
