// Type test: the published agent-swarm-kit declarations (pkg/swarm.d.ts, pkg/swarm.root.d.ts and
// the tsify-emitted pkg/types/generated.d.ts behind them) against a hand transcription.
//
// The transcription below is written from the seed text (shared/seeds/001_ae42dfbbfe92af2a.txt,
// which governs over 000) and the "agent-swarm-kit" section of shared/spec/FORMATS.md (the
// generic `Payload extends object = object`, `IToolCall`), NOT from the generated file. The
// seed writes the role union inline; the package names it `ModelMessageRole`.
//
// Checked by `tsc -p tests/types` (tests/types/tsconfig.json includes every *.types.ts).

import type * as Root from 'agent-messages';
import type * as Swarm from 'agent-messages/swarm';
import { swarm } from 'agent-messages';
import * as swarmNs from 'agent-messages/swarm';
import swarmDefault from 'agent-messages/swarm';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends (<T>() => T extends Y ? 1 : 2) ? true : false;
type Expect<T extends true> = T;

// ---------------------------------------------------------------------------------------------
// TRANSCRIPTION (seed 001 + FORMATS.md "agent-swarm-kit")

/** Seed: `role: "tool" | "user" | "assistant" | "system" | "resque" | "flush" | "developer"`. */
export type ModelMessageRole = 'tool' | 'user' | 'assistant' | 'system' | 'resque' | 'flush' | 'developer';

/** Seed: `ExecutionMode ("user" or "tool")`. */
export type ExecutionMode = 'user' | 'tool';

export interface IModelMessage<Payload extends object = object> {
  role: 'tool' | 'user' | 'assistant' | 'system' | 'resque' | 'flush' | 'developer';
  agentName: string;
  content: string;
  mode: ExecutionMode;
  tool_calls?: IToolCall[];
  images?: string[] | Uint8Array[];
  tool_call_id?: string;
  payload?: Payload | null;
}

export interface IToolCall {
  id: string;
  type: 'function';
  function: {
    name: string;
    arguments: { [key: string]: any };
  };
}

// END TRANSCRIPTION
// ---------------------------------------------------------------------------------------------
// Types from the package root ('agent-messages'; these names collide with no other format)

const swarm_root_IModelMessage: Expect<Equal<Root.IModelMessage, IModelMessage>> = true;
const swarm_root_IModelMessage_payload: Expect<Equal<Root.IModelMessage<{ image_id: string }>, IModelMessage<{ image_id: string }>>> = true;
const swarm_root_IToolCall: Expect<Equal<Root.IToolCall, IToolCall>> = true;
const swarm_root_ExecutionMode: Expect<Equal<Root.ExecutionMode, ExecutionMode>> = true;
const swarm_root_ModelMessageRole: Expect<Equal<Root.ModelMessageRole, ModelMessageRole>> = true;

// ---------------------------------------------------------------------------------------------
// Types from 'agent-messages/swarm' (also `Message`, the module's message type)

const swarm_IModelMessage: Expect<Equal<Swarm.IModelMessage, IModelMessage>> = true;
const swarm_IModelMessage_payload: Expect<Equal<Swarm.IModelMessage<{ image_id: string }>, IModelMessage<{ image_id: string }>>> = true;
const swarm_Message: Expect<Equal<Swarm.Message, IModelMessage>> = true;
const swarm_IToolCall: Expect<Equal<Swarm.IToolCall, IToolCall>> = true;
const swarm_ExecutionMode: Expect<Equal<Swarm.ExecutionMode, ExecutionMode>> = true;
const swarm_ModelMessageRole: Expect<Equal<Swarm.ModelMessageRole, ModelMessageRole>> = true;
const swarm_role_field: Expect<Equal<IModelMessage['role'], ModelMessageRole>> = true;

// The generic parameter is constrained to objects, as upstream's is.
// @ts-expect-error Payload extends object
type NotAnObjectPayload = Swarm.IModelMessage<string>;

// ---------------------------------------------------------------------------------------------
// The facade's value API

declare const x: unknown;

