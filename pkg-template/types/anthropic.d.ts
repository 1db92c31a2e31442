// agent-messages/anthropic: Anthropic Messages under `@anthropic-ai/sdk`'s names (unprefixed).

import type * as T from './index.js';
import type { AnthropicNamespace } from './index.js';

export type {
  JSONValue,
  Issue,
  IssueCode,
  ValidateOptions,
  ValidationResult,
  Validator,
  StandardSchemaV1,
  AnthropicNamespace,
  AnthropicRole,
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
} from './index.js';

// Names that are both a type and a value (the validator of that type): local aliases (TS2323).
export type MessageParam = T.MessageParam;
export type Prompt = T.AnthropicPrompt;
export type Message = T.AnthropicMessage;
export type ContentBlockParam = T.ContentBlockParam;
export type ContentBlock = T.ContentBlock;
export type UserMessageParam = T.UserMessageParam;
export type AssistantMessageParam = T.AssistantMessageParam;
export type SystemMessageParam = T.SystemMessageParam;
export type TextBlockParam = T.TextBlockParam;
export type ImageBlockParam = T.ImageBlockParam;
export type DocumentBlockParam = T.DocumentBlockParam;
export type SearchResultBlockParam = T.SearchResultBlockParam;
export type ThinkingBlockParam = T.ThinkingBlockParam;
export type RedactedThinkingBlockParam = T.RedactedThinkingBlockParam;
export type ToolUseBlockParam = T.ToolUseBlockParam;
export type ToolResultBlockParam = T.ToolResultBlockParam;
export type ServerToolUseBlockParam = T.ServerToolUseBlockParam;
export type WebSearchToolResultBlockParam = T.WebSearchToolResultBlockParam;
export type WebFetchToolResultBlockParam = T.WebFetchToolResultBlockParam;
export type CodeExecutionToolResultBlockParam = T.CodeExecutionToolResultBlockParam;
export type BashCodeExecutionToolResultBlockParam = T.BashCodeExecutionToolResultBlockParam;
export type TextEditorCodeExecutionToolResultBlockParam = T.TextEditorCodeExecutionToolResultBlockParam;
export type ToolSearchToolResultBlockParam = T.ToolSearchToolResultBlockParam;
export type ContainerUploadBlockParam = T.ContainerUploadBlockParam;
export type TextBlock = T.TextBlock;
export type ThinkingBlock = T.ThinkingBlock;
export type RedactedThinkingBlock = T.RedactedThinkingBlock;
export type ToolUseBlock = T.ToolUseBlock;
export type ServerToolUseBlock = T.ServerToolUseBlock;
export type WebSearchToolResultBlock = T.WebSearchToolResultBlock;
export type WebFetchToolResultBlock = T.WebFetchToolResultBlock;
export type CodeExecutionToolResultBlock = T.CodeExecutionToolResultBlock;
export type BashCodeExecutionToolResultBlock = T.BashCodeExecutionToolResultBlock;
export type TextEditorCodeExecutionToolResultBlock = T.TextEditorCodeExecutionToolResultBlock;
export type ToolSearchToolResultBlock = T.ToolSearchToolResultBlock;
export type ContainerUploadBlock = T.ContainerUploadBlock;
export type Usage = T.AnthropicUsage;
export type Model = T.AnthropicModel;
export type Container = T.AnthropicContainer;
export type ContainerSkill = T.AnthropicContainerSkill;
export type Diagnostics = T.AnthropicDiagnostics;

