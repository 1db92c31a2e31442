// The AI SDK as the root entry exports it: the `aiSdk` namespace (ModelMessage here, UIMessage
// from ai-sdk-ui.root.d.ts) and its types. The ModelMessage types are emitted by tsify with the
// prefix `AiSdk` (other formats have a `TextPart`, a `JSONValue`, ...), and exported under it at
// the root; `agent-messages/ai-sdk` exports them under `ai`'s own names.

import type * as A from './types/generated.js';
import type { Validator } from './index.js';
import type { AiSdkUiNamespace } from './ai-sdk-ui.root.js';

declare global {
  // The JS form holds `URL` objects. Where neither the DOM lib nor @types/node declares URL,
  // this empty declaration lets the declarations compile (it merges with a real one).
  // eslint-disable-next-line @typescript-eslint/no-empty-interface
  interface URL {}
}

export type {
  AiSdkModelMessage,
  AiSdkSystemModelMessage,
  AiSdkUserModelMessage,
  AiSdkAssistantModelMessage,
  AiSdkToolModelMessage,
  AiSdkUserContent,
  AiSdkAssistantContent,
  AiSdkToolContent,
  AiSdkTextPart,
  AiSdkImagePart,
  AiSdkFilePart,
  AiSdkReasoningPart,
  AiSdkReasoningFilePart,
  AiSdkCustomPart,
  AiSdkToolCallPart,
  AiSdkToolResultPart,
  AiSdkToolApprovalRequest,
  AiSdkToolApprovalResponse,
  AiSdkToolResultOutput,
  AiSdkToolResultOutputText,
  AiSdkToolResultOutputJson,
  AiSdkToolResultOutputExecutionDenied,
  AiSdkToolResultOutputErrorText,
  AiSdkToolResultOutputErrorJson,
  AiSdkToolResultOutputContent,
  AiSdkToolResultContentItem,
  AiSdkFileData,
  AiSdkFileDataData,
  AiSdkFileDataUrl,
  AiSdkFileDataReference,
  AiSdkFileDataText,
  AiSdkDataContent,
  AiSdkProviderReference,
  AiSdkProviderOptions,
  AiSdkJSONValue,
  AiSdkJSONObject,
} from './types/generated.js';

/** The roles of a `ModelMessage`. */
export type AiSdkRole = A.AiSdkModelMessage['role'];
type AiSdkByRole<Role extends AiSdkRole> = Extract<A.AiSdkModelMessage, { role: Role }>;
/** What a constructor takes besides its arguments: the other fields, and custom properties
 * (kept). The tag is the constructor's, and what is given as an argument cannot be given again. */
type AiSdkInit<M, Tag extends string, Given extends string = never> = Omit<M, Tag | Given> &
  { [K in Tag]?: never } & { [K in Given]?: never } & { [custom: string]: unknown };

/** The AI SDK's `ModelMessage` (the module-level verbs) and `UIMessage` (`aiSdk.UIMessage`). */
export interface AiSdkNamespace extends Validator<A.AiSdkModelMessage>, AiSdkUiNamespace {
  readonly ModelMessage: Validator<A.AiSdkModelMessage>;
  readonly SystemModelMessage: Validator<A.AiSdkSystemModelMessage>;
  readonly UserModelMessage: Validator<A.AiSdkUserModelMessage>;
  readonly AssistantModelMessage: Validator<A.AiSdkAssistantModelMessage>;
  readonly ToolModelMessage: Validator<A.AiSdkToolModelMessage>;
  readonly TextPart: Validator<A.AiSdkTextPart>;
  readonly ImagePart: Validator<A.AiSdkImagePart>;
  readonly FilePart: Validator<A.AiSdkFilePart>;
  readonly ReasoningPart: Validator<A.AiSdkReasoningPart>;
  readonly ReasoningFilePart: Validator<A.AiSdkReasoningFilePart>;
  readonly CustomPart: Validator<A.AiSdkCustomPart>;
  readonly ToolCallPart: Validator<A.AiSdkToolCallPart>;
  readonly ToolResultPart: Validator<A.AiSdkToolResultPart>;
  readonly ToolApprovalRequest: Validator<A.AiSdkToolApprovalRequest>;
  readonly ToolApprovalResponse: Validator<A.AiSdkToolApprovalResponse>;
  readonly ToolResultOutput: Validator<A.AiSdkToolResultOutput>;
  readonly FileData: Validator<A.AiSdkFileData>;
  readonly DataContent: Validator<A.AiSdkDataContent>;
  readonly ProviderReference: Validator<A.AiSdkProviderReference>;
  readonly ProviderOptions: Validator<A.AiSdkProviderOptions>;
  readonly JSONValue: Validator<A.AiSdkJSONValue>;

