import api from './index.cjs';
export const {
  validate, validateMany, validateJson, is, assert, schema, toJSON, fromJSON, createMessage, generateUid, route, yieldTo, sub, end, retry, parseNext, toShortNext, NEXT_TYPES, Message, Resource, NextInstruction, RouteInstruction, YieldInstruction, SubInstruction, EndInstruction, RetryInstruction, ShortNext, ToolCall, ToolCallArgument, ToolDef,
} = api.agens;
export const AgensMessage = api.agens.Message;
export default api.agens;
