// Type test: our ModelMessage types (pkg/ai-sdk.d.ts, tsify-emitted pkg/types/generated.d.ts
// behind it) and `ai`'s own (from `ai`, and from `@ai-sdk/provider-utils` for what `ai` does not
// re-export), assignable both ways. Each pair is checked in both directions, so a field added,
// removed, renamed, made optional or retyped on either side fails; the negative cases below fail
// if a field's type is loosened.

import type * as Ai from 'ai';
import type * as PU from '@ai-sdk/provider-utils';
import type * as Ours from 'agent-messages/ai-sdk';
import type * as Root from 'agent-messages';
import { aiSdk } from 'agent-messages';

type Both<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
// Every key of every member (an optional field dropped on one side is still mutually assignable).
type Keys<T> = T extends unknown ? keyof T : never;
type Same<A, B> = Both<A, B> extends true ? Both<Keys<A>, Keys<B>> : false;

export type Checks = [
  Expect<Same<Ours.ModelMessage, Ai.ModelMessage>>,
  Expect<Same<Ours.SystemModelMessage, Ai.SystemModelMessage>>,
  Expect<Same<Ours.UserModelMessage, Ai.UserModelMessage>>,
  Expect<Same<Ours.AssistantModelMessage, Ai.AssistantModelMessage>>,
  Expect<Same<Ours.ToolModelMessage, Ai.ToolModelMessage>>,
  Expect<Same<Ours.UserContent, Ai.UserContent>>,
  Expect<Same<Ours.AssistantContent, Ai.AssistantContent>>,
  Expect<Same<Ours.ToolContent, Ai.ToolContent>>,
  Expect<Same<Ours.TextPart, Ai.TextPart>>,
  Expect<Same<Ours.ImagePart, Ai.ImagePart>>,
  Expect<Same<Ours.FilePart, Ai.FilePart>>,
  Expect<Same<Ours.ReasoningPart, PU.ReasoningPart>>,
  Expect<Same<Ours.ReasoningFilePart, PU.ReasoningFilePart>>,
  Expect<Same<Ours.CustomPart, PU.CustomPart>>,
  Expect<Same<Ours.ToolCallPart, Ai.ToolCallPart>>,
  Expect<Same<Ours.ToolResultPart, Ai.ToolResultPart>>,
  Expect<Same<Ours.ToolApprovalRequest, Ai.ToolApprovalRequest>>,
  Expect<Same<Ours.ToolApprovalResponse, Ai.ToolApprovalResponse>>,
  Expect<Same<Ours.ToolResultOutput, PU.ToolResultOutput>>,
  Expect<Same<Ours.FileData, PU.FileData>>,
  Expect<Same<Ours.FileDataData, PU.FileDataData>>,
  Expect<Same<Ours.FileDataUrl, PU.FileDataUrl>>,
  Expect<Same<Ours.FileDataReference, PU.FileDataReference>>,
  Expect<Same<Ours.FileDataText, PU.FileDataText>>,
  Expect<Both<Ours.DataContent, Ai.DataContent>>,
  Expect<Both<Ours.ProviderReference, Ai.ProviderReference>>,
  Expect<Both<Ours.ProviderOptions, PU.ProviderOptions>>,
  Expect<Both<Ours.JSONValue, Ai.JSONValue>>,
  // Each output variant on its own.
  Expect<Both<Extract<Ours.ToolResultOutput, { type: 'content' }>, Extract<PU.ToolResultOutput, { type: 'content' }>>>,
  Expect<Both<Extract<Ours.ToolResultOutput, { type: 'json' }>, Extract<PU.ToolResultOutput, { type: 'json' }>>>,
  Expect<Both<Extract<Ours.ToolResultOutput, { type: 'execution-denied' }>, Extract<PU.ToolResultOutput, { type: 'execution-denied' }>>>,
  // The root names.
  Expect<Same<Root.AiSdkModelMessage, Ai.ModelMessage>>,
  Expect<Same<Root.AiSdkToolResultOutput, PU.ToolResultOutput>>,
  // The namespace's verbs are typed with them.
  Expect<Both<ReturnType<typeof aiSdk.assert>, Ai.ModelMessage>>,
  Expect<Both<ReturnType<typeof aiSdk.createToolCallPart>, Ai.ToolCallPart>>,
  Expect<Both<ReturnType<typeof aiSdk.ToolResultOutput.assert>, PU.ToolResultOutput>>,
];

// Negative cases: each must be a type error.
// @ts-expect-error system content is a string only
export const n1: Ours.SystemModelMessage = { role: 'system', content: [{ type: 'text', text: 'x' }] };
// @ts-expect-error a tool message's content is not a string
export const n2: Ours.ToolModelMessage = { role: 'tool', content: 'x' };
// @ts-expect-error a custom part's kind is provider.type
export const n3: Ours.CustomPart = { type: 'custom', kind: 'nodot' };
// @ts-expect-error a FileDataUrl holds a URL object
export const n4: Ours.FileDataUrl = { type: 'url', url: 'https://x.test' };
// @ts-expect-error a reasoning file has no provider reference
export const n5: Ours.ReasoningFilePart = { type: 'reasoning-file', data: { type: 'reference', reference: {} }, mediaType: 'x' };
// @ts-expect-error a tool call needs its input
export const n6: Ours.ToolCallPart = { type: 'tool-call', toolCallId: 'c', toolName: 't' };
// @ts-expect-error mediaType is required on a file part
export const n7: Ours.FilePart = { type: 'file', data: 'AQID' };
// @ts-expect-error a provider reference holds strings
export const n8: Ours.ProviderReference = { openai: 1 };
// @ts-expect-error createMessage takes the role first
aiSdk.createMessage({ role: 'user', content: 'x' });

// Positive: every data form is accepted where the AI SDK takes it.
export const p1: Ours.FilePart[] = [
  { type: 'file', data: 'AQID', mediaType: 'image/png' },
  { type: 'file', data: new Uint8Array(1), mediaType: 'image/png' },
  { type: 'file', data: new ArrayBuffer(1), mediaType: 'image/png' },
  { type: 'file', data: Buffer.from('x'), mediaType: 'image/png' },
  { type: 'file', data: new URL('https://x.test'), mediaType: 'image/png' },
  { type: 'file', data: { type: 'url', url: new URL('https://x.test') }, mediaType: 'image/png' },
  { type: 'file', data: { openai: 'file-1' }, mediaType: 'image/png' },
];
