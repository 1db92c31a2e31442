// agent-messages/ai-sdk: the AI SDK's ModelMessage and UIMessage under `ai`'s names.

import type { AiSdkNamespace } from './index.js';

export type {
  JSONValue,
  Issue,
  IssueCode,
  ValidateOptions,
  ValidationResult,
  Validator,
  StandardSchemaV1,
  AiSdkNamespace,
} from './index.js';

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
  ProviderReference,
  JSONObject,
  AiSdkJSONValue,
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
