import api from './validate.browser.mjs';
const { bedrock } = api;
export const {
  validate, validateMany, validateJson, is, assert, schema, toJSON, fromJSON, createToolCall, createToolOutput, createToolResult, toolSuccess, toolFailure, createMessage, createMessageResponse, createToolCallResponse, createEvent, createChildEvent, handleResponse, buildEventTree, EVENT_TYPES, AgentResponse, MessageResponse, ToolCallResponse, ToolCall, ToolCallFunction, ToolOutput, ToolResult, Event, EventType,
} = bedrock;
export default bedrock;
