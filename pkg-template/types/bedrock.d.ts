// agent-messages/bedrock: Bedrock Swarm's types (bedrock-swarm 0.4.0 `types.py`) under their
// documented names, the verbs of its message type (`AgentResponse`), and its constructors.
//
// The interfaces come from tsify (types/generated.d.ts) with a `Bedrock` prefix, since every
// format shares that file; here they carry their documented names.

import type * as G from './types/generated.js';
import type { Issue, Validator } from './index.js';

export type {
  Issue,
  IssueCode,
  ValidateOptions,
  ValidationResult,
  Validator,
  StandardSchemaV1,
} from './index.js';

// These names are both a type and a value (the validator of that type): local aliases merge
// with the consts below, where a re-export would not (TS2323).
export type ToolCallFunction = G.BedrockToolCallFunction;
export type ToolCall = G.BedrockToolCall;
export type ToolOutput = G.BedrockToolOutput;
export type ToolResult = G.BedrockToolResult;
export type MessageResponse = G.BedrockMessageResponse;
export type ToolCallResponse = G.BedrockToolCallResponse;
export type AgentResponse = G.BedrockAgentResponse;
/** The nine documented event types, and `"tool_error"`: bedrock-swarm 0.4.0 emits it when a
 * tool fails (`Thread._execute_tools`), although the documented `Literal` leaves it out. */
export type EventType = G.BedrockEventType;
export type Event = G.BedrockEvent;

/** `Dict[str, Any]`. */
type Dict = { [key: string]: any };

/** What `createEvent` takes: the run's names and the type; `id` (a UUID v4), `timestamp` (now,
 * UTC, ISO 8601 with `Z`), `parent_event_id` (null), `details` and `metadata` (`{}`) may be given
 * to override the defaults, and other properties are kept. */
export interface EventInit {
  type: EventType;
  agent_name: string;
  run_id: string;
  thread_id: string;
  parent_event_id?: string | null;
  details?: Dict;
  metadata?: Dict;
  id?: string;
  timestamp?: string;
  [custom: string]: unknown;
}

/** What `createChildEvent` takes besides the parent, the type and the details. */
export interface ChildEventInit {
  metadata?: Dict;
  id?: string;
  timestamp?: string;
  [custom: string]: unknown;
}

/** What `createToolResult` takes: `result` defaults to `""` and `error` to `null`. */
export interface ToolResultInit {
  success: boolean;
  result?: string;
  error?: string | null;
  [custom: string]: unknown;
}

/** One handler per `AgentResponse` type: `handleResponse` needs both. */
export interface ResponseHandlers<M, T> {
  message(response: MessageResponse): M;
  tool_call(response: ToolCallResponse): T;
}

/** What keeps an event from its place in the tree; `path` starts with the event's index. */
export interface EventTreeIssue extends Omit<Issue, 'code'> {
  code:
    | 'dangling_parent'
    | 'cycle'
    | 'duplicate_id'
    | 'missing'
    | 'invalid_type'
    | 'ill_formed_string'
    | 'unreadable'
    | 'invalid_input';
}

/** The events as a forest: walking `children` from `roots` visits every placed event once. */
export interface EventTree<E = Event> {
  /** Events without a parent, in list order: `parent_event_id` null, a parent that is not
   * among the events (`dangling_parent`), or the event where a cycle was cut (`cycle`). */
  roots: E[];
  /** Parent id → its child events, in list order (only parents with children). */
  children: Map<string, E[]>;
  issues: EventTreeIssue[];
}

/** Bedrock Swarm. */
export interface BedrockNamespace extends Validator<AgentResponse> {
  readonly AgentResponse: Validator<AgentResponse>;
  readonly MessageResponse: Validator<MessageResponse>;
  readonly ToolCallResponse: Validator<ToolCallResponse>;
  readonly ToolCall: Validator<ToolCall>;
  readonly ToolCallFunction: Validator<ToolCallFunction>;
  readonly ToolOutput: Validator<ToolOutput>;
  readonly ToolResult: Validator<ToolResult>;
  readonly Event: Validator<Event>;
  readonly EventType: Validator<EventType>;