const validated = swarm.validate(x);
if (validated.ok) {
  const swarm_validate_ok: Expect<Equal<typeof validated.value, IModelMessage>> = true;
} else {
  const swarm_validate_issues: Expect<Equal<typeof validated.issues, Root.Issue[]>> = true;
}
if (swarm.is(x)) {
  const swarm_is: Expect<Equal<typeof x, IModelMessage>> = true;
}
if (swarm.IToolCall.is(x)) {
  const swarm_IToolCall_is: Expect<Equal<typeof x, IToolCall>> = true;
}
const swarm_assert: Expect<Equal<ReturnType<typeof swarm.assert>, IModelMessage>> = true;
const swarm_IModelMessage_validate: Expect<Equal<ReturnType<typeof swarm.IModelMessage.validate>, Root.ValidationResult<IModelMessage>>> = true;

type Std = (typeof swarm.schema)['~standard'];
const swarm_schema_output: Expect<Equal<NonNullable<Std['types']>['output'], IModelMessage>> = true;

// Constructors: the role is fixed by the helper, the payload type is kept.
const u = swarm.createUserMessage({ agentName: 'a', content: 'hi', payload: { image_id: 'u-1' } });
const swarm_createUserMessage_role: Expect<Equal<typeof u.role, 'user'>> = true;
const swarm_createUserMessage_payload: Expect<Equal<typeof u.payload, { image_id: string } | null | undefined>> = true;
const created = swarm.createMessage('developer', { agentName: 'a', content: 'rules' });
const swarm_createMessage_role: Expect<Equal<typeof created.role, 'developer'>> = true;
const flush = swarm.createFlushMessage({ agentName: 'a' });
const swarm_createFlushMessage_role: Expect<Equal<typeof flush.role, 'flush'>> = true;
const flush2 = swarm.createMessage('flush', { agentName: 'a' });
const out = swarm.createToolOutput({ agentName: 'a', content: '42', tool_call_id: 'call_abc' });
const swarm_createToolOutput_id: Expect<Equal<typeof out.tool_call_id, string>> = true;
const call = swarm.createToolCall('search', { q: 'x' });
const swarm_createToolCall: Expect<Equal<typeof call, IToolCall>> = true;
const asMessage: IModelMessage = swarm.createAssistantMessage({ agentName: 'a', content: '', tool_calls: [call] });
const withBytes: IModelMessage = swarm.createUserMessage({ agentName: 'a', content: '', images: [new Uint8Array(1)] });

// @ts-expect-error a user message needs content
swarm.createUserMessage({ agentName: 'a' });
// @ts-expect-error a tool output needs tool_call_id
swarm.createToolOutput({ agentName: 'a', content: 'x' });
// @ts-expect-error not a role
swarm.createMessage('bot', { agentName: 'a', content: 'x' });
// @ts-expect-error not a mode
swarm.createSystemMessage({ agentName: 'a', content: 'x', mode: 'auto' });
// @ts-expect-error arguments are an object, not JSON text
swarm.createToolCall('f', '{"q":1}');
// @ts-expect-error images are all of one kind
const mixedImages: IModelMessage = { role: 'user', agentName: 'a', content: '', mode: 'user', images: ['a', new Uint8Array(1)] };

// The subpath exports the same verbs, named and as its default.
const swarm_subpath_validate: Expect<Equal<typeof swarmNs.validate, typeof swarm.validate>> = true;
const swarm_subpath_default: Expect<Equal<typeof swarmDefault, Root.SwarmNamespace>> = true;
const swarm_subpath_IToolCall: Expect<Equal<ReturnType<typeof swarmNs.IToolCall.assert>, IToolCall>> = true;
const swarm_subpath_Message: Expect<Equal<ReturnType<typeof swarmNs.Message.assert>, IModelMessage>> = true;
const swarm_subpath_ROLES: Expect<Equal<typeof swarmNs.ROLES, readonly ModelMessageRole[]>> = true;

// The role is the constructor's: giving another one is a compile error.
// @ts-expect-error role is not the caller's to give
swarm.createUserMessage({ agentName: 'a', content: 'x', role: 'assistant' });
