import api from './index.cjs';
export const {
  validate, validateMany, validateJson, is, assert, schema, toJSON, fromJSON, ROLES,
  ModelMessage, SystemModelMessage, UserModelMessage, AssistantModelMessage, ToolModelMessage, TextPart, ImagePart, FilePart,
  ReasoningPart, ReasoningFilePart, CustomPart, ToolCallPart, ToolResultPart, ToolApprovalRequest, ToolApprovalResponse,
  ToolResultOutput, FileData, DataContent, ProviderReference, ProviderOptions, JSONValue,
  createMessage, createSystemMessage, createUserMessage, createAssistantMessage, createToolMessage,
  createTextPart, createFilePart, createImagePart, createToolCallPart, createToolResultPart, generateId, PART_TYPES, TOOL_RESULT_OUTPUT_TYPES,
  // UIMessage
  createUIMessage, createTextUIPart, createReasoningUIPart, createFileUIPart, createSourceUrlUIPart, createStepStartUIPart, createToolUIPart, createDynamicToolUIPart, createDataUIPart, generateUIMessageId, UI_ROLES, UI_PART_TYPES, TOOL_STATES, UIMessage, UIMessagePart, TextUIPart, CustomContentUIPart, ReasoningUIPart, ToolUIPart, DynamicToolUIPart, SourceUrlUIPart, SourceDocumentUIPart, FileUIPart, ReasoningFileUIPart, DataUIPart, SteeringMessageUIPart, StepStartUIPart, Citation,
  // Streams of UIMessageChunks
  createAccumulator, accumulate,
} = api.aiSdk;
export default api.aiSdk;
