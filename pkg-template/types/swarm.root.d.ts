// agent-swarm-kit (`IModelMessage`) as the root entry exports it: the namespace and the types
// under their documented names (none of them collides with another format's).

import type * as S from './types/generated.js';
import type { Validator } from './index.js';

export type { IModelMessage, IToolCall, ExecutionMode, ModelMessageRole } from './types/generated.js';

/** What a role constructor takes: the message's own fields (`role` is the constructor's, `mode`
 * defaults by role and may be given), plus any extra properties, kept as given. */
export type SwarmInit<Payload extends object = object> =
  Omit<S.IModelMessage<Payload>, 'role' | 'mode'> & { mode?: S.ExecutionMode; role?: never; [extra: string]: unknown };

/** A message of one role. */
export type SwarmMessageOf<Role extends S.ModelMessageRole, Payload extends object = object> =
  S.IModelMessage<Payload> & { role: Role };

/** agent-swarm-kit's messages. */
export interface SwarmNamespace extends Validator<S.IModelMessage> {
  readonly IModelMessage: Validator<S.IModelMessage>;
  /** The same validator under the name the subpath uses. */
  readonly Message: Validator<S.IModelMessage>;
  readonly IToolCall: Validator<S.IToolCall>;
  readonly ExecutionMode: Validator<S.ExecutionMode>;
  readonly ModelMessageRole: Validator<S.ModelMessageRole>;

  /** A message of any role. `mode` defaults to `"user"` for a user message and `"tool"` for every
   * other role, as upstream commits them; a flush's `content` defaults to `""`. Nothing given is
   * trimmed, reordered or dropped. Throws a ValidationError carrying every issue (a missing
   * `agentName` among them) if the result is not a valid message. */
  createMessage<Role extends S.ModelMessageRole, Payload extends object = object>(
    role: Role,
    fields: Role extends 'flush' ? SwarmFlushInit<Payload> : SwarmInit<Payload>,
  ): SwarmMessageOf<Role, Payload>;
  /** `role: "user"`, `mode: "user"` unless given. */
  createUserMessage<Payload extends object = object>(init: SwarmInit<Payload>): SwarmMessageOf<'user', Payload>;
  /** `role: "assistant"`, `mode: "tool"` unless given. */
  createAssistantMessage<Payload extends object = object>(init: SwarmInit<Payload>): SwarmMessageOf<'assistant', Payload>;
  /** `role: "system"`, `mode: "tool"` unless given. */
  createSystemMessage<Payload extends object = object>(init: SwarmInit<Payload>): SwarmMessageOf<'system', Payload>;
  /** `role: "developer"`, `mode: "tool"` unless given. */
  createDeveloperMessage<Payload extends object = object>(init: SwarmInit<Payload>): SwarmMessageOf<'developer', Payload>;
  /** `role: "tool"`, `mode: "tool"` unless given; `tool_call_id` is required. */
  createToolOutput<Payload extends object = object>(
    init: SwarmInit<Payload> & { tool_call_id: string },
  ): SwarmMessageOf<'tool', Payload> & { tool_call_id: string };
  /** `role: "flush"` (a history reset), `content: ""` and `mode: "tool"` unless given. */
  createFlushMessage<Payload extends object = object>(init: SwarmFlushInit<Payload>): SwarmMessageOf<'flush', Payload>;
  /** `role: "resque"` (model recovery), `mode: "tool"` unless given. */
  createResqueMessage<Payload extends object = object>(init: SwarmInit<Payload>): SwarmMessageOf<'resque', Payload>;
  /** `{ id, type: "function", function: { name, arguments } }`; `arguments` defaults to `{}`,
   * `id` to a fresh `call_` + 9 base-36 characters. A string `arguments` (OpenAI's JSON text)
   * is an `arguments_json_string` issue. */
  createToolCall(name: string, args?: { [key: string]: any }, id?: string): S.IToolCall;
  /** A fresh upstream-style tool-call id: `call_` + 9 base-36 characters. */
  generateToolCallId(): string;
  /** The roles, in the documented order. */
  readonly ROLES: readonly S.ModelMessageRole[];
  /** The execution modes. */
  readonly MODES: readonly S.ExecutionMode[];
}

/** What a flush constructor takes: `content` may be left out (it defaults to `""`). */
export type SwarmFlushInit<Payload extends object = object> =
  Omit<SwarmInit<Payload>, 'content'> & { content?: string };

export declare const swarm: SwarmNamespace;
