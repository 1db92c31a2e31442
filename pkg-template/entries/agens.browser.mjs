import api from './validate.browser.mjs';
const { agens } = api;
export const {
  validate, validateMany, validateJson, is, assert, schema, toJSON, fromJSON, createMessage, generateUid, route, yieldTo, sub, end, retry, parseNext, toShortNext, NEXT_TYPES, Message, Resource, NextInstruction, RouteInstruction, YieldInstruction, SubInstruction, EndInstruction, RetryInstruction, ShortNext, ToolCall, ToolCallArgument, ToolDef,
} = agens;
export const AgensMessage = agens.Message;
export default agens;
