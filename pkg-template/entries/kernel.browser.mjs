import api from './validate.browser.mjs';
const { kernel } = api;
export const {
  validate, validateMany, validateJson, is, assert, schema, toJSON, fromJSON, createMessage, createInputMessage, createReplyMessage, createReasoningMessage, createToolCallsMessage, createToolResultsMessage, createSystemMessage, createLogMessage, createToolCallMessage, createToolResultMessage, registerType, unregisterType, registeredTypes, TYPES, KernelMessage, InputMessage, ReplyMessage, ReasoningMessage, ToolCallsMessage, ToolResultsMessage, SystemMessage, LogMessage, ToolCallMessage, ToolResultMessage, FileAttachment, ToolCall, ToolResult,
} = kernel;
export const Message = kernel.KernelMessage;
export default kernel;
