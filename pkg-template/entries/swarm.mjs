import api from './index.cjs';
export const {
  validate, validateMany, validateJson, is, assert, schema, toJSON, fromJSON, createMessage, createUserMessage, createAssistantMessage, createSystemMessage, createDeveloperMessage, createToolOutput, createFlushMessage, createResqueMessage, createToolCall, generateToolCallId, ROLES, MODES, IModelMessage, IToolCall, ExecutionMode, ModelMessageRole,
} = api.swarm;
export const Message = api.swarm.IModelMessage;
export default api.swarm;
