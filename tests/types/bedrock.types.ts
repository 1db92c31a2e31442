// Type test: the published Bedrock Swarm declarations (pkg/bedrock.d.ts, pkg/bedrock.root.d.ts
// via pkg/index.d.ts, and the tsify-emitted pkg/types/generated.d.ts behind them) against a hand
// transcription of the seed's TypedDicts.
//
// The transcription below is written from the seed text (shared/seeds/003_c1e46b204ab7993e.txt,
// "Type System") and the "Bedrock Swarm" section of shared/spec/FORMATS.md, NOT from the
// generated file: TypedDicts are total (no `?`), `Optional[str]` is `string | null`,
// `Dict[str, Any]` is `{ [key: string]: any }`, `Literal[...]` a union of string literals.
// Every assertion has the form `const <label>: Expect<Equal<Published, Transcribed>> = true;`.
//
// Checked by `tsc -p tests/types` (node tests/types/run.mjs runs that first).

import type * as Root from 'agent-messages';
import type * as Bed from 'agent-messages/bedrock';
import { bedrock } from 'agent-messages';
import * as bedrockNs from 'agent-messages/bedrock';
import bedrockDefault from 'agent-messages/bedrock';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends (<T>() => T extends Y ? 1 : 2) ? true : false;
type Expect<T extends true> = T;

// ---------------------------------------------------------------------------------------------
// TRANSCRIPTION (seed + FORMATS.md "Bedrock Swarm")

export interface ToolCallFunction {
  name: string;
  arguments: { [key: string]: any };
}

export interface ToolCall {
  id: string;
  type: 'function';
  function: ToolCallFunction;
}

export interface ToolOutput {
  tool_call_id: string;
  output: string;
}

export interface ToolResult {
  success: boolean;
  result: string;
  error: string | null;
}

export interface MessageResponse {
  type: 'message';
  content: string;
}

export interface ToolCallResponse {
  type: 'tool_call';
  tool_calls: ToolCall[];
}

export type AgentResponse = MessageResponse | ToolCallResponse;

/** The nine documented values, and "tool_error" (FORMATS.md: upstream emits it; accept it). */
export type EventType =
  | 'agent_start'
  | 'agent_complete'
  | 'tool_start'
  | 'tool_complete'
  | 'message_sent'
  | 'message_received'
  | 'error'
  | 'run_start'
  | 'run_complete'
  | 'tool_error';

export interface Event {
  id: string;
  type: EventType;
  timestamp: string;
  agent_name: string;
  run_id: string;
  thread_id: string;
  parent_event_id: string | null;
  details: { [key: string]: any };
  metadata: { [key: string]: any };
}

// END TRANSCRIPTION
// ---------------------------------------------------------------------------------------------
// Types from the package root ('agent-messages'; colliding names as BedrockToolCall/BedrockToolResult)

const root_ToolCallFunction: Expect<Equal<Root.ToolCallFunction, ToolCallFunction>> = true;
const root_BedrockToolCall: Expect<Equal<Root.BedrockToolCall, ToolCall>> = true;
const root_ToolOutput: Expect<Equal<Root.ToolOutput, ToolOutput>> = true;
const root_BedrockToolResult: Expect<Equal<Root.BedrockToolResult, ToolResult>> = true;
const root_MessageResponse: Expect<Equal<Root.MessageResponse, MessageResponse>> = true;
const root_ToolCallResponse: Expect<Equal<Root.ToolCallResponse, ToolCallResponse>> = true;
const root_AgentResponse: Expect<Equal<Root.AgentResponse, AgentResponse>> = true;
const root_EventType: Expect<Equal<Root.EventType, EventType>> = true;
const root_Event: Expect<Equal<Root.Event, Event>> = true;
const root_BedrockEvent: Expect<Equal<Root.BedrockEvent, Event>> = true;
const root_BedrockAgentResponse: Expect<Equal<Root.BedrockAgentResponse, AgentResponse>> = true;

// ---------------------------------------------------------------------------------------------
// Types from 'agent-messages/bedrock' (documented names)

const bedrock_ToolCallFunction: Expect<Equal<Bed.ToolCallFunction, ToolCallFunction>> = true;
const bedrock_ToolCall: Expect<Equal<Bed.ToolCall, ToolCall>> = true;
const bedrock_ToolOutput: Expect<Equal<Bed.ToolOutput, ToolOutput>> = true;
const bedrock_ToolResult: Expect<Equal<Bed.ToolResult, ToolResult>> = true;
const bedrock_MessageResponse: Expect<Equal<Bed.MessageResponse, MessageResponse>> = true;
const bedrock_ToolCallResponse: Expect<Equal<Bed.ToolCallResponse, ToolCallResponse>> = true;
const bedrock_AgentResponse: Expect<Equal<Bed.AgentResponse, AgentResponse>> = true;
const bedrock_EventType: Expect<Equal<Bed.EventType, EventType>> = true;
const bedrock_Event: Expect<Equal<Bed.Event, Event>> = true;

