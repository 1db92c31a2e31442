// Type test: the published OpenAI Chat declarations (pkg/openai.d.ts, the root entry and the
// tsify-emitted pkg/types/generated.d.ts behind them) against a hand transcription.
//
// There is no seed for this format: the transcription below is written from the official `openai`
// npm SDK's chat completion params (resources/chat/completions.ts) as the brief and the "OpenAI Chat
// Completions" section of shared/spec/FORMATS.md scope them (five roles, four user part kinds, the
// refusal part, function tool calls), NOT from the generated file. The SDK nests a few helper
// interfaces in namespaces; they are written inline here, so only the structure is compared.

import type * as Root from 'agent-messages';
import type * as OA from 'agent-messages/openai';
import { openai } from 'agent-messages';
import * as openaiNs from 'agent-messages/openai';
import openaiDefault from 'agent-messages/openai';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends (<T>() => T extends Y ? 1 : 2) ? true : false;
type Expect<T extends true> = T;

// ---------------------------------------------------------------------------------------------
// TRANSCRIPTION (openai SDK)

export interface ChatCompletionContentPartText {
  text: string;
  type: 'text';
}

export interface ChatCompletionContentPartImage {
  image_url: { url: string; detail?: 'auto' | 'low' | 'high' };
  type: 'image_url';
}

export interface ChatCompletionContentPartInputAudio {
  input_audio: { data: string; format: 'wav' | 'mp3' };
  type: 'input_audio';
}

export interface ChatCompletionContentPartFile {
  file: { file_data?: string; file_id?: string; filename?: string };
  type: 'file';
}

export interface ChatCompletionContentPartRefusal {
  refusal: string;
  type: 'refusal';
}

export type ChatCompletionContentPart =
  | ChatCompletionContentPartText
  | ChatCompletionContentPartImage
  | ChatCompletionContentPartInputAudio
  | ChatCompletionContentPartFile;

export interface ChatCompletionMessageToolCall {
  id: string;
  function: { arguments: string; name: string };
  type: 'function';
}

export interface ChatCompletionDeveloperMessageParam {
  content: string | Array<ChatCompletionContentPartText>;
  role: 'developer';
  name?: string;
}

export interface ChatCompletionSystemMessageParam {
  content: string | Array<ChatCompletionContentPartText>;
  role: 'system';
  name?: string;
}

export interface ChatCompletionUserMessageParam {
  content: string | Array<ChatCompletionContentPart>;
  role: 'user';
  name?: string;
}

export interface ChatCompletionAssistantMessageParam {
  role: 'assistant';
  audio?: { id: string } | null;
  content?: string | Array<ChatCompletionContentPartText | ChatCompletionContentPartRefusal> | null;
  name?: string;
  refusal?: string | null;
  tool_calls?: Array<ChatCompletionMessageToolCall>;
}

export interface ChatCompletionToolMessageParam {
  content: string | Array<ChatCompletionContentPartText>;
  role: 'tool';
  tool_call_id: string;
}

export type ChatCompletionMessageParam =
  | ChatCompletionDeveloperMessageParam
  | ChatCompletionSystemMessageParam
  | ChatCompletionUserMessageParam
  | ChatCompletionAssistantMessageParam
  | ChatCompletionToolMessageParam;

// END TRANSCRIPTION
// ---------------------------------------------------------------------------------------------
// Types from the package root (the SDK names, unprefixed)

