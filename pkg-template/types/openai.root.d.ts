// OpenAI Chat Completions as the root entry exports it: the `openai` namespace, its type, and the
// message param types under the `openai` SDK's names (none collides with another format's).

import type * as O from './types/generated.js';
import type { StreamFunctions, Validator, ValidateOptions, ValidationResult } from './index.js';

export type {
  ChatCompletionMessageParam,
  ChatCompletionDeveloperMessageParam,
  ChatCompletionSystemMessageParam,
  ChatCompletionUserMessageParam,
  ChatCompletionAssistantMessageParam,
  ChatCompletionAssistantAudio,
  ChatCompletionToolMessageParam,
  ChatCompletionContentPart,
  ChatCompletionContentPartText,
  ChatCompletionContentPartImage,
  ChatCompletionContentPartImageURL,
  ChatCompletionContentPartInputAudio,
  ChatCompletionContentPartInputAudioData,
  ChatCompletionContentPartFile,
  ChatCompletionContentPartFileData,
  ChatCompletionContentPartRefusal,
  ChatCompletionMessageToolCall,
  ChatCompletionMessageToolCallFunction,
} from './types/generated.js';

/** The roles of OpenAI Chat messages. */
export type ChatCompletionRole = O.ChatCompletionMessageParam['role'];
type OpenAIByRole<Role extends ChatCompletionRole> = Extract<O.ChatCompletionMessageParam, { role: Role }>;
/** What a constructor takes besides its arguments: the message's other fields, and custom
 * properties (kept). */
type OpenAIInit<M, Given extends string = never> = Omit<M, 'role' | Given> &
  // The role is the constructor's, and what is given as an argument cannot be given again.
  { role?: never } & { [K in Given]?: never } & { [custom: string]: unknown };

/** OpenAI Chat Completions messages (the bridge format). */
/** A streamed response as `openai`'s `ChatCompletion` (every choice's message, `usage`, ...). */
export interface ChatCompletion {
  readonly id: string;
  readonly object: 'chat.completion';
  readonly created?: number;
  readonly model?: string;
  readonly choices: {
    readonly index: number;
    readonly message: O.ChatCompletionAssistantMessageParam;
    readonly finish_reason: string | null;
    readonly logprobs: unknown;
    readonly [key: string]: unknown;
  }[];
  readonly usage?: unknown;
  readonly [key: string]: unknown;
}

export interface OpenAINamespace extends Validator<O.ChatCompletionMessageParam>, StreamFunctions<O.ChatCompletionAssistantMessageParam, ChatCompletion> {
  readonly ChatCompletionMessageParam: Validator<O.ChatCompletionMessageParam>;
  readonly ChatCompletionDeveloperMessageParam: Validator<O.ChatCompletionDeveloperMessageParam>;
  readonly ChatCompletionSystemMessageParam: Validator<O.ChatCompletionSystemMessageParam>;
  readonly ChatCompletionUserMessageParam: Validator<O.ChatCompletionUserMessageParam>;
  readonly ChatCompletionAssistantMessageParam: Validator<O.ChatCompletionAssistantMessageParam>;
  readonly ChatCompletionToolMessageParam: Validator<O.ChatCompletionToolMessageParam>;
  readonly ChatCompletionContentPart: Validator<O.ChatCompletionContentPart>;
  readonly ChatCompletionContentPartText: Validator<O.ChatCompletionContentPartText>;
  readonly ChatCompletionContentPartImage: Validator<O.ChatCompletionContentPartImage>;
  readonly ChatCompletionContentPartInputAudio: Validator<O.ChatCompletionContentPartInputAudio>;
  readonly ChatCompletionContentPartFile: Validator<O.ChatCompletionContentPartFile>;
  readonly ChatCompletionContentPartRefusal: Validator<O.ChatCompletionContentPartRefusal>;
  readonly ChatCompletionMessageToolCall: Validator<O.ChatCompletionMessageToolCall>;

  /** A message of the given role: `{ role, ...fields }`, validated (throws a ValidationError). */
  createMessage<Role extends ChatCompletionRole>(
    role: Role,
    fields: OpenAIInit<OpenAIByRole<Role>>,
  ): OpenAIByRole<Role>;
  /** `{ role: 'developer', content, ...init }`. */
  createDeveloperMessage(
    content: O.ChatCompletionDeveloperMessageParam['content'],
    init?: OpenAIInit<O.ChatCompletionDeveloperMessageParam, 'content'>,
  ): O.ChatCompletionDeveloperMessageParam;
  /** `{ role: 'system', content, ...init }`. */
  createSystemMessage(
    content: O.ChatCompletionSystemMessageParam['content'],
    init?: OpenAIInit<O.ChatCompletionSystemMessageParam, 'content'>,
  ): O.ChatCompletionSystemMessageParam;
  /** `{ role: 'user', content, ...init }`. */
  createUserMessage(
    content: O.ChatCompletionUserMessageParam['content'],
    init?: OpenAIInit<O.ChatCompletionUserMessageParam, 'content'>,
  ): O.ChatCompletionUserMessageParam;
  /** `{ role: 'assistant', ...init }`; a string is the content. */
  createAssistantMessage(
    init?: string | OpenAIInit<O.ChatCompletionAssistantMessageParam>,
  ): O.ChatCompletionAssistantMessageParam;
  /** `{ role: 'tool', tool_call_id, content }`; a tool call stands for its id. */
  createToolMessage(
    toolCallId: string | Pick<O.ChatCompletionMessageToolCall, 'id'>,
    content: O.ChatCompletionToolMessageParam['content'],
  ): O.ChatCompletionToolMessageParam;
  /** A function tool call with a fresh `call_` id (unless `id` is given). `args` that are not a
   * string become JSON text (what JSON cannot carry is a ValidationError, never dropped); a
   * string is taken as the JSON text itself and must parse; no args is `"{}"`. */
  createToolCall(name: string, args?: unknown, id?: string): O.ChatCompletionMessageToolCall;
  /** An image part: a URL as given, or bytes as a base64 `data:` URL of `mediaType` (PNG, JPEG,
   * GIF and WebP are recognised without it). */
  createImagePart(urlOrBytes: string | Uint8Array, mediaType?: string): O.ChatCompletionContentPartImage;
  /** The value of a tool call's JSON-text arguments (or of the text itself), or the issues: a
   * model's broken JSON is an `invalid_json_string` whose message gives line and column.
   * Never throws on bad input (a malformed `options` object is a TypeError, as everywhere). */
  parseArguments(
    toolCall: O.ChatCompletionMessageToolCall | string,
    options?: ValidateOptions,
  ): ValidationResult<O.JSONValue>;
  /** The roles, in the SDK's order. */
  readonly ROLES: readonly ChatCompletionRole[];
}

export declare const openai: OpenAINamespace;