  /** A message of the given role: `{ role, ...fields }`, validated (throws a ValidationError). */
  createMessage<Role extends AiSdkRole>(role: Role, fields: AiSdkInit<AiSdkByRole<Role>, 'role'>): AiSdkByRole<Role>;
  /** `{ role: 'system', content, ...init }`. */
  createSystemMessage(content: string, init?: AiSdkInit<A.AiSdkSystemModelMessage, 'role', 'content'>): A.AiSdkSystemModelMessage;
  /** `{ role: 'user', content, ...init }`. */
  createUserMessage(content: A.AiSdkUserContent, init?: AiSdkInit<A.AiSdkUserModelMessage, 'role', 'content'>): A.AiSdkUserModelMessage;
  /** `{ role: 'assistant', content, ...init }`. */
  createAssistantMessage(
    content: A.AiSdkAssistantContent,
    init?: AiSdkInit<A.AiSdkAssistantModelMessage, 'role', 'content'>,
  ): A.AiSdkAssistantModelMessage;
  /** `{ role: 'tool', content, ...init }`. */
  createToolMessage(content: A.AiSdkToolContent, init?: AiSdkInit<A.AiSdkToolModelMessage, 'role', 'content'>): A.AiSdkToolModelMessage;
  /** `{ type: 'text', text, ...init }`. */
  createTextPart(text: string, init?: AiSdkInit<A.AiSdkTextPart, 'type', 'text'>): A.AiSdkTextPart;
  /** `{ type: 'file', data, mediaType, ...init }`: data as given (base64 text, bytes, an
   * ArrayBuffer, a URL, tagged FileData or a provider reference). */
  createFilePart(
    data: A.AiSdkFilePart['data'],
    mediaType: string,
    init?: AiSdkInit<A.AiSdkFilePart, 'type', 'data' | 'mediaType'>,
  ): A.AiSdkFilePart;
  /** `{ type: 'image', image, ...init }` (deprecated upstream: prefer `createFilePart`). */
  createImagePart(image: A.AiSdkImagePart['image'], init?: AiSdkInit<A.AiSdkImagePart, 'type', 'image'>): A.AiSdkImagePart;
  /** `{ type: 'tool-call', toolCallId, toolName, input, ...init }`; the id, when not given, is
   * made as the AI SDK's `generateId` makes one (16 alphanumerics). `input` must be JSON. */
  createToolCallPart(
    toolName: string,
    input: unknown,
    toolCallId?: string,
    init?: AiSdkInit<A.AiSdkToolCallPart, 'type', 'toolName' | 'input' | 'toolCallId'>,
  ): A.AiSdkToolCallPart;
  /** `{ type: 'tool-result', toolCallId, toolName, output, ...init }`; given the tool call part
   * instead of its id, its id and name are taken from it. */
  createToolResultPart(
    toolCallId: string,
    toolName: string,
    output: A.AiSdkToolResultOutput,
    init?: AiSdkInit<A.AiSdkToolResultPart, 'type', 'toolCallId' | 'toolName' | 'output'>,
  ): A.AiSdkToolResultPart;
  createToolResultPart(
    toolCall: A.AiSdkToolCallPart,
    output: A.AiSdkToolResultOutput,
    init?: AiSdkInit<A.AiSdkToolResultPart, 'type', 'toolCallId' | 'toolName' | 'output'>,
  ): A.AiSdkToolResultPart;
  /** An id as the AI SDK's `generateId` makes them: 16 characters of `0-9A-Za-z`. */
  generateId(): string;
  /** The roles of a `ModelMessage`. */
  readonly ROLES: readonly AiSdkRole[];
  /** Every part `type` a message's content may hold. */
  readonly PART_TYPES: readonly string[];
  /** The `type`s of `ToolResultOutput`. */
  readonly TOOL_RESULT_OUTPUT_TYPES: readonly A.AiSdkToolResultOutput['type'][];
}

export declare const aiSdk: AiSdkNamespace;
