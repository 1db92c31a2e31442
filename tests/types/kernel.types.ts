// Type test: the published declarations of agent-messages (pkg/index.d.ts, pkg/kernel.d.ts and the
// tsify-emitted pkg/types/generated.d.ts behind them) against a hand transcription of the Kernel
// message format.
//
// The transcription below is written from the seed text (shared/seeds/004_141828f9f4a81b0f.txt,
// "Messages") and the "Kernel" section of shared/spec/FORMATS.md, NOT from the generated file.
// Every assertion is a line of the form
//     const <label>: Expect<Equal<Published, Transcribed>> = true;
// run.mjs relies on that shape: it mutates the transcription and expects tsc to fail on such lines.
//
// Checked by `node tests/types/run.mjs` (which also runs the mutations) or `tsc -p tests/types`.

import type * as Root from 'agent-messages';
import type * as Kern from 'agent-messages/kernel';
import { kernel } from 'agent-messages';
import * as kernelNs from 'agent-messages/kernel';
import kernelDefault from 'agent-messages/kernel';

// ---------------------------------------------------------------------------------------------
// Strict type equality (identity, not mutual assignability: `any`, optionality and readonly count).

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends (<T>() => T extends Y ? 1 : 2) ? true : false;
type Expect<T extends true> = T;

// ---------------------------------------------------------------------------------------------
// TRANSCRIPTION (seed + FORMATS.md "Kernel")

/** FORMATS.md: "JSONValue is any JSON value". */
export type JSONValue = string | number | boolean | null | JSONValue[] | { [key: string]: JSONValue };

/** Seed: "The basic format for a message". */
export interface BaseMessage {
  id: string;
  timestamp: number;
  type: string;
}

export interface InputMessage {
  id: string;
  timestamp: number;
  type: 'input';
  text?: string;
  files?: FileAttachment[];
}

export interface FileAttachment {
  data: Uint8Array;
  filename?: string;
  mimeType?: string;
}

export interface ReplyMessage {
  id: string;
  timestamp: number;
  type: 'reply';
  text: string;
}

export interface ReasoningMessage {
  id: string;
  timestamp: number;
  type: 'reasoning';
  title: string;
  summary: string;
}

export interface ToolCallsMessage {
  id: string;
  timestamp: number;
  type: 'tool-calls';
  calls: ToolCall[];
}

export interface ToolCall {
  id: string;
  name: string;
  args?: JSONValue;
}

export interface ToolResultsMessage {
  id: string;
  timestamp: number;
  type: 'tool-results';
  results: ToolResult[];
}

export interface ToolResult {
  callId?: string;
  name?: string;
  output: any;
  error?: Error;
}

export interface SystemMessage {
  id: string;
  timestamp: number;
  type: 'system';
  text: string;
}

/** FORMATS.md: upstream `log {text}`. */
export interface LogMessage {
  id: string;
  timestamp: number;
  type: 'log';
  text: string;
}

/** FORMATS.md: upstream `tool-call {name, args?: JSONValue}`. */
export interface ToolCallMessage {
  id: string;
  timestamp: number;
  type: 'tool-call';
  name: string;
  args?: JSONValue;
}

/** FORMATS.md: upstream `tool-result {callId: string, result: JSONValue, error?: string}`. */
export interface ToolResultMessage {
  id: string;
  timestamp: number;
  type: 'tool-result';
  callId: string;
  result: JSONValue;
  error?: string;
}

export type KernelMessage =
  | InputMessage
  | ReplyMessage
  | ReasoningMessage
  | ToolCallsMessage
  | ToolResultsMessage
  | SystemMessage
  | LogMessage
  | ToolCallMessage
  | ToolResultMessage;

// END TRANSCRIPTION
// ---------------------------------------------------------------------------------------------
// Types from the package root ('agent-messages'; colliding names as KernelToolCall/KernelToolResult)

