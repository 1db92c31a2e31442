// agent-messages/openai: OpenAI Chat Completions messages under the `openai` SDK's names.

import type * as T from './index.js';
import type { OpenAINamespace } from './index.js';

export type {
  JSONValue,
  Issue,
  IssueCode,
  ValidateOptions,
  ValidationResult,
  Validator,
  StandardSchemaV1,
  OpenAINamespace,
  ChatCompletion,
  ChatCompletionAssistantAudio,
  ChatCompletionContentPartImageURL,
  ChatCompletionContentPartInputAudioData,
  ChatCompletionContentPartFileData,
  ChatCompletionMessageToolCallFunction,
  ChatCompletionRole,
} from './index.js';

// These names are both a type and a value (the validator of that type): local aliases (TS2323).
export type ChatCompletionMessageParam = T.ChatCompletionMessageParam;
export type ChatCompletionDeveloperMessageParam = T.ChatCompletionDeveloperMessageParam;
export type ChatCompletionSystemMessageParam = T.ChatCompletionSystemMessageParam;
export type ChatCompletionUserMessageParam = T.ChatCompletionUserMessageParam;
export type ChatCompletionAssistantMessageParam = T.ChatCompletionAssistantMessageParam;
export type ChatCompletionToolMessageParam = T.ChatCompletionToolMessageParam;
export type ChatCompletionContentPart = T.ChatCompletionContentPart;
export type ChatCompletionContentPartText = T.ChatCompletionContentPartText;
export type ChatCompletionContentPartImage = T.ChatCompletionContentPartImage;
export type ChatCompletionContentPartInputAudio = T.ChatCompletionContentPartInputAudio;
export type ChatCompletionContentPartFile = T.ChatCompletionContentPartFile;
export type ChatCompletionContentPartRefusal = T.ChatCompletionContentPartRefusal;
export type ChatCompletionMessageToolCall = T.ChatCompletionMessageToolCall;

export declare const validate: OpenAINamespace['validate'];
export declare const createAccumulator: OpenAINamespace['createAccumulator'];
export declare const accumulate: OpenAINamespace['accumulate'];
export declare const validateMany: OpenAINamespace['validateMany'];
export declare const validateJson: OpenAINamespace['validateJson'];
export declare const is: OpenAINamespace['is'];
export declare const assert: OpenAINamespace['assert'];
export declare const schema: OpenAINamespace['schema'];
export declare const toJSON: OpenAINamespace['toJSON'];
export declare const fromJSON: OpenAINamespace['fromJSON'];
export declare const createMessage: OpenAINamespace['createMessage'];
export declare const createDeveloperMessage: OpenAINamespace['createDeveloperMessage'];
export declare const createSystemMessage: OpenAINamespace['createSystemMessage'];
export declare const createUserMessage: OpenAINamespace['createUserMessage'];
export declare const createAssistantMessage: OpenAINamespace['createAssistantMessage'];
export declare const createToolMessage: OpenAINamespace['createToolMessage'];
export declare const createToolCall: OpenAINamespace['createToolCall'];
export declare const createImagePart: OpenAINamespace['createImagePart'];
export declare const parseArguments: OpenAINamespace['parseArguments'];
export declare const ROLES: OpenAINamespace['ROLES'];
export declare const ChatCompletionMessageParam: OpenAINamespace['ChatCompletionMessageParam'];
export declare const ChatCompletionDeveloperMessageParam: OpenAINamespace['ChatCompletionDeveloperMessageParam'];
export declare const ChatCompletionSystemMessageParam: OpenAINamespace['ChatCompletionSystemMessageParam'];
export declare const ChatCompletionUserMessageParam: OpenAINamespace['ChatCompletionUserMessageParam'];
export declare const ChatCompletionAssistantMessageParam: OpenAINamespace['ChatCompletionAssistantMessageParam'];
export declare const ChatCompletionToolMessageParam: OpenAINamespace['ChatCompletionToolMessageParam'];
export declare const ChatCompletionContentPart: OpenAINamespace['ChatCompletionContentPart'];
export declare const ChatCompletionContentPartText: OpenAINamespace['ChatCompletionContentPartText'];
export declare const ChatCompletionContentPartImage: OpenAINamespace['ChatCompletionContentPartImage'];
export declare const ChatCompletionContentPartInputAudio: OpenAINamespace['ChatCompletionContentPartInputAudio'];
export declare const ChatCompletionContentPartFile: OpenAINamespace['ChatCompletionContentPartFile'];
export declare const ChatCompletionContentPartRefusal: OpenAINamespace['ChatCompletionContentPartRefusal'];
export declare const ChatCompletionMessageToolCall: OpenAINamespace['ChatCompletionMessageToolCall'];
declare const openai: OpenAINamespace;
export default openai;
