// agent-messages/kernel: the Kernel message stream under its documented names.

import type * as T from './index.js';
import type { KernelNamespace } from './index.js';

export type {
  BaseMessage,
  JSONValue,
  Issue,
  IssueCode,
  ValidateOptions,
  ValidationResult,
  Validator,
  StandardSchemaV1,
} from './index.js';

// These names are both a type and a value (the validator of that type). A re-exported type
// cannot share its name with an exported const (TS2323), but a local type alias merges with one.
export type KernelMessage = T.KernelMessage;
export type Message = T.KernelMessage;
export type InputMessage = T.InputMessage;
export type ReplyMessage = T.ReplyMessage;
export type ReasoningMessage = T.ReasoningMessage;
export type ToolCallsMessage = T.ToolCallsMessage;
export type ToolResultsMessage = T.ToolResultsMessage;
export type SystemMessage = T.SystemMessage;
export type LogMessage = T.LogMessage;
export type ToolCallMessage = T.ToolCallMessage;
export type ToolResultMessage = T.ToolResultMessage;
export type FileAttachment = T.FileAttachment;
export type ToolCall = T.KernelToolCall;
export type ToolResult = T.KernelToolResult;

export declare const validate: KernelNamespace['validate'];
export declare const validateMany: KernelNamespace['validateMany'];
export declare const validateJson: KernelNamespace['validateJson'];
export declare const is: KernelNamespace['is'];
export declare const assert: KernelNamespace['assert'];
export declare const schema: KernelNamespace['schema'];
export declare const toJSON: KernelNamespace['toJSON'];
export declare const fromJSON: KernelNamespace['fromJSON'];
export declare const createMessage: KernelNamespace['createMessage'];
export declare const createInputMessage: KernelNamespace['createInputMessage'];
export declare const createReplyMessage: KernelNamespace['createReplyMessage'];
export declare const createReasoningMessage: KernelNamespace['createReasoningMessage'];
export declare const createToolCallsMessage: KernelNamespace['createToolCallsMessage'];
export declare const createToolResultsMessage: KernelNamespace['createToolResultsMessage'];
export declare const createSystemMessage: KernelNamespace['createSystemMessage'];
export declare const createLogMessage: KernelNamespace['createLogMessage'];
export declare const createToolCallMessage: KernelNamespace['createToolCallMessage'];
export declare const createToolResultMessage: KernelNamespace['createToolResultMessage'];
export declare const registerType: KernelNamespace['registerType'];
export declare const unregisterType: KernelNamespace['unregisterType'];
export declare const registeredTypes: KernelNamespace['registeredTypes'];
export declare const TYPES: KernelNamespace['TYPES'];
export declare const KernelMessage: KernelNamespace['KernelMessage'];
export declare const Message: KernelNamespace['KernelMessage'];
export declare const InputMessage: KernelNamespace['InputMessage'];
export declare const ReplyMessage: KernelNamespace['ReplyMessage'];
export declare const ReasoningMessage: KernelNamespace['ReasoningMessage'];
export declare const ToolCallsMessage: KernelNamespace['ToolCallsMessage'];
export declare const ToolResultsMessage: KernelNamespace['ToolResultsMessage'];
export declare const SystemMessage: KernelNamespace['SystemMessage'];
export declare const LogMessage: KernelNamespace['LogMessage'];
export declare const ToolCallMessage: KernelNamespace['ToolCallMessage'];
export declare const ToolResultMessage: KernelNamespace['ToolResultMessage'];
export declare const FileAttachment: KernelNamespace['FileAttachment'];
export declare const ToolCall: KernelNamespace['ToolCall'];
export declare const ToolResult: KernelNamespace['ToolResult'];
declare const kernel: KernelNamespace;
export default kernel;
