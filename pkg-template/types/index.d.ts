// Declarations for agent-messages. The message interfaces are emitted by tsify from the Rust
// types (types/generated.d.ts); this file names them as the documentation does and types the
// JavaScript facade.

import type * as K from './types/generated.js';

export type { Issue, IssueCode, JSONValue } from './types/generated.js';
export type {
  BaseMessage,
  KernelMessage,
  InputMessage,
  ReplyMessage,
  ReasoningMessage,
  ToolCallsMessage,
  ToolResultsMessage,
  SystemMessage,
  LogMessage,
  ToolCallMessage,
  ToolResultMessage,
  FileAttachment,
  ToolCall as KernelToolCall,
  ToolResult as KernelToolResult,
} from './types/generated.js';

/** What a caller can ask of one validation. */
export interface ValidateOptions {
  /** Report properties the documented interface does not name (they are kept either way). */
  strict?: boolean;
  /** Stop at the first issue. */
  abortEarly?: boolean;
  /** Report at most this many issues (default 100). */
  maxIssues?: number;
  /** Nesting deeper than this is an issue (default 128, at most 1000). */
  maxDepth?: number;
}

/** The outcome of a validation: the value, or every issue found. */
export type ValidationResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: K.Issue[] };

/** An accumulator's options: `onUpdate` is called after each push with the message so far
 * and that push's issues (at most once per push); the limits are validation's. */
export interface AccumulatorOptions<M> {
  onUpdate?: (snapshot: Snapshot<M> | undefined, issues: K.Issue[]) => void;
  /** Keep at most this many issues in the result (default 100; every push still returns its own). */
  maxIssues?: number;
  /** A chunk nested deeper than this is an issue (default 128, at most 1000). */
  maxDepth?: number;
}

/** A tool input still streaming: the JSON text so far and the best value it holds (absent
 * before anything parses). */
export interface PartialInput {
  readonly text: string;
  readonly value?: K.JSONValue;
}

/** The message so far: the format's message, each tool call or tool block whose input is still
 * streaming also carrying `partial`. */
export type Snapshot<M> = M & { readonly [key: string]: unknown };

/** What a stream folded into: `value` (the last response's message) whenever one could be
 * folded, `messages` (one per response, in order), and every issue; each issue about a chunk
 * has a path starting with the chunk's position, one about the end of the stream the path
 * `[count]`, one about a folded message `["messages", m, ...]`. `ok` only when no chunk had an
 * issue, nothing was left open and every message is valid. `R`: the response around each
 * message where the message is not the whole of it (OpenAI's `ChatCompletion`; the AI SDK's
 * `{ finishReason }`, present when a `finish` chunk gave one). */
export interface StreamResult<M, R = never> {
  readonly ok: boolean;
  readonly value?: M;
  readonly messages: M[];
  readonly responses?: R[];
  readonly issues: K.Issue[];
}

/** One stream being folded. Nothing it is given makes it throw. */
export interface StreamAccumulator<M, R = never> {
  /** Fold one chunk (an object, or its JSON text as a string or bytes): its issues. */
  push(chunk: unknown): K.Issue[];
  /** Read a piece of a raw stream body (server-sent events or JSON lines), split anywhere. */
  pushRaw(piece: string | Uint8Array | ArrayBuffer): K.Issue[];
  /** The message so far, or undefined before a response began. */
  snapshot(): Snapshot<M> | undefined;
  /** End the stream (again: the same result). */
  finish(): StreamResult<M, R>;
  /** The source failed: a `stream_error` issue; what came before is kept. */
  fail(error: unknown): K.Issue[];
  /** How many chunks have been pushed. */
  readonly count: number;
}

/** What `accumulate` reads: chunks (an array, an iterable or async iterable, a ReadableStream
 * of chunks), or a raw body (a string, bytes, a ReadableStream of bytes, a fetch Response).
 * (ReadableStream and Response by their shape, so that no DOM or Node types are needed.) */
export type StreamSource =
  | readonly unknown[]
  | Iterable<unknown>
  | AsyncIterable<unknown>
  | { getReader(): unknown }
  | { readonly body: unknown }
  | string
  | Uint8Array
  | ArrayBuffer;

/** `createAccumulator` and `accumulate` of a streamed format. */
export interface StreamFunctions<M, R = never> {
  createAccumulator(options?: AccumulatorOptions<M>): StreamAccumulator<M, R>;
  accumulate(source: StreamSource, options?: AccumulatorOptions<M>): Promise<StreamResult<M, R>>;
}

