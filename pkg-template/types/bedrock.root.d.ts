// Bedrock Swarm as the root entry exports it: the namespace, and the types under root names
// (`ToolCall` and `ToolResult` are prefixed, other formats use those names too; every type is
// also available with the `Bedrock` prefix).

import type * as G from './types/generated.js';
import type { BedrockNamespace } from './bedrock.js';

export type {
  BedrockNamespace,
  EventInit as BedrockEventInit,
  ChildEventInit as BedrockChildEventInit,
  ToolResultInit as BedrockToolResultInit,
  ResponseHandlers as BedrockResponseHandlers,
  EventTree as BedrockEventTree,
  EventTreeIssue as BedrockEventTreeIssue,
} from './bedrock.js';

export type ToolCallFunction = G.BedrockToolCallFunction;
export type ToolOutput = G.BedrockToolOutput;
export type MessageResponse = G.BedrockMessageResponse;
export type ToolCallResponse = G.BedrockToolCallResponse;
export type AgentResponse = G.BedrockAgentResponse;
export type EventType = G.BedrockEventType;
export type Event = G.BedrockEvent;

export type BedrockToolCallFunction = G.BedrockToolCallFunction;
export type BedrockToolCall = G.BedrockToolCall;
export type BedrockToolOutput = G.BedrockToolOutput;
export type BedrockToolResult = G.BedrockToolResult;
export type BedrockMessageResponse = G.BedrockMessageResponse;
export type BedrockToolCallResponse = G.BedrockToolCallResponse;
export type BedrockAgentResponse = G.BedrockAgentResponse;
export type BedrockEventType = G.BedrockEventType;
export type BedrockEvent = G.BedrockEvent;

export declare const bedrock: BedrockNamespace;
