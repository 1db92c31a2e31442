// agent-messages/ai-sdk: the AI SDK's ModelMessage and UIMessage under `ai`'s names.

import type * as T from './index.js';
import type { AiSdkNamespace } from './index.js';

export type {
  Issue,
  IssueCode,
  ValidateOptions,
  ValidationResult,
  Validator,
  StandardSchemaV1,
  AiSdkNamespace,
  AiSdkRole,
} from './index.js';

export type ModelMessage = T.AiSdkModelMessage;
export type SystemModelMessage = T.AiSdkSystemModelMessage;
export type UserModelMessage = T.AiSdkUserModelMessage;
export type AssistantModelMessage = T.AiSdkAssistantModelMessage;
export type ToolModelMessage = T.AiSdkToolModelMessage;
export type UserContent = T.AiSdkUserContent;
export type AssistantContent = T.AiSdkAssistantContent;
export type ToolContent = T.AiSdkToolContent;
export type TextPart = T.AiSdkTextPart;
export type ImagePart = T.AiSdkImagePart;
export type FilePart = T.AiSdkFilePart;
export type ReasoningPart = T.AiSdkReasoningPart;
export type ReasoningFilePart = T.AiSdkReasoningFilePart;
export type CustomPart = T.AiSdkCustomPart;
export type ToolCallPart = T.AiSdkToolCallPart;
export type ToolResultPart = T.AiSdkToolResultPart;
export type ToolApprovalRequest = T.AiSdkToolApprovalRequest;
export type ToolApprovalResponse = T.AiSdkToolApprovalResponse;
export type ToolResultOutput = T.AiSdkToolResultOutput;
export type FileData = T.AiSdkFileData;
export type FileDataData = T.AiSdkFileDataData;
export type FileDataUrl = T.AiSdkFileDataUrl;
export type FileDataReference = T.AiSdkFileDataReference;
export type FileDataText = T.AiSdkFileDataText;
export type DataContent = T.AiSdkDataContent;
export type ProviderReference = T.AiSdkProviderReference;
export type ProviderOptions = T.AiSdkProviderOptions;
export type JSONValue = T.AiSdkJSONValue;
export type JSONObject = T.AiSdkJSONObject;

export declare const validate: AiSdkNamespace['validate'];
export declare const createAccumulator: AiSdkNamespace['createAccumulator'];
export declare const accumulate: AiSdkNamespace['accumulate'];
export declare const validateMany: AiSdkNamespace['validateMany'];
export declare const validateJson: AiSdkNamespace['validateJson'];
export declare const is: AiSdkNamespace['is'];
export declare const assert: AiSdkNamespace['assert'];
export declare const schema: AiSdkNamespace['schema'];
export declare const toJSON: AiSdkNamespace['toJSON'];
export declare const fromJSON: AiSdkNamespace['fromJSON'];
export declare const ROLES: AiSdkNamespace['ROLES'];
export declare const ModelMessage: AiSdkNamespace['ModelMessage'];
export declare const SystemModelMessage: AiSdkNamespace['SystemModelMessage'];
export declare const UserModelMessage: AiSdkNamespace['UserModelMessage'];
export declare const AssistantModelMessage: AiSdkNamespace['AssistantModelMessage'];
export declare const ToolModelMessage: AiSdkNamespace['ToolModelMessage'];
export declare const TextPart: AiSdkNamespace['TextPart'];
export declare const ImagePart: AiSdkNamespace['ImagePart'];
export declare const FilePart: AiSdkNamespace['FilePart'];
export declare const ReasoningPart: AiSdkNamespace['ReasoningPart'];
export declare const ReasoningFilePart: AiSdkNamespace['ReasoningFilePart'];
export declare const CustomPart: AiSdkNamespace['CustomPart'];
export declare const ToolCallPart: AiSdkNamespace['ToolCallPart'];
export declare const ToolResultPart: AiSdkNamespace['ToolResultPart'];
export declare const ToolApprovalRequest: AiSdkNamespace['ToolApprovalRequest'];
export declare const ToolApprovalResponse: AiSdkNamespace['ToolApprovalResponse'];
export declare const ToolResultOutput: AiSdkNamespace['ToolResultOutput'];
export declare const FileData: AiSdkNamespace['FileData'];
export declare const DataContent: AiSdkNamespace['DataContent'];
export declare const ProviderReference: AiSdkNamespace['ProviderReference'];
export declare const ProviderOptions: AiSdkNamespace['ProviderOptions'];
export declare const JSONValue: AiSdkNamespace['JSONValue'];
export declare const createMessage: AiSdkNamespace['createMessage'];
export declare const createSystemMessage: AiSdkNamespace['createSystemMessage'];
export declare const createUserMessage: AiSdkNamespace['createUserMessage'];
export declare const createAssistantMessage: AiSdkNamespace['createAssistantMessage'];
export declare const createToolMessage: AiSdkNamespace['createToolMessage'];
export declare const createTextPart: AiSdkNamespace['createTextPart'];
export declare const createFilePart: AiSdkNamespace['createFilePart'];
export declare const createImagePart: AiSdkNamespace['createImagePart'];
export declare const createToolCallPart: AiSdkNamespace['createToolCallPart'];
export declare const createToolResultPart: AiSdkNamespace['createToolResultPart'];
export declare const generateId: AiSdkNamespace['generateId'];
export declare const PART_TYPES: AiSdkNamespace['PART_TYPES'];
export declare const TOOL_RESULT_OUTPUT_TYPES: AiSdkNamespace['TOOL_RESULT_OUTPUT_TYPES'];