/** The Standard Schema v1 interface (https://standardschema.dev), declared here so that no
 * dependency is needed. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (
      value: unknown,
    ) =>
      | { readonly value: Output; readonly issues?: undefined }
      | { readonly issues: ReadonlyArray<{ readonly message: string; readonly path?: ReadonlyArray<PropertyKey> }> };
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

/** The verbs every documented type offers. */
export interface Validator<T> {
  /** The documented type name. */
  readonly name: string;
  /** Check one value; never throws on bad input. The value comes back as given. */
  validate(value: unknown, options?: ValidateOptions): ValidationResult<T>;
  /** One result per item, in one call; the good items stay usable. Throws a `TypeError` for
   * what is not an array and a `RangeError` for more than 2^26 items. */
  validateMany(values: readonly unknown[], options?: ValidateOptions): ValidationResult<T>[];
  /** Check JSON text (the JSON form: one value or an array of them) without building it; the
   * JS form is built on first read of `value`, an own enumerable property (so `{ ...r }`,
   * `structuredClone(r)` and `JSON.stringify(r)` carry it). */
  validateJson(text: string, options?: ValidateOptions): ValidationResult<T | T[]>;
  /** Type guard. */
  is(value: unknown): value is T;
  /** Returns the value, or throws one ValidationError carrying every issue. */
  assert(value: unknown, options?: ValidateOptions): T;
  /** A Standard Schema v1 object. */
  readonly schema: StandardSchemaV1<unknown, T>;
  /** The lossless JSON form as text: bytes as base64, errors as objects (where a type allows
   * them, as the AI SDK's does: `{"$bytes"}`, `{"$arrayBuffer"}`, `{"$url"}`). Throws a
   * ValidationError if the value is invalid or holds something JSON cannot carry. */
  toJSON(value: T | readonly T[], options?: ValidateOptions): string;
  /** The JS form back from JSON text or a parsed JSON value (Uint8Array, ArrayBuffer, URL and
   * Error restored).
   * A parsed value (a Proxy too) is read once and the result is a copy of what was checked. */
  fromJSON(textOrValue: readonly unknown[], options?: ValidateOptions): T[];
  fromJSON(textOrValue: unknown, options?: ValidateOptions): T | T[];
}

type KernelType = K.KernelMessage['type'];
type KernelByType<Type extends KernelType> = Extract<K.KernelMessage, { type: Type }>;
/** What a constructor takes: the message's own fields; `id` and `timestamp` may be given to
 * override the generated ones, and custom properties are kept. */
type KernelInit<M> = Omit<M, 'id' | 'timestamp' | 'type'> & { id?: string; timestamp?: number; [custom: string]: unknown };

/** The Kernel message stream. */
export interface KernelNamespace extends Validator<K.KernelMessage> {
  readonly KernelMessage: Validator<K.KernelMessage>;
  /** The same validator under the name the subpath uses. */
  readonly Message: Validator<K.KernelMessage>;
  readonly InputMessage: Validator<K.InputMessage>;
  readonly ReplyMessage: Validator<K.ReplyMessage>;
  readonly ReasoningMessage: Validator<K.ReasoningMessage>;
  readonly ToolCallsMessage: Validator<K.ToolCallsMessage>;
  readonly ToolResultsMessage: Validator<K.ToolResultsMessage>;
  readonly SystemMessage: Validator<K.SystemMessage>;
  readonly LogMessage: Validator<K.LogMessage>;
  readonly ToolCallMessage: Validator<K.ToolCallMessage>;
  readonly ToolResultMessage: Validator<K.ToolResultMessage>;
  readonly FileAttachment: Validator<K.FileAttachment>;
  readonly ToolCall: Validator<K.ToolCall>;
  readonly ToolResult: Validator<K.ToolResult>;

