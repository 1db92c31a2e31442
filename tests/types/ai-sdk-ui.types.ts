/// <reference types="node" />
// Type test: the published AI SDK UIMessage declarations (pkg/ai-sdk.d.ts, the root entry and
// the tsify-emitted pkg/types/generated.d.ts behind them) against `ai` 7.0.173's own, at their
// defaults (`UIMessage<unknown, UIDataTypes, UITools>`): each type assignable both ways, and
// negative cases that fail when a field changes. (`ai`'s types need @types/node for Buffer.)

import type * as Ai from 'ai';
import type * as Root from 'agent-messages';
import type * as UI from 'agent-messages/ai-sdk';
import { aiSdk } from 'agent-messages';
import * as entry from 'agent-messages/ai-sdk';

type Expect<T extends true> = T;
type Not<T extends boolean> = T extends true ? false : true;
/** Each assignable to the other. */
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

type AiMessage = Ai.UIMessage<unknown, Ai.UIDataTypes, Ai.UITools>;
type AiPart = Ai.UIMessagePart<Ai.UIDataTypes, Ai.UITools>;
type AiToolPart = Ai.ToolUIPart<Ai.UITools>;
type AiData = Ai.DataUIPart<Ai.UIDataTypes>;
type AiInvocation = Ai.UIToolInvocation<Ai.UITool>;
type State = AiInvocation['state'];

// The message and its part union.
export type root_UIMessage = Expect<Mutual<Root.UIMessage, AiMessage>>;
export type entry_UIMessage = Expect<Mutual<UI.UIMessage, AiMessage>>;
export type root_UIMessagePart = Expect<Mutual<Root.UIMessagePart, AiPart>>;
export type entry_UIMessagePart = Expect<Mutual<UI.UIMessagePart, AiPart>>;

// Each part.
export type TextUIPart = Expect<Mutual<UI.TextUIPart, Ai.TextUIPart>>;
export type CustomContentUIPart = Expect<Mutual<UI.CustomContentUIPart, Ai.CustomContentUIPart>>;
export type ReasoningUIPart = Expect<Mutual<UI.ReasoningUIPart, Ai.ReasoningUIPart>>;
export type ToolUIPart = Expect<Mutual<UI.ToolUIPart, AiToolPart>>;
export type DynamicToolUIPart = Expect<Mutual<UI.DynamicToolUIPart, Ai.DynamicToolUIPart>>;
export type SourceUrlUIPart = Expect<Mutual<UI.SourceUrlUIPart, Ai.SourceUrlUIPart>>;
export type SourceDocumentUIPart = Expect<Mutual<UI.SourceDocumentUIPart, Ai.SourceDocumentUIPart>>;
export type FileUIPart = Expect<Mutual<UI.FileUIPart, Ai.FileUIPart>>;
export type ReasoningFileUIPart = Expect<Mutual<UI.ReasoningFileUIPart, Ai.ReasoningFileUIPart>>;
export type DataUIPart = Expect<Mutual<UI.DataUIPart, AiData>>;
export type SteeringMessageUIPart = Expect<Mutual<UI.SteeringMessageUIPart, Ai.Experimental_SteeringMessageUIPart>>;
export type StepStartUIPart = Expect<Mutual<UI.StepStartUIPart, Ai.StepStartUIPart>>;
export type Citation = Expect<Mutual<UI.Citation, Ai.Citation>>;
export type ProviderMetadata = Expect<Mutual<UI.ProviderMetadata, Ai.ProviderMetadata>>;
export type ProviderReference = Expect<Mutual<UI.ProviderReference, Ai.ProviderReference>>;

// UIToolInvocation, and each of its states, static and dynamic.
export type UIToolInvocation = Expect<Mutual<UI.UIToolInvocation, AiInvocation>>;
type EachState<S extends State = State> = S extends State
  ? Mutual<Extract<UI.UIToolInvocation, { state: S }>, Extract<AiInvocation, { state: S }>>
    & Mutual<Extract<UI.ToolUIPart, { state: S }>, Extract<AiToolPart, { state: S }>>
    & Mutual<Extract<UI.DynamicToolUIPart, { state: S }>, Extract<Ai.DynamicToolUIPart, { state: S }>>
  : never;
export type every_state = Expect<EachState>;
export type states = Expect<Mutual<UI.UIToolState, State>>;

// Negative cases: a changed field breaks the equivalence.
type Change<T, K extends PropertyKey, V> = T extends unknown ? Omit<T, K> & { [P in K]: V } : never;
export type neg_text_type = Expect<Not<Mutual<UI.TextUIPart, Change<Ai.TextUIPart, 'type', 'txt'>>>>;
export type neg_text_optional = Expect<Not<Mutual<UI.TextUIPart, Change<Ai.TextUIPart, 'state', 'streaming' | 'done'>>>>;
export type neg_file_url = Expect<Not<Mutual<UI.FileUIPart, Change<Ai.FileUIPart, 'url', URL>>>>;
export type neg_source_title = Expect<Not<Mutual<UI.SourceDocumentUIPart, Change<Ai.SourceDocumentUIPart, 'title', string | undefined>>>>;
export type neg_message_role = Expect<Not<Mutual<UI.UIMessage, Change<AiMessage, 'role', 'user' | 'assistant'>>>>;
export type neg_output_available = Expect<Not<Mutual<Extract<UI.ToolUIPart, { state: 'output-available' }>,
  Change<Extract<AiToolPart, { state: 'output-available' }>, 'errorText', string>>>>;
export type neg_denied_approval = Expect<Not<Mutual<Extract<UI.ToolUIPart, { state: 'output-denied' }>,
  Change<Extract<AiToolPart, { state: 'output-denied' }>, 'approval', { id: string; approved: boolean }>>>>;
export type neg_dynamic = Expect<Not<Mutual<UI.DynamicToolUIPart, Change<Ai.DynamicToolUIPart, 'dynamic', boolean | undefined>>>>;
export type neg_tool_type = Expect<Not<Mutual<UI.ToolUIPart, Change<AiToolPart, 'type', string>>>>;
export type neg_kind = Expect<Not<Mutual<UI.CustomContentUIPart, Change<Ai.CustomContentUIPart, 'kind', string>>>>;

// The facade.
const m = aiSdk.createUIMessage('user', [aiSdk.createTextUIPart('hi')]);
export const facade_message: Expect<Mutual<typeof m, AiMessage & { role: 'user' }>> = true;
const p = aiSdk.createToolUIPart('search', 'output-available', { toolCallId: 'c', input: {}, output: 1 });
export const facade_tool_state: Expect<Mutual<(typeof p)['state'], 'output-available'>> = true;
// @ts-expect-error output-available without output
aiSdk.createToolUIPart('search', 'output-available', { toolCallId: 'c', input: {} });
const checked = aiSdk.UIMessage.validate(null as unknown);
if (checked.ok) {
  const value: AiMessage = checked.value;
  void value;
}
export const entry_same: Expect<Mutual<typeof entry.UIMessage, typeof aiSdk.UIMessage>> = true;
export const lists: Expect<Mutual<(typeof aiSdk.TOOL_STATES)[number], State>> = true;

// Streams: the accumulator folds UIMessageChunks into the AI SDK's UIMessage.
declare const folded: Awaited<ReturnType<typeof aiSdk.accumulate>>;
export type stream_value_is_the_ai_sdk_message = Expect<Mutual<NonNullable<typeof folded.value>, AiMessage>>;
export type stream_entry_same = Expect<Mutual<typeof entry.accumulate, typeof aiSdk.accumulate>>;
export const stream_finish_reason: string | null | undefined = folded.responses?.[0]?.finishReason;
