// Type test: the declarations of convert and its named shortcuts (pkg/index.d.ts). Each
// shortcut takes its source format's message type and gives its target's; the options for
// generated values are typed; a wrong option or message type is an error (@ts-expect-error
// fails the run if the error goes away).
//
// Checked by `tsc -p tests/types` (tests/types/tsconfig.json includes every *.types.ts).

import {
  convert, kernelRender, kernelToOpenAI, swarmToOpenAI, openAIToSwarm, kernelToAgens, agensToKernel, bedrockToKernel, swarmToAgens,
} from 'agent-messages';
import type {
  KernelMessage, IModelMessage, AgensMessage, ChatCompletionMessageParam, AgentResponse, Loss, ConvertOptions,
  AiSdkModelMessage, KernelRenderFinding,
} from 'agent-messages';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends (<T>() => T extends Y ? 1 : 2) ? true : false;
type Expect<T extends true> = T;

declare const kernelMessages: KernelMessage[];
declare const swarmMessages: IModelMessage[];
declare const agensMessage: AgensMessage;
declare const responses: readonly AgentResponse[];

const toOpenAI = swarmToOpenAI(swarmMessages, { strict: true });
export type SwarmToOpenAIMessages = Expect<Equal<typeof toOpenAI.messages, ChatCompletionMessageParam[]>>;
export type SwarmToOpenAILosses = Expect<Equal<typeof toOpenAI.losses, Loss[]>>;

const toSwarm = openAIToSwarm(toOpenAI.messages, { agentName: 'planner' });
export type OpenAIToSwarmMessages = Expect<Equal<typeof toSwarm.messages, IModelMessage[]>>;

const toAgens = kernelToAgens(kernelMessages, { maxDepth: 64 });
export type KernelToAgensMessages = Expect<Equal<typeof toAgens.messages, AgensMessage[]>>;

const toKernel = agensToKernel(agensMessage, { now: () => 0, newId: () => 'id' });
export type AgensToKernelMessages = Expect<Equal<typeof toKernel.messages, KernelMessage[]>>;

export type BedrockToKernelMessages = Expect<Equal<ReturnType<typeof bedrockToKernel>['messages'], KernelMessage[]>>;
export type KernelToOpenAIMessages = Expect<Equal<ReturnType<typeof kernelToOpenAI>['messages'], ChatCompletionMessageParam[]>>;

const generic = convert(swarmMessages, { from: 'swarm', to: 'agens' });
export type ConvertTarget = Expect<Equal<typeof generic.messages, AgensMessage[]>>;
export type ConvertFormats = Expect<Equal<ConvertOptions['from'], 'kernel' | 'openai' | 'swarm' | 'agens' | 'bedrock' | 'anthropic' | 'ai-sdk' | 'ai-sdk-ui'>>;

bedrockToKernel(responses);

// @ts-expect-error: a swarm shortcut takes swarm messages
swarmToAgens(kernelMessages);
// @ts-expect-error: agentName is a string
openAIToSwarm(toOpenAI.messages, { agentName: 1 });
// @ts-expect-error: now is a function
agensToKernel(agensMessage, { now: 5 });
// @ts-expect-error: newId gives a string
agensToKernel(agensMessage, { newId: () => 5 });
// @ts-expect-error: the shortcut names its formats itself
swarmToOpenAI(swarmMessages, { from: 'swarm' });
// @ts-expect-error: no such format
convert(swarmMessages, { from: 'swarm', to: 'elixir' });

// kernelRender: AI SDK model messages and its own findings.
const rendered = kernelRender(kernelMessages, { maxDepth: 64 });
export type KernelRenderMessages = Expect<Equal<typeof rendered.messages, AiSdkModelMessage[]>>;
export type KernelRenderFindings = Expect<Equal<typeof rendered.findings, KernelRenderFinding[]>>;
export type KernelRenderCodes = Expect<Equal<Extract<KernelRenderFinding['code'], 'pending_result' | 'synthetic_call'>, 'pending_result' | 'synthetic_call'>>;
// @ts-expect-error: maxDepth is a number
kernelRender(kernelMessages, { maxDepth: '1' });