  /** A message of a documented type, with a fresh monotonic ULID `id` and the `timestamp` of
   * the same clock reading. Throws a ValidationError if the fields do not make a valid message. */
  createMessage<Type extends KernelType>(
    type: Type,
    ...fields: {} extends KernelInit<KernelByType<Type>>
      ? [fields?: KernelInit<KernelByType<Type>>]
      : [fields: KernelInit<KernelByType<Type>>]
  ): KernelByType<Type>;
  /** A message of a registered type (a built-in type name never falls through to here, so a
   * mistake in its fields is a compile error). */
  createMessage<Type extends string>(
    type: Type & (Type extends KernelType ? never : unknown),
    fields?: { [custom: string]: unknown },
  ): K.BaseMessage & { [custom: string]: unknown };
  createInputMessage(init?: KernelInit<K.InputMessage>): K.InputMessage;
  createReplyMessage(init: KernelInit<K.ReplyMessage>): K.ReplyMessage;
  createReasoningMessage(init: KernelInit<K.ReasoningMessage>): K.ReasoningMessage;
  createToolCallsMessage(init: KernelInit<K.ToolCallsMessage>): K.ToolCallsMessage;
  createToolResultsMessage(init: KernelInit<K.ToolResultsMessage>): K.ToolResultsMessage;
  createSystemMessage(init: KernelInit<K.SystemMessage>): K.SystemMessage;
  createLogMessage(init: KernelInit<K.LogMessage>): K.LogMessage;
  createToolCallMessage(init: KernelInit<K.ToolCallMessage>): K.ToolCallMessage;
  createToolResultMessage(init: KernelInit<K.ToolResultMessage>): K.ToolResultMessage;

  /** Accept messages of another `type`: they are checked for `id` and `timestamp` and keep
   * everything else. Throws an AgentMessagesError for an empty, too long or built-in name. */
  registerType(name: string): void;
  /** Stop accepting a registered type; true if it was registered. */
  unregisterType(name: string): boolean;
  registeredTypes(): string[];
  /** The built-in message types. */
  readonly TYPES: readonly KernelType[];
}

export declare const kernel: KernelNamespace;

// The other formats: each one's namespace and its types under their root names.
export * from './swarm.root.js';
export * from './agens.root.js';
export * from './bedrock.root.js';
export * from './openai.root.js';
export * from './anthropic.root.js';
export * from './ai-sdk.root.js';
export * from './ai-sdk-ui.root.js';

/** Thrown by `assert`, `toJSON`, `fromJSON` and the constructors. */
export declare class ValidationError extends TypeError {
  readonly name: 'ValidationError';
  readonly issues: K.Issue[];
}

/** Thrown for failures that are not issues with a value (a bad type name, no randomness). */
export declare class AgentMessagesError extends Error {
  readonly name: 'AgentMessagesError';
  readonly code: string;
}

/** What a target format cannot carry, reported instead of dropped. */
export interface Loss {
  /** The index of the source message; `null` for an Anthropic `Prompt`'s top-level `system`
   * (the path then starts with `"system"`). */
  index: number | null;
  path: (string | number)[];
  code:
    | 'unsupported_message' | 'dropped_field' | 'stringified_output' | 'error_as_text'
    | 'split_results' | 'part_order' | 'inferred_call_id' | 'changed_value' | 'reserved_name'
    | 'dropped_opaque' | 'id_rewritten' | 'reused_call_id' | 'merged_messages'
    | 'split_message';
  detail: string;
}

/** The formats `convert` maps: every ordered pair of the eight. */
export type ConvertibleFormat = 'kernel' | 'openai' | 'swarm' | 'agens' | 'bedrock' | 'anthropic' | 'ai-sdk' | 'ai-sdk-ui';

/** The message type `convert` reads and writes for each format (Bedrock: its responses). */
export interface ConvertibleMessages {
  kernel: K.KernelMessage;
  openai: K.ChatCompletionMessageParam;
  swarm: K.IModelMessage;
  agens: K.AgensMessage;
  bedrock: K.BedrockAgentResponse;
  anthropic: K.MessageParam;
  'ai-sdk': K.AiSdkModelMessage;
  'ai-sdk-ui': K.UIMessage;
}

/** What `convert` reads for each format: its messages (or one), and for Anthropic also a
 * `Prompt` (`{ system?, messages }`). */
export type ConvertibleSource<F extends ConvertibleFormat> =
  | ConvertibleMessages[F]
  | readonly ConvertibleMessages[F][]
  | (F extends 'anthropic' ? K.Prompt : never);

export interface ConvertOptions<
  From extends ConvertibleFormat = ConvertibleFormat,
  To extends ConvertibleFormat = ConvertibleFormat,
> extends Pick<ValidateOptions, 'maxIssues' | 'maxDepth'> {
  from: From;
  to: To;
  /** Throw an AgentMessagesError (with `losses`) instead of losing anything. */
  strict?: boolean;
  /** The swarm `agentName` of messages whose source names no author (default `"agent"`). */
  agentName?: string;
  /** The clock for generated timestamps (and the ULIDs that carry them), in ms since the
   * epoch; read once per conversion (default `Date.now`). */
  now?: () => number;
  /** The id of each message the target requires one for and the source gives none (Kernel);
   * default a monotonic ULID. Each message must stay valid with it (a TypeError otherwise). */
  newId?: () => string;
}