  /** A tool call; `id` defaults to `call_` and 9 random base-36 characters. */
  createToolCall(name: string, args: Dict, id?: string): ToolCall;
  createToolOutput(tool_call_id: string, output: string): ToolOutput;
  createToolResult(init: ToolResultInit): ToolResult;
  /** `{ success: true, result, error: null }`, as upstream reports a tool that ran. */
  toolSuccess(result: string): ToolResult;
  /** `{ success: false, result: "", error }`, as upstream reports a tool that failed. */
  toolFailure(error: string, result?: string): ToolResult;
  /** An `AgentResponse` of `type` (`"message"` or `"tool_call"`) from its other fields. Throws
   * a ValidationError if they do not make a valid response. */
  createMessage<Type extends AgentResponse['type']>(
    type: Type,
    fields: Omit<Extract<AgentResponse, { type: Type }>, 'type'> & { type?: Type },
  ): Extract<AgentResponse, { type: Type }>;
  createMessageResponse(content: string): MessageResponse;
  createToolCallResponse(tool_calls: ToolCall[]): ToolCallResponse;
  /** An event with a fresh UUID v4 `id` and the current UTC time. Throws a ValidationError if
   * the fields do not make a valid Event. */
  createEvent(init: EventInit): Event;
  /** An event whose `parent_event_id` is the parent's id, with the parent's `agent_name`,
   * `run_id` and `thread_id`. Throws a ValidationError if `parent` is not a valid Event. */
  createChildEvent(parent: Event, type: EventType, details?: Dict, init?: ChildEventInit): Event;
  /** Validate an AgentResponse and call the handler of its type. Throws a TypeError if a
   * handler is missing, a ValidationError if the response is invalid. */
  handleResponse<M, T>(response: unknown, handlers: ResponseHandlers<M, T>): M | T;
  /** The forest of a list of events by `parent_event_id`. Never throws: what cannot be
   * placed (dangling parents, cycles, duplicate or unusable ids) is in `issues`. */
  buildEventTree<E extends Event = Event>(events: readonly E[]): EventTree<E>;
  buildEventTree(events: readonly unknown[]): EventTree<unknown>;
  /** The event types accepted: the documented nine and `"tool_error"`. */
  readonly EVENT_TYPES: readonly EventType[];
}

export declare const validate: BedrockNamespace['validate'];
export declare const validateMany: BedrockNamespace['validateMany'];
export declare const validateJson: BedrockNamespace['validateJson'];
export declare const is: BedrockNamespace['is'];
export declare const assert: BedrockNamespace['assert'];
export declare const schema: BedrockNamespace['schema'];
export declare const toJSON: BedrockNamespace['toJSON'];
export declare const fromJSON: BedrockNamespace['fromJSON'];
export declare const createToolCall: BedrockNamespace['createToolCall'];
export declare const createToolOutput: BedrockNamespace['createToolOutput'];
export declare const createToolResult: BedrockNamespace['createToolResult'];
export declare const toolSuccess: BedrockNamespace['toolSuccess'];
export declare const toolFailure: BedrockNamespace['toolFailure'];
export declare const createMessage: BedrockNamespace['createMessage'];
export declare const createMessageResponse: BedrockNamespace['createMessageResponse'];
export declare const createToolCallResponse: BedrockNamespace['createToolCallResponse'];
export declare const createEvent: BedrockNamespace['createEvent'];
export declare const createChildEvent: BedrockNamespace['createChildEvent'];
export declare const handleResponse: BedrockNamespace['handleResponse'];
export declare const buildEventTree: BedrockNamespace['buildEventTree'];
export declare const EVENT_TYPES: BedrockNamespace['EVENT_TYPES'];
export declare const AgentResponse: BedrockNamespace['AgentResponse'];
export declare const MessageResponse: BedrockNamespace['MessageResponse'];
export declare const ToolCallResponse: BedrockNamespace['ToolCallResponse'];
export declare const ToolCall: BedrockNamespace['ToolCall'];
export declare const ToolCallFunction: BedrockNamespace['ToolCallFunction'];
export declare const ToolOutput: BedrockNamespace['ToolOutput'];
export declare const ToolResult: BedrockNamespace['ToolResult'];
export declare const Event: BedrockNamespace['Event'];
export declare const EventType: BedrockNamespace['EventType'];
declare const bedrock: BedrockNamespace;
export default bedrock;