export declare const validate: AnthropicNamespace['validate'];
export declare const createAccumulator: AnthropicNamespace['createAccumulator'];
export declare const accumulate: AnthropicNamespace['accumulate'];
export declare const validateMany: AnthropicNamespace['validateMany'];
export declare const validateJson: AnthropicNamespace['validateJson'];
export declare const is: AnthropicNamespace['is'];
export declare const assert: AnthropicNamespace['assert'];
export declare const schema: AnthropicNamespace['schema'];
export declare const toJSON: AnthropicNamespace['toJSON'];
export declare const fromJSON: AnthropicNamespace['fromJSON'];
export declare const createMessage: AnthropicNamespace['createMessage'];
export declare const createUserMessage: AnthropicNamespace['createUserMessage'];
export declare const createAssistantMessage: AnthropicNamespace['createAssistantMessage'];
export declare const createSystemMessage: AnthropicNamespace['createSystemMessage'];
export declare const createTextBlock: AnthropicNamespace['createTextBlock'];
export declare const createImageBlock: AnthropicNamespace['createImageBlock'];
export declare const createToolUseBlock: AnthropicNamespace['createToolUseBlock'];
export declare const createToolResultBlock: AnthropicNamespace['createToolResultBlock'];
export declare const createPrompt: AnthropicNamespace['createPrompt'];
export declare const generateToolUseId: AnthropicNamespace['generateToolUseId'];
export declare const ROLES: AnthropicNamespace['ROLES'];
export declare const BLOCK_TYPES: AnthropicNamespace['BLOCK_TYPES'];
export declare const RESPONSE_BLOCK_TYPES: AnthropicNamespace['RESPONSE_BLOCK_TYPES'];
export declare const MessageParam: AnthropicNamespace['MessageParam'];
export declare const Prompt: AnthropicNamespace['Prompt'];
export declare const Message: AnthropicNamespace['Message'];
export declare const ContentBlockParam: AnthropicNamespace['ContentBlockParam'];
export declare const ContentBlock: AnthropicNamespace['ContentBlock'];
export declare const UserMessageParam: AnthropicNamespace['UserMessageParam'];
export declare const AssistantMessageParam: AnthropicNamespace['AssistantMessageParam'];
export declare const SystemMessageParam: AnthropicNamespace['SystemMessageParam'];
export declare const TextBlockParam: AnthropicNamespace['TextBlockParam'];
export declare const ImageBlockParam: AnthropicNamespace['ImageBlockParam'];
export declare const DocumentBlockParam: AnthropicNamespace['DocumentBlockParam'];
export declare const SearchResultBlockParam: AnthropicNamespace['SearchResultBlockParam'];
export declare const ThinkingBlockParam: AnthropicNamespace['ThinkingBlockParam'];
export declare const RedactedThinkingBlockParam: AnthropicNamespace['RedactedThinkingBlockParam'];
export declare const ToolUseBlockParam: AnthropicNamespace['ToolUseBlockParam'];
export declare const ToolResultBlockParam: AnthropicNamespace['ToolResultBlockParam'];
export declare const ServerToolUseBlockParam: AnthropicNamespace['ServerToolUseBlockParam'];
export declare const WebSearchToolResultBlockParam: AnthropicNamespace['WebSearchToolResultBlockParam'];
export declare const WebFetchToolResultBlockParam: AnthropicNamespace['WebFetchToolResultBlockParam'];
export declare const CodeExecutionToolResultBlockParam: AnthropicNamespace['CodeExecutionToolResultBlockParam'];
export declare const BashCodeExecutionToolResultBlockParam: AnthropicNamespace['BashCodeExecutionToolResultBlockParam'];
export declare const TextEditorCodeExecutionToolResultBlockParam: AnthropicNamespace['TextEditorCodeExecutionToolResultBlockParam'];
export declare const ToolSearchToolResultBlockParam: AnthropicNamespace['ToolSearchToolResultBlockParam'];
export declare const ContainerUploadBlockParam: AnthropicNamespace['ContainerUploadBlockParam'];
export declare const TextBlock: AnthropicNamespace['TextBlock'];
export declare const ThinkingBlock: AnthropicNamespace['ThinkingBlock'];
export declare const RedactedThinkingBlock: AnthropicNamespace['RedactedThinkingBlock'];
export declare const ToolUseBlock: AnthropicNamespace['ToolUseBlock'];
export declare const ServerToolUseBlock: AnthropicNamespace['ServerToolUseBlock'];
export declare const WebSearchToolResultBlock: AnthropicNamespace['WebSearchToolResultBlock'];
export declare const WebFetchToolResultBlock: AnthropicNamespace['WebFetchToolResultBlock'];
export declare const CodeExecutionToolResultBlock: AnthropicNamespace['CodeExecutionToolResultBlock'];
export declare const BashCodeExecutionToolResultBlock: AnthropicNamespace['BashCodeExecutionToolResultBlock'];
export declare const TextEditorCodeExecutionToolResultBlock: AnthropicNamespace['TextEditorCodeExecutionToolResultBlock'];
export declare const ToolSearchToolResultBlock: AnthropicNamespace['ToolSearchToolResultBlock'];
export declare const ContainerUploadBlock: AnthropicNamespace['ContainerUploadBlock'];
export declare const Usage: AnthropicNamespace['Usage'];
declare const anthropic: AnthropicNamespace;
export default anthropic;