const root_JSONValue: Expect<Equal<Root.JSONValue, JSONValue>> = true;
const root_BaseMessage: Expect<Equal<Root.BaseMessage, BaseMessage>> = true;
const root_KernelMessage: Expect<Equal<Root.KernelMessage, KernelMessage>> = true;
const root_InputMessage: Expect<Equal<Root.InputMessage, InputMessage>> = true;
const root_ReplyMessage: Expect<Equal<Root.ReplyMessage, ReplyMessage>> = true;
const root_ReasoningMessage: Expect<Equal<Root.ReasoningMessage, ReasoningMessage>> = true;
const root_ToolCallsMessage: Expect<Equal<Root.ToolCallsMessage, ToolCallsMessage>> = true;
const root_ToolResultsMessage: Expect<Equal<Root.ToolResultsMessage, ToolResultsMessage>> = true;
const root_SystemMessage: Expect<Equal<Root.SystemMessage, SystemMessage>> = true;
const root_LogMessage: Expect<Equal<Root.LogMessage, LogMessage>> = true;
const root_ToolCallMessage: Expect<Equal<Root.ToolCallMessage, ToolCallMessage>> = true;
const root_ToolResultMessage: Expect<Equal<Root.ToolResultMessage, ToolResultMessage>> = true;
const root_FileAttachment: Expect<Equal<Root.FileAttachment, FileAttachment>> = true;
const root_KernelToolCall: Expect<Equal<Root.KernelToolCall, ToolCall>> = true;
const root_KernelToolResult: Expect<Equal<Root.KernelToolResult, ToolResult>> = true;

// ---------------------------------------------------------------------------------------------
// Types from 'agent-messages/kernel' (documented names: ToolCall, ToolResult, Message)

const kernel_JSONValue: Expect<Equal<Kern.JSONValue, JSONValue>> = true;
const kernel_BaseMessage: Expect<Equal<Kern.BaseMessage, BaseMessage>> = true;
const kernel_KernelMessage: Expect<Equal<Kern.KernelMessage, KernelMessage>> = true;
const kernel_Message: Expect<Equal<Kern.Message, KernelMessage>> = true;
const kernel_InputMessage: Expect<Equal<Kern.InputMessage, InputMessage>> = true;
const kernel_ReplyMessage: Expect<Equal<Kern.ReplyMessage, ReplyMessage>> = true;
const kernel_ReasoningMessage: Expect<Equal<Kern.ReasoningMessage, ReasoningMessage>> = true;
const kernel_ToolCallsMessage: Expect<Equal<Kern.ToolCallsMessage, ToolCallsMessage>> = true;
const kernel_ToolResultsMessage: Expect<Equal<Kern.ToolResultsMessage, ToolResultsMessage>> = true;
const kernel_SystemMessage: Expect<Equal<Kern.SystemMessage, SystemMessage>> = true;
const kernel_LogMessage: Expect<Equal<Kern.LogMessage, LogMessage>> = true;
const kernel_ToolCallMessage: Expect<Equal<Kern.ToolCallMessage, ToolCallMessage>> = true;
const kernel_ToolResultMessage: Expect<Equal<Kern.ToolResultMessage, ToolResultMessage>> = true;
const kernel_FileAttachment: Expect<Equal<Kern.FileAttachment, FileAttachment>> = true;
const kernel_ToolCall: Expect<Equal<Kern.ToolCall, ToolCall>> = true;
const kernel_ToolResult: Expect<Equal<Kern.ToolResult, ToolResult>> = true;

// The discriminants, as a set.
const kernel_types: Expect<Equal<KernelMessage['type'],
  'input' | 'reply' | 'reasoning' | 'tool-calls' | 'tool-results' | 'system' | 'log' | 'tool-call' | 'tool-result'>> = true;

// ---------------------------------------------------------------------------------------------
// The facade's value API

declare const x: unknown;

