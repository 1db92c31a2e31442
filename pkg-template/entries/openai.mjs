import api from './index.cjs';
export const {
  validate, validateMany, validateJson, is, assert, schema, toJSON, fromJSON, createMessage, createDeveloperMessage, createSystemMessage, createUserMessage, createAssistantMessage, createToolMessage, createToolCall, createImagePart, parseArguments, ROLES, ChatCompletionMessageParam, ChatCompletionDeveloperMessageParam, ChatCompletionSystemMessageParam, ChatCompletionUserMessageParam, ChatCompletionAssistantMessageParam, ChatCompletionToolMessageParam, ChatCompletionContentPart, ChatCompletionContentPartText, ChatCompletionContentPartImage, ChatCompletionContentPartInputAudio, ChatCompletionContentPartFile, ChatCompletionContentPartRefusal, ChatCompletionMessageToolCall, createAccumulator, accumulate,
} = api.openai;
export default api.openai;