const oroot_MessageParam: Expect<Equal<Root.ChatCompletionMessageParam, ChatCompletionMessageParam>> = true;
const oroot_Developer: Expect<Equal<Root.ChatCompletionDeveloperMessageParam, ChatCompletionDeveloperMessageParam>> = true;
const oroot_System: Expect<Equal<Root.ChatCompletionSystemMessageParam, ChatCompletionSystemMessageParam>> = true;
const oroot_User: Expect<Equal<Root.ChatCompletionUserMessageParam, ChatCompletionUserMessageParam>> = true;
const oroot_Assistant: Expect<Equal<Root.ChatCompletionAssistantMessageParam, ChatCompletionAssistantMessageParam>> = true;
const oroot_Tool: Expect<Equal<Root.ChatCompletionToolMessageParam, ChatCompletionToolMessageParam>> = true;
const oroot_Part: Expect<Equal<Root.ChatCompletionContentPart, ChatCompletionContentPart>> = true;
const oroot_Text: Expect<Equal<Root.ChatCompletionContentPartText, ChatCompletionContentPartText>> = true;
const oroot_Image: Expect<Equal<Root.ChatCompletionContentPartImage, ChatCompletionContentPartImage>> = true;
const oroot_Audio: Expect<Equal<Root.ChatCompletionContentPartInputAudio, ChatCompletionContentPartInputAudio>> = true;
const oroot_File: Expect<Equal<Root.ChatCompletionContentPartFile, ChatCompletionContentPartFile>> = true;
const oroot_Refusal: Expect<Equal<Root.ChatCompletionContentPartRefusal, ChatCompletionContentPartRefusal>> = true;
const oroot_ToolCall: Expect<Equal<Root.ChatCompletionMessageToolCall, ChatCompletionMessageToolCall>> = true;
const oroot_ImageURL: Expect<Equal<Root.ChatCompletionContentPartImageURL, ChatCompletionContentPartImage['image_url']>> = true;
const oroot_Function: Expect<Equal<Root.ChatCompletionMessageToolCallFunction, ChatCompletionMessageToolCall['function']>> = true;

// ---------------------------------------------------------------------------------------------
// Types from 'agent-messages/openai'

const openai_MessageParam: Expect<Equal<OA.ChatCompletionMessageParam, ChatCompletionMessageParam>> = true;
const openai_Developer: Expect<Equal<OA.ChatCompletionDeveloperMessageParam, ChatCompletionDeveloperMessageParam>> = true;
const openai_System: Expect<Equal<OA.ChatCompletionSystemMessageParam, ChatCompletionSystemMessageParam>> = true;
const openai_User: Expect<Equal<OA.ChatCompletionUserMessageParam, ChatCompletionUserMessageParam>> = true;
const openai_Assistant: Expect<Equal<OA.ChatCompletionAssistantMessageParam, ChatCompletionAssistantMessageParam>> = true;
const openai_Tool: Expect<Equal<OA.ChatCompletionToolMessageParam, ChatCompletionToolMessageParam>> = true;
const openai_Part: Expect<Equal<OA.ChatCompletionContentPart, ChatCompletionContentPart>> = true;
const openai_Text: Expect<Equal<OA.ChatCompletionContentPartText, ChatCompletionContentPartText>> = true;
const openai_Image: Expect<Equal<OA.ChatCompletionContentPartImage, ChatCompletionContentPartImage>> = true;
const openai_Audio: Expect<Equal<OA.ChatCompletionContentPartInputAudio, ChatCompletionContentPartInputAudio>> = true;
const openai_File: Expect<Equal<OA.ChatCompletionContentPartFile, ChatCompletionContentPartFile>> = true;
const openai_Refusal: Expect<Equal<OA.ChatCompletionContentPartRefusal, ChatCompletionContentPartRefusal>> = true;
const openai_ToolCall: Expect<Equal<OA.ChatCompletionMessageToolCall, ChatCompletionMessageToolCall>> = true;
const openai_AudioData: Expect<Equal<OA.ChatCompletionContentPartInputAudioData, ChatCompletionContentPartInputAudio['input_audio']>> = true;
const openai_FileData: Expect<Equal<OA.ChatCompletionContentPartFileData, ChatCompletionContentPartFile['file']>> = true;
const openai_AssistantAudio: Expect<Equal<OA.ChatCompletionAssistantAudio, NonNullable<ChatCompletionAssistantMessageParam['audio']>>> = true;
const openai_roles: Expect<Equal<OA.ChatCompletionRole, 'developer' | 'system' | 'user' | 'assistant' | 'tool'>> = true;

