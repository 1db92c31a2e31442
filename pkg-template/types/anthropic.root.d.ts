// Anthropic Messages as the root entry exports it: the `anthropic` namespace, its type, and the
// types under `@anthropic-ai/sdk`'s names; the generic ones (`Message`, `Usage`, `Model`,
// `Container`, `Diagnostics`, our `Prompt`) with an `Anthropic` prefix. What rare server-tool
// blocks hold is typed too (types/generated.d.ts), under the SDK's names.

import type * as A from './types/generated.js';
import type { StreamFunctions, Validator } from './index.js';

export type {
  MessageParam,
  Prompt as AnthropicPrompt,
  Message as AnthropicMessage,
  ContentBlockParam,
  ContentBlock,
  UserMessageParam,
  AssistantMessageParam,
  SystemMessageParam,
  TextBlockParam,
  ImageBlockParam,
  DocumentBlockParam,
  SearchResultBlockParam,
  ThinkingBlockParam,
  RedactedThinkingBlockParam,
  ToolUseBlockParam,
  ToolResultBlockParam,
  ServerToolUseBlockParam,
  WebSearchToolResultBlockParam,
  WebFetchToolResultBlockParam,
  CodeExecutionToolResultBlockParam,
  BashCodeExecutionToolResultBlockParam,
  TextEditorCodeExecutionToolResultBlockParam,
  ToolSearchToolResultBlockParam,
  ContainerUploadBlockParam,
  TextBlock,
  ThinkingBlock,
  RedactedThinkingBlock,
  ToolUseBlock,
  ServerToolUseBlock,
  WebSearchToolResultBlock,
  WebFetchToolResultBlock,
  CodeExecutionToolResultBlock,
  BashCodeExecutionToolResultBlock,
  TextEditorCodeExecutionToolResultBlock,
  ToolSearchToolResultBlock,
  ContainerUploadBlock,
  Usage as AnthropicUsage,
  MessageContentParam,
  CacheControlEphemeral,
  Base64ImageSource,
  URLImageSource,
  FileImageSource,
  ImageTransformationsParam,
  Base64PDFSource,
  PlainTextSource,
  ContentBlockSource,
  ContentBlockSourceContent,
  URLPDFSource,
  FileDocumentSource,
  CitationsConfigParam,
  TextCitationParam,
  CitationCharLocationParam,
  CitationPageLocationParam,
  CitationContentBlockLocationParam,
  CitationWebSearchResultLocationParam,
  CitationSearchResultLocationParam,
  DirectCaller,
  ServerToolCaller,
  ServerToolCaller20260120,
  ToolUseCaller,
  ToolReferenceBlockParam,
  BrowserStateBlockParam,
  StopReason,
  RefusalStopDetails,
  CacheCreation,
  OutputTokensDetails,
  ServerToolUsage,
  Model as AnthropicModel,
  Container as AnthropicContainer,
  ContainerSkill as AnthropicContainerSkill,
  Diagnostics as AnthropicDiagnostics,
} from './types/generated.js';

/** The roles of a `MessageParam`. */
export type AnthropicRole = A.MessageParam['role'];
type AnthropicByRole<Role extends AnthropicRole> = Extract<A.MessageParam, { role: Role }>;
/** What a constructor takes besides its arguments: the other fields, and custom properties
 * (kept). What an argument or the constructor gives cannot be given again. */
type AnthropicInit<M, Given extends string = never> = Omit<M, 'role' | 'type' | Given> &
  { role?: never; type?: never } & { [K in Given]?: never } & { [custom: string]: unknown };