/** The options of the named shortcuts (`swarmToOpenAI`, ...): `convert`'s without from/to. */
export type ShortcutOptions = Omit<ConvertOptions, 'from' | 'to'>;

/** What a conversion gives: the converted messages and what the target could not carry. */
export interface Converted<T> {
  messages: T[];
  losses: Loss[];
}

/** What a conversion into `To` gives; for Anthropic, the instructions that open the
 * conversation are the `system` of a `Prompt` (present when there are any). */
export type ConvertedTo<To extends ConvertibleFormat> = Converted<ConvertibleMessages[To]> &
  (To extends 'anthropic' ? { system?: K.Prompt['system'] } : unknown);

/** `convert` for one ordered pair of formats. */
export type Shortcut<From extends ConvertibleFormat, To extends ConvertibleFormat> = (
  messages: ConvertibleSource<From>,
  options?: ShortcutOptions,
) => ConvertedTo<To>;

/** Convert messages between formats through one canonical model. The source is validated
 * (a ValidationError if it is not valid); the result is valid in the target (held by the
 * round-trip law and property tests; walked against the target where its JS form is revived). */
export declare function convert<From extends ConvertibleFormat, To extends ConvertibleFormat>(
  messages: unknown,
  options: ConvertOptions<From, To>,
): ConvertedTo<To>;
// shortcuts (written by scripts/build-facade.mjs from the formats' words)

/** One format a stored message (or array) may be in. */
export interface DetectedFormat {
  format: ConvertibleFormat;
  /** 0..1: half for the share of items valid in the format, half for the share valid in
   * strict mode (no property the format does not name). */
  confidence: number;
  matched: number;
  exact: number;
  total: number;
}

/** Which format(s) a message or an array of them is, best first; empty when none (and for a
 * list too large to read). A format matches an item when one of its stored types accepts it
 * (Bedrock stores responses and events; every other format its message type), exactly when one
 * accepts it in strict mode. The command line's `detect` scores a conversation the same way. */
export declare function detectFormat(value: unknown): DetectedFormat[];

/** A problem with a conversation as a whole. */
export interface ConversationFinding {
  /** As in a {@link Loss}: `null` for an Anthropic `Prompt`'s `system`. */
  index: number | null;
  path: (string | number)[];
  code:
    | 'result_without_call' | 'call_without_result' | 'duplicate_call_id' | 'duplicate_id'
    | 'timestamp_backwards' | 'empty_message' | 'history_reset' | 'result_not_next';
  /** `error`: a model API refuses it; `warning`: allowed, but likely a mistake. */
  severity: 'error' | 'warning';
  message: string;
}

/** Check a whole conversation (validated first: a ValidationError if a message is invalid). */
export declare function checkConversation(
  messages: unknown,
  options: { format: DetectedFormat['format']; maxDepth?: number },
): ConversationFinding[];

/** What agent-swarm-kit would send to a model from a history: a `flush` or `resque` discards
 * everything before it and itself; tool calls without an output and outputs without a call are
 * left out. The messages are the caller's own objects. */
export declare function swarmHistory(
  messages: readonly import('./types/generated.js').IModelMessage[],
  options?: { maxDepth?: number },
): { messages: import('./types/generated.js').IModelMessage[]; findings: ConversationFinding[] };

/** What `kernelRender` says the Kernel's rule left out or invented (docs/CONVERSIONS.md,
 * "kernelRender"); the same shape as a `ConversationFinding`, every one a warning. */
export interface KernelRenderFinding {
  /** The Kernel message it is about. */
  index: number;
  path: (string | number)[];
  code:
    | 'file_not_rendered' | 'blank_dropped' | 'type_not_rendered' | 'no_calls' | 'empty_input'
    | 'pending_result' | 'synthetic_call' | 'empty_call_id' | 'empty_tool_name'
    | 'error_not_rendered' | 'output_not_json';
  severity: 'warning';
  message: string;
}

/** What the Kernel hands the AI SDK for its messages (upstream's `renderMessages`, written with
 * the pinned `ai` 7 names): AI SDK model messages, valid, and a finding for everything the rule
 * leaves out or invents. The messages are validated first (a ValidationError if one is not a
 * Kernel message). */
export declare function kernelRender(
  messages: unknown,
  options?: { maxIssues?: number; maxDepth?: number },
): { messages: import('./types/generated.js').AiSdkModelMessage[]; findings: KernelRenderFinding[] };

/** 32 lowercase hex characters from 16 cryptographically random bytes. */
export declare function generateUid(): string;

/** The package version. */
export declare const version: string;
