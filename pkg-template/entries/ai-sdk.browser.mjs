import api from './validate.browser.mjs';
const { aiSdk } = api;
export const {
  validate, validateMany, validateJson, is, assert, schema, toJSON, fromJSON, ROLES,
  ModelMessage, SystemModelMessage, UserModelMessage, AssistantModelMessage, ToolModelMessage, TextPart, ImagePart, FilePart,
  ReasoningPart, ReasoningFilePart, CustomPart, ToolCallPart, ToolResultPart, ToolApprovalRequest, ToolApprovalResponse,
  ToolResultOutput, FileData, DataContent, ProviderReference, ProviderOptions, JSONValue,
  createMessage, createSystemMessage, createUserMessage, createAssistantMessage, createToolMessage,
  createTextPart, createFilePart, createImagePart, createToolCallPart, createToolResultPart, generateId, PART_TYPES, TOOL_RESULT_OUTPUT_TYPES,
  // UIMessage
  UI_ROLES, UIMessage,
} = aiSdk;
export default aiSdk;