// validate narrows on `.ok`.
const validated = kernel.validate(x);
if (validated.ok) {
  const facade_validate_ok: Expect<Equal<typeof validated.value, KernelMessage>> = true;
} else {
  const facade_validate_issues: Expect<Equal<typeof validated.issues, Root.Issue[]>> = true;
}

// is() is a type guard to KernelMessage.
if (kernel.is(x)) {
  const facade_is: Expect<Equal<typeof x, KernelMessage>> = true;
}
if (kernel.ReplyMessage.is(x)) {
  const facade_ReplyMessage_is: Expect<Equal<typeof x, ReplyMessage>> = true;
}

// assert() returns the message type.
const facade_assert: Expect<Equal<ReturnType<typeof kernel.assert>, KernelMessage>> = true;

// createMessage(type, fields) gives the message type of `type`.
const createdReply = kernel.createMessage('reply', { text: 'x' });
const facade_createMessage_reply: Expect<Equal<typeof createdReply, ReplyMessage>> = true;
const createdCalls = kernel.createMessage('tool-calls', { calls: [{ id: 'c1', name: 'search', args: { q: ['a', 1, null, true] } }] });
const facade_createMessage_toolCalls: Expect<Equal<typeof createdCalls, ToolCallsMessage>> = true;
const createdInput = kernel.createInputMessage({ files: [{ data: new Uint8Array([1, 2]), mimeType: 'image/png' }] });
const facade_createInputMessage: Expect<Equal<typeof createdInput, InputMessage>> = true;

// Per-type validators: InputMessage.validate returns ValidationResult<InputMessage>.
const facade_InputMessage_validate: Expect<Equal<ReturnType<typeof kernel.InputMessage.validate>, Root.ValidationResult<InputMessage>>> = true;
const facade_ValidationResult: Expect<Equal<Root.ValidationResult<InputMessage>,
  { readonly ok: true; readonly value: InputMessage } | { readonly ok: false; readonly issues: Root.Issue[] }>> = true;

// schema is a Standard Schema v1 object.
type Std = (typeof kernel.schema)['~standard'];
const facade_schema_version: Expect<Equal<Std['version'], 1>> = true;
const facade_schema_output: Expect<Equal<Extract<ReturnType<Std['validate']>, { readonly value: unknown }>['value'], KernelMessage>> = true;
const facade_schema_types: Expect<Equal<NonNullable<Std['types']>['output'], KernelMessage>> = true;

// The subpath exports the same verbs, named and as its default.
const facade_subpath_validate: Expect<Equal<typeof kernelNs.validate, typeof kernel.validate>> = true;
const facade_subpath_default: Expect<Equal<typeof kernelDefault, Root.KernelNamespace>> = true;
const facade_subpath_ToolCall: Expect<Equal<ReturnType<typeof kernelNs.ToolCall.assert>, ToolCall>> = true;
const facade_subpath_Message: Expect<Equal<ReturnType<typeof kernelNs.Message.assert>, KernelMessage>> = true;

// JSONValue admits JSON and nothing else.
const json: Root.JSONValue = { a: [1, 'two', null, true, { b: [] }] };
// @ts-expect-error undefined is not JSON
const notJson1: Root.JSONValue = undefined;
// @ts-expect-error a function is not JSON
const notJson2: Root.JSONValue = { f: () => 1 };

// A built-in type with wrong fields never falls through to the registered-type overload.
// @ts-expect-error a reply needs text
kernel.createMessage('reply', {});
// @ts-expect-error title must be a string
kernel.createMessage('reasoning', { title: 1, summary: 's' });
const bareInput = kernel.createMessage('input');
const facade_createMessage_bareInput: Expect<Equal<typeof bareInput, InputMessage>> = true;
const custom = kernel.createMessage('thought', { mood: 'calm' });
const facade_createMessage_custom: Expect<Equal<typeof custom, Root.BaseMessage & { [custom: string]: unknown }>> = true;
