import api from './index.cjs';
export const {
  validate, validateMany, validateJson, is, assert, schema, toJSON, fromJSON, createMessage, createInputMessage, createReplyMessage, createReasoningMessage, createToolCallsMessage, createToolResultsMessage, createSystemMessage, createLogMessage, createToolCallMessage, createToolResultMessage, registerType, unregisterType, registeredTypes, TYPES, KernelMessage, InputMessage, ReplyMessage, ReasoningMessage, ToolCallsMessage, ToolResultsMessage, SystemMessage, LogMessage, ToolCallMessage, ToolResultMessage, FileAttachment, ToolCall, ToolResult,
} = api.kernel;
export const Message = api.kernel.KernelMessage;
export default api.kernel;