// ---------------------------------------------------------------------------------------------
// The facade's value API

declare const x: unknown;

const validated = openai.validate(x);
if (validated.ok) {
  const ofacade_validate_ok: Expect<Equal<typeof validated.value, ChatCompletionMessageParam>> = true;
}
if (openai.is(x)) {
  const ofacade_is: Expect<Equal<typeof x, ChatCompletionMessageParam>> = true;
}
if (openai.ChatCompletionContentPart.is(x)) {
  const ofacade_part_is: Expect<Equal<typeof x, ChatCompletionContentPart>> = true;
}
const ofacade_namespace: Expect<Equal<typeof openai, Root.OpenAINamespace>> = true;
const ofacade_default: Expect<Equal<typeof openaiDefault, Root.OpenAINamespace>> = true;
const ofacade_subpath_validate: Expect<Equal<typeof openaiNs.validate, typeof openai.validate>> = true;
const ofacade_subpath_ToolCall: Expect<Equal<ReturnType<typeof openaiNs.ChatCompletionMessageToolCall.assert>, ChatCompletionMessageToolCall>> = true;

const sys = openai.createSystemMessage('Be brief.', { name: 'rules' });
const ofacade_createSystemMessage: Expect<Equal<typeof sys, ChatCompletionSystemMessageParam>> = true;
const dev = openaiNs.createDeveloperMessage([{ type: 'text', text: 'x' }]);
const ofacade_createDeveloperMessage: Expect<Equal<typeof dev, ChatCompletionDeveloperMessageParam>> = true;
const user = openai.createUserMessage([{ type: 'text', text: 'see' }, openai.createImagePart(new Uint8Array([1]), 'image/png')]);
const ofacade_createUserMessage: Expect<Equal<typeof user, ChatCompletionUserMessageParam>> = true;
const tc = openai.createToolCall('search', { q: 'rust' });
const ofacade_createToolCall: Expect<Equal<typeof tc, ChatCompletionMessageToolCall>> = true;
const asst = openai.createAssistantMessage({ content: null, tool_calls: [tc] });
const ofacade_createAssistantMessage: Expect<Equal<typeof asst, ChatCompletionAssistantMessageParam>> = true;
const toolMsg = openai.createToolMessage(tc, 'done');
const ofacade_createToolMessage: Expect<Equal<typeof toolMsg, ChatCompletionToolMessageParam>> = true;
const viaRole = openai.createMessage('tool', { tool_call_id: 'c', content: 'x' });
const ofacade_createMessage: Expect<Equal<typeof viaRole, ChatCompletionToolMessageParam>> = true;
const parsed = openai.parseArguments(tc);
if (parsed.ok) {
  const ofacade_parseArguments: Expect<Equal<typeof parsed.value, Root.JSONValue>> = true;
} else {
  const ofacade_parseArguments_issues: Expect<Equal<typeof parsed.issues, Root.Issue[]>> = true;
}

// @ts-expect-error system content takes text parts only
openai.createSystemMessage([{ type: 'image_url', image_url: { url: 'https://x' } }]);
// @ts-expect-error a tool message needs its content
openai.createMessage('tool', { tool_call_id: 'c' });
// @ts-expect-error arguments are JSON text, not an object
const wrongCall: ChatCompletionMessageToolCall = { id: 'c', type: 'function', function: { name: 'f', arguments: {} } };

// The role is the constructor's, and content given as an argument cannot be given again.
// @ts-expect-error role is not the caller's to give
openai.createAssistantMessage({ role: 'user' });
// @ts-expect-error content is the first argument
openai.createUserMessage('hi', { content: 'again' });

// Streams: chunks fold into the assistant message, and each response into a ChatCompletion.
declare const folded: Awaited<ReturnType<typeof openai.accumulate>>;
export const stream_value: OA.ChatCompletionAssistantMessageParam | undefined = folded.value;
export const stream_completion: Root.ChatCompletion | undefined = folded.responses?.[0];
export const stream_entry: typeof openai.createAccumulator = openaiNs.createAccumulator;