// UIMessage (ai-sdk-ui.root.d.ts)
import type * as UI from './ai-sdk-ui.root.js';
export type {
  UIToolInvocation,
  UIToolInvocationState,
  UIToolApprovalBase,
  LanguageModelV4Source,
  LanguageModelV4UrlSource,
  LanguageModelV4DocumentSource,
  ProviderMetadata,
  UIMessageRole,
  UIToolState,
  AiSdkUiNamespace,
} from './ai-sdk-ui.root.js';
// These names are both a type and a value (the validator of that type): local aliases (TS2323).
export type UIMessage = UI.UIMessage;
export type UIMessagePart = UI.UIMessagePart;
export type TextUIPart = UI.TextUIPart;
export type CustomContentUIPart = UI.CustomContentUIPart;
export type ReasoningUIPart = UI.ReasoningUIPart;
export type ToolUIPart = UI.ToolUIPart;
export type DynamicToolUIPart = UI.DynamicToolUIPart;
export type SourceUrlUIPart = UI.SourceUrlUIPart;
export type SourceDocumentUIPart = UI.SourceDocumentUIPart;
export type FileUIPart = UI.FileUIPart;
export type ReasoningFileUIPart = UI.ReasoningFileUIPart;
export type DataUIPart = UI.DataUIPart;
export type SteeringMessageUIPart = UI.SteeringMessageUIPart;
export type StepStartUIPart = UI.StepStartUIPart;
export type Citation = UI.Citation;
export declare const createUIMessage: AiSdkNamespace['createUIMessage'];
export declare const createTextUIPart: AiSdkNamespace['createTextUIPart'];
export declare const createReasoningUIPart: AiSdkNamespace['createReasoningUIPart'];
export declare const createFileUIPart: AiSdkNamespace['createFileUIPart'];
export declare const createSourceUrlUIPart: AiSdkNamespace['createSourceUrlUIPart'];
export declare const createStepStartUIPart: AiSdkNamespace['createStepStartUIPart'];
export declare const createToolUIPart: AiSdkNamespace['createToolUIPart'];
export declare const createDynamicToolUIPart: AiSdkNamespace['createDynamicToolUIPart'];
export declare const createDataUIPart: AiSdkNamespace['createDataUIPart'];
export declare const generateUIMessageId: AiSdkNamespace['generateUIMessageId'];
export declare const UI_ROLES: AiSdkNamespace['UI_ROLES'];
export declare const UI_PART_TYPES: AiSdkNamespace['UI_PART_TYPES'];
export declare const TOOL_STATES: AiSdkNamespace['TOOL_STATES'];
export declare const UIMessage: AiSdkNamespace['UIMessage'];
export declare const UIMessagePart: AiSdkNamespace['UIMessagePart'];
export declare const TextUIPart: AiSdkNamespace['TextUIPart'];
export declare const CustomContentUIPart: AiSdkNamespace['CustomContentUIPart'];
export declare const ReasoningUIPart: AiSdkNamespace['ReasoningUIPart'];
export declare const ToolUIPart: AiSdkNamespace['ToolUIPart'];
export declare const DynamicToolUIPart: AiSdkNamespace['DynamicToolUIPart'];
export declare const SourceUrlUIPart: AiSdkNamespace['SourceUrlUIPart'];
export declare const SourceDocumentUIPart: AiSdkNamespace['SourceDocumentUIPart'];
export declare const FileUIPart: AiSdkNamespace['FileUIPart'];
export declare const ReasoningFileUIPart: AiSdkNamespace['ReasoningFileUIPart'];
export declare const DataUIPart: AiSdkNamespace['DataUIPart'];
export declare const SteeringMessageUIPart: AiSdkNamespace['SteeringMessageUIPart'];
export declare const StepStartUIPart: AiSdkNamespace['StepStartUIPart'];
export declare const Citation: AiSdkNamespace['Citation'];
declare const aiSdk: AiSdkNamespace;
export default aiSdk;