// The discriminants, as a set.
const bedrock_types: Expect<Equal<Bed.AgentResponse['type'], 'message' | 'tool_call'>> = true;

// ---------------------------------------------------------------------------------------------
// The facade's value API

declare const x: unknown;

const validated = bedrock.validate(x);
if (validated.ok) {
  const facade_validate_ok: Expect<Equal<typeof validated.value, AgentResponse>> = true;
} else {
  const facade_validate_issues: Expect<Equal<typeof validated.issues, Root.Issue[]>> = true;
}
if (bedrock.is(x)) {
  const facade_is: Expect<Equal<typeof x, AgentResponse>> = true;
  if (x.type === 'message') {
    const facade_narrow: Expect<Equal<typeof x, MessageResponse>> = true;
  }
}
if (bedrock.Event.is(x)) {
  const facade_Event_is: Expect<Equal<typeof x, Event>> = true;
}
const facade_EventType_assert: Expect<Equal<ReturnType<typeof bedrock.EventType.assert>, EventType>> = true;
const facade_ToolResult_validate: Expect<Equal<ReturnType<typeof bedrock.ToolResult.validate>, Root.ValidationResult<ToolResult>>> = true;
type Std = (typeof bedrock.schema)['~standard'];
const facade_schema_types: Expect<Equal<NonNullable<Std['types']>['output'], AgentResponse>> = true;

// Constructors.
const call = bedrock.createToolCall('calculator', { x: 5, y: 3 });
const facade_createToolCall: Expect<Equal<typeof call, ToolCall>> = true;
const facade_createToolOutput: Expect<Equal<ReturnType<typeof bedrock.createToolOutput>, ToolOutput>> = true;
const facade_createToolResult: Expect<Equal<ReturnType<typeof bedrock.createToolResult>, ToolResult>> = true;
const facade_toolSuccess: Expect<Equal<ReturnType<typeof bedrock.toolSuccess>, ToolResult>> = true;
const facade_createMessageResponse: Expect<Equal<ReturnType<typeof bedrock.createMessageResponse>, MessageResponse>> = true;
const facade_createToolCallResponse: Expect<Equal<ReturnType<typeof bedrock.createToolCallResponse>, ToolCallResponse>> = true;
// createMessage(type, fields): the response of that type, its fields checked against it.
const made = bedrock.createMessage('message', { content: 'hi' });
const facade_createMessage: Expect<Equal<typeof made, MessageResponse>> = true;
const madeCalls = bedrock.createMessage('tool_call', { tool_calls: [] });
const facade_createMessage_calls: Expect<Equal<typeof madeCalls, ToolCallResponse>> = true;
// @ts-expect-error a message response has content, not tool calls
bedrock.createMessage('message', { tool_calls: [] });
const ev = bedrock.createEvent({ type: 'run_start', agent_name: 'a', run_id: 'r', thread_id: 't' });
const facade_createEvent: Expect<Equal<typeof ev, Event>> = true;
const child = bedrock.createChildEvent(ev, 'tool_start', { tool_name: 'calculator' });
const facade_createChildEvent: Expect<Equal<typeof child, Event>> = true;
// @ts-expect-error not an EventType
bedrock.createEvent({ type: 'tool_end', agent_name: 'a', run_id: 'r', thread_id: 't' });
// @ts-expect-error thread_id is required
bedrock.createEvent({ type: 'error', agent_name: 'a', run_id: 'r' });
// @ts-expect-error arguments are an object, not JSON text
bedrock.createToolCall('calculator', '{"x":5}');

// handleResponse: exhaustive, typed per handler.
const handled = bedrock.handleResponse(x, {
  message: (r) => r.content,
  tool_call: (r) => r.tool_calls.length,
});
const facade_handleResponse: Expect<Equal<typeof handled, string | number>> = true;
// @ts-expect-error the tool_call handler is missing
bedrock.handleResponse(x, { message: (r: MessageResponse) => r.content });

// The event tree.
const tree = bedrock.buildEventTree([ev, child]);
const facade_tree_roots: Expect<Equal<typeof tree.roots, Event[]>> = true;
const facade_tree_children: Expect<Equal<typeof tree.children, Map<string, Event[]>>> = true;
const facade_tree_issue_code: Expect<Equal<(typeof tree.issues)[number]['path'], (string | number)[]>> = true;
const facade_EVENT_TYPES: Expect<Equal<typeof bedrock.EVENT_TYPES, readonly EventType[]>> = true;

// The subpath exports the same verbs, named and as its default.
const facade_subpath_validate: Expect<Equal<typeof bedrockNs.validate, typeof bedrock.validate>> = true;
const facade_subpath_default: Expect<Equal<typeof bedrockDefault, Root.BedrockNamespace>> = true;
const facade_subpath_Event: Expect<Equal<ReturnType<typeof bedrockNs.Event.assert>, Event>> = true;
const facade_subpath_ToolCall: Expect<Equal<ReturnType<typeof bedrockNs.ToolCall.assert>, ToolCall>> = true;