/** Anthropic Messages (`@anthropic-ai/sdk` 1.12.0): the module-level verbs take a `MessageParam`. */
export interface AnthropicNamespace extends Validator<A.MessageParam>, StreamFunctions<A.Message> {
  readonly MessageParam: Validator<A.MessageParam>;
  readonly Prompt: Validator<A.Prompt>;
  readonly Message: Validator<A.Message>;
  readonly ContentBlockParam: Validator<A.ContentBlockParam>;
  readonly ContentBlock: Validator<A.ContentBlock>;
  readonly UserMessageParam: Validator<A.UserMessageParam>;
  readonly AssistantMessageParam: Validator<A.AssistantMessageParam>;
  readonly SystemMessageParam: Validator<A.SystemMessageParam>;
  readonly TextBlockParam: Validator<A.TextBlockParam>;
  readonly ImageBlockParam: Validator<A.ImageBlockParam>;
  readonly DocumentBlockParam: Validator<A.DocumentBlockParam>;
  readonly SearchResultBlockParam: Validator<A.SearchResultBlockParam>;
  readonly ThinkingBlockParam: Validator<A.ThinkingBlockParam>;
  readonly RedactedThinkingBlockParam: Validator<A.RedactedThinkingBlockParam>;
  readonly ToolUseBlockParam: Validator<A.ToolUseBlockParam>;
  readonly ToolResultBlockParam: Validator<A.ToolResultBlockParam>;
  readonly ServerToolUseBlockParam: Validator<A.ServerToolUseBlockParam>;
  readonly WebSearchToolResultBlockParam: Validator<A.WebSearchToolResultBlockParam>;
  readonly WebFetchToolResultBlockParam: Validator<A.WebFetchToolResultBlockParam>;
  readonly CodeExecutionToolResultBlockParam: Validator<A.CodeExecutionToolResultBlockParam>;
  readonly BashCodeExecutionToolResultBlockParam: Validator<A.BashCodeExecutionToolResultBlockParam>;
  readonly TextEditorCodeExecutionToolResultBlockParam: Validator<A.TextEditorCodeExecutionToolResultBlockParam>;
  readonly ToolSearchToolResultBlockParam: Validator<A.ToolSearchToolResultBlockParam>;
  readonly ContainerUploadBlockParam: Validator<A.ContainerUploadBlockParam>;
  readonly TextBlock: Validator<A.TextBlock>;
  readonly ThinkingBlock: Validator<A.ThinkingBlock>;
  readonly RedactedThinkingBlock: Validator<A.RedactedThinkingBlock>;
  readonly ToolUseBlock: Validator<A.ToolUseBlock>;
  readonly ServerToolUseBlock: Validator<A.ServerToolUseBlock>;
  readonly WebSearchToolResultBlock: Validator<A.WebSearchToolResultBlock>;
  readonly WebFetchToolResultBlock: Validator<A.WebFetchToolResultBlock>;
  readonly CodeExecutionToolResultBlock: Validator<A.CodeExecutionToolResultBlock>;
  readonly BashCodeExecutionToolResultBlock: Validator<A.BashCodeExecutionToolResultBlock>;
  readonly TextEditorCodeExecutionToolResultBlock: Validator<A.TextEditorCodeExecutionToolResultBlock>;
  readonly ToolSearchToolResultBlock: Validator<A.ToolSearchToolResultBlock>;
  readonly ContainerUploadBlock: Validator<A.ContainerUploadBlock>;
  readonly Usage: Validator<A.Usage>;

  /** A message of the given role: `{ role, ...fields }`, validated (throws a ValidationError). */
  createMessage<Role extends AnthropicRole>(role: Role, fields: AnthropicInit<AnthropicByRole<Role>>): AnthropicByRole<Role>;
  /** `{ role: 'user', content, ...init }`. */
  createUserMessage(content: A.MessageContentParam, init?: AnthropicInit<A.UserMessageParam, 'content'>): A.UserMessageParam;
  /** `{ role: 'assistant', content, ...init }`. */
  createAssistantMessage(
    content: A.MessageContentParam,
    init?: AnthropicInit<A.AssistantMessageParam, 'content'>,
  ): A.AssistantMessageParam;
  /** `{ role: 'system', content, ...init }` (a system message inside the conversation). */
  createSystemMessage(
    content: A.SystemMessageParam['content'],
    init?: AnthropicInit<A.SystemMessageParam, 'content'>,
  ): A.SystemMessageParam;
  /** `{ type: 'text', text, ...init }` (`cache_control`, `citations`). */
  createTextBlock(text: string, init?: AnthropicInit<A.TextBlockParam, 'text'>): A.TextBlockParam;
  /** An image block: bytes become a base64 source (PNG, JPEG, GIF and WebP are recognised
   * without `mediaType`), a `data:` URL its base64 and media type, a string with a `mediaType`
   * base64 data, and any other string a URL source. */
  createImageBlock(
    source: string | Uint8Array,
    mediaType?: A.Base64ImageSource['media_type'],
    init?: AnthropicInit<A.ImageBlockParam, 'source'>,
  ): A.ImageBlockParam;
  /** A `tool_use` block with a fresh `toolu_` id (unless `id` is given); no input is `{}`. The
   * input must be an object, as the API requires. */
  createToolUseBlock(name: string, input?: { [key: string]: unknown }, id?: string): A.ToolUseBlockParam;
  /** A `tool_result` block answering a tool use (a `tool_use` block stands for its id). */
  createToolResultBlock(
    toolUse: string | Pick<A.ToolUseBlockParam, 'id'>,
    content?: A.ToolResultBlockParam['content'],
    init?: AnthropicInit<A.ToolResultBlockParam, 'tool_use_id' | 'content'>,
  ): A.ToolResultBlockParam;
  /** `{ system?, messages }`, validated with the rules across messages (each `tool_result`
   * answers a `tool_use` of the assistant message before it). */
  createPrompt(messages: A.MessageParam[], system?: A.Prompt['system']): A.Prompt;
  /** A fresh tool-use id: `toolu_` and 24 base-62 characters. */
  generateToolUseId(): string;
  /** The roles, in the SDK's order. */
  readonly ROLES: readonly AnthropicRole[];
  /** The `type` of each `ContentBlockParam`, in the SDK's order. */
  readonly BLOCK_TYPES: readonly A.ContentBlockParam['type'][];
  /** The `type` of each response `ContentBlock`, in the SDK's order. */
  readonly RESPONSE_BLOCK_TYPES: readonly A.ContentBlock['type'][];
}

export declare const anthropic: AnthropicNamespace;
