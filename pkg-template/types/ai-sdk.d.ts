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
export declare const UI_ROLES: AiSdkNamespace['UI_ROLES'];
export declare const UIMessage: AiSdkNamespace['UIMessage'];
declare const aiSdk: AiSdkNamespace;
export default aiSdk;
