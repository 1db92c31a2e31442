// The AI SDK's UIMessage as the root entry exports it: what the `aiSdk` namespace holds for it
// (AiSdkNamespace extends this interface) and its types, under `ai`'s names (`ai` 7.0.173;
// `SteeringMessageUIPart` is exported there as `Experimental_SteeringMessageUIPart`).

import type * as U from './types/generated.js';
import type { StreamFunctions, Validator } from './index.js';

export type {
  UIMessage,
  UIMessagePart,
  TextUIPart,
  CustomContentUIPart,
  ReasoningUIPart,
  ToolUIPart,
  DynamicToolUIPart,
  SourceUrlUIPart,
  SourceDocumentUIPart,
  FileUIPart,
  ReasoningFileUIPart,
  DataUIPart,
  SteeringMessageUIPart,
  StepStartUIPart,
  UIToolInvocation,
  UIToolInvocationState,
  UIToolApprovalBase,
  Citation,
  LanguageModelV4Source,
  LanguageModelV4UrlSource,
  LanguageModelV4DocumentSource,
  ProviderMetadata,
} from './types/generated.js';

/** The roles of a `UIMessage`. */
export type UIMessageRole = U.UIMessage['role'];
/** The states of a tool part. */
export type UIToolState = U.UIToolInvocation['state'];
/** A tool part in one state. */
type ToolUIPartIn<S extends UIToolState> = Extract<U.ToolUIPart, { state: S }>;
type DynamicToolUIPartIn<S extends UIToolState> = Extract<U.DynamicToolUIPart, { state: S }>;
/** What a constructor takes besides its arguments: the part's other fields, and custom
 * properties (kept). What is given as an argument cannot be given again. */
type UIInit<T, Given extends string> = Omit<T, Given> & { [K in Given]?: never } & { [custom: string]: unknown };
type Distribute<T, Given extends string> = T extends unknown ? UIInit<T, Given> : never;

/** The `UIMessage` half of the `aiSdk` namespace. */
export interface AiSdkUiNamespace extends StreamFunctions<U.UIMessage, { readonly finishReason: string | null }> {
  readonly UIMessage: Validator<U.UIMessage>;
  readonly UIMessagePart: Validator<U.UIMessagePart>;
  readonly TextUIPart: Validator<U.TextUIPart>;
  readonly CustomContentUIPart: Validator<U.CustomContentUIPart>;
  readonly ReasoningUIPart: Validator<U.ReasoningUIPart>;
  readonly ToolUIPart: Validator<U.ToolUIPart>;
  readonly DynamicToolUIPart: Validator<U.DynamicToolUIPart>;
  readonly SourceUrlUIPart: Validator<U.SourceUrlUIPart>;
  readonly SourceDocumentUIPart: Validator<U.SourceDocumentUIPart>;
  readonly FileUIPart: Validator<U.FileUIPart>;
  readonly ReasoningFileUIPart: Validator<U.ReasoningFileUIPart>;
  readonly DataUIPart: Validator<U.DataUIPart>;
  readonly SteeringMessageUIPart: Validator<U.SteeringMessageUIPart>;
  readonly StepStartUIPart: Validator<U.StepStartUIPart>;
  readonly Citation: Validator<U.Citation>;

  /** `{ id, role, parts, ...init }`, validated (throws a ValidationError); `id` is generated
   * as the AI SDK's `generateId` does (16 characters of 0-9A-Za-z) unless init gives one. */
  createUIMessage<Role extends UIMessageRole>(
    role: Role,
    parts: U.UIMessagePart[],
    init?: UIInit<U.UIMessage, 'role' | 'parts'>,
  ): U.UIMessage & { role: Role };
  /** `{ type: 'text', text, ...init }`. */
  createTextUIPart(text: string, init?: UIInit<U.TextUIPart, 'type' | 'text'>): U.TextUIPart;
  /** `{ type: 'reasoning', text, ...init }`. */
  createReasoningUIPart(text: string, init?: UIInit<U.ReasoningUIPart, 'type' | 'text'>): U.ReasoningUIPart;
  /** `{ type: 'file', mediaType, url, ...init }` (a hosted URL or a `data:` URL). */
  createFileUIPart(url: string, mediaType: string, init?: UIInit<U.FileUIPart, 'type' | 'url' | 'mediaType'>): U.FileUIPart;
  /** `{ type: 'source-url', sourceId, url, ...init }`. */
  createSourceUrlUIPart(sourceId: string, url: string, init?: UIInit<U.SourceUrlUIPart, 'type' | 'sourceId' | 'url'>): U.SourceUrlUIPart;
  /** `{ type: 'step-start' }`. */
  createStepStartUIPart(): U.StepStartUIPart;
  /** `{ type: 'tool-<toolName>', state, ...fields }`: the fields the state needs (`input`,
   * `output`, `errorText`, `approval`), checked against the state (`tool_state_mismatch`). */
  createToolUIPart<S extends UIToolState>(
    toolName: string,
    state: S,
    fields: Distribute<ToolUIPartIn<S>, 'type' | 'state'>,
  ): ToolUIPartIn<S>;
  /** `{ type: 'dynamic-tool', toolName, state, ...fields }`. */
  createDynamicToolUIPart<S extends UIToolState>(
    toolName: string,
    state: S,
    fields: Distribute<DynamicToolUIPartIn<S>, 'type' | 'toolName' | 'state'>,
  ): DynamicToolUIPartIn<S>;
  /** `{ type: 'data-<name>', data, id? }`. */
  createDataUIPart(name: string, data: unknown, id?: string): U.DataUIPart;
  /** A UI message id: 16 characters of 0-9A-Za-z, from cryptographic randomness. */
  generateUIMessageId(): string;
  /** The roles of a `UIMessage`. */
  readonly UI_ROLES: readonly UIMessageRole[];
  /** The part types, in `ai`'s order; the prefixed ones written `tool-${string}` and
   * `data-${string}`. */
  readonly UI_PART_TYPES: readonly string[];
  /** The states of a tool part, in `ai`'s order. */
  readonly TOOL_STATES: readonly UIToolState[];
}
