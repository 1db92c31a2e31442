import api from './validate.browser.mjs';
const { swarm } = api;
export const {
  validate, validateMany, validateJson, is, assert, schema, toJSON, fromJSON, createMessage, createUserMessage, createAssistantMessage, createSystemMessage, createDeveloperMessage, createToolOutput, createFlushMessage, createResqueMessage, createToolCall, generateToolCallId, ROLES, MODES, IModelMessage, IToolCall, ExecutionMode, ModelMessageRole,
} = swarm;
export const Message = swarm.IModelMessage;
export default swarm;
