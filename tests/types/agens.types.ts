// Type test: the published Agens declarations (pkg/agens.d.ts, pkg/agens.root.d.ts and the
// tsify-emitted pkg/types/generated.d.ts behind them) against a hand transcription of
// `Agens.Message`.
//
// The transcription below is written from the seed text (shared/seeds/002_a8d3e48cd3542050.txt,
// `@type t()` and the field list) and the "Agens" section of shared/spec/FORMATS.md, NOT from
// the generated file: pids and atoms as strings, `nil` as `null` on optional keys, `retries`
// and `next` optional (their defaults fill them) but never null.
//
// Checked by `tsc -p tests/types` (node tests/types/run.mjs runs it with kernel.types.ts).

import type * as Root from 'agent-messages';
import type * as Ag from 'agent-messages/agens';
import { agens } from 'agent-messages';
import * as agensNs from 'agent-messages/agens';
import agensDefault from 'agent-messages/agens';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends (<T>() => T extends Y ? 1 : 2) ? true : false;
type Expect<T extends true> = T;

// ---------------------------------------------------------------------------------------------
// TRANSCRIPTION (seed 002 + FORMATS.md "Agens")

/** `%Agens.Resource{}`: uri and name enforced, description and content `String.t() | nil`. */
export interface Resource {
  uri: string;
  name: string;
  description?: string | null;
  content?: string | null;
}

/** `{:route, node_id, count}` */
export interface RouteInstruction {
  type: 'route';
  node_id: string;
  count: number;
}

/** `{:yield, node_id}` */
export interface YieldInstruction {
  type: 'yield';
  node_id: string;
}

/** `{:sub, job_id}` */
export interface SubInstruction {
  type: 'sub';
  job_id: string;
}

/** `:end` */
export interface EndInstruction {
  type: 'end';
}

/** `:retry` | `{:retry, reason}` */
export interface RetryInstruction {
  type: 'retry';
  reason?: string;
}

export type NextInstruction = RouteInstruction | YieldInstruction | SubInstruction | EndInstruction | RetryInstruction;

/** The model's structured output item (Agens.Schema.response/0). */
export interface ShortNext {
  type: 'route' | 'yield' | 'sub' | 'end' | 'retry';
  value: string;
}

/** One tool call argument. */
export interface ToolCallArgument {
  key: string;
  value: string;
}

/** The model's tool call (Agens.Schema.tools/0). */
export interface ToolCall {
  id: string;
  name: string;
  arguments: ToolCallArgument[];
  server_name: string;
  type: 'mcp_tool_use' | 'tool_call';
}

/** An MCP-style tool schema: an object with a `name`. */
export type ToolDef = { name: string; [key: string]: unknown };

/** `@type t()` of Agens.Message. */
export interface Message {
  agent_id?: string | null;
  caller?: string | null;
  id?: string | null;
  input: string;
  job_description?: string | null;
  job_id?: string | null;
  next?: NextInstruction[];
  node_id?: string | null;
  node_objective?: string | null;
  outputs?: { [key: string]: unknown } | null;
  parent_run_id?: string | null;
  previous_result?: string | null;
  resources?: Resource[] | null;
  result?: string | null;
  retries?: number;
  retry_reason?: string | null;
  run_id?: string | null;
  serving_name?: string | null;
  system?: string | null;
  thread_id?: string | null;
  tool_calls?: ToolCall[] | null;
  tool_defs?: ToolDef[] | null;
  tool_results?: { [key: string]: unknown } | null;
  user?: string | null;
}

// END TRANSCRIPTION
// ---------------------------------------------------------------------------------------------
// Types from the package root ('agent-messages'; colliding names prefixed with Agens)

const root_AgensMessage: Expect<Equal<Root.AgensMessage, Message>> = true;
const root_Resource: Expect<Equal<Root.Resource, Resource>> = true;
const root_NextInstruction: Expect<Equal<Root.NextInstruction, NextInstruction>> = true;
const root_RouteInstruction: Expect<Equal<Root.RouteInstruction, RouteInstruction>> = true;
const root_YieldInstruction: Expect<Equal<Root.YieldInstruction, YieldInstruction>> = true;
const root_SubInstruction: Expect<Equal<Root.SubInstruction, SubInstruction>> = true;
const root_EndInstruction: Expect<Equal<Root.EndInstruction, EndInstruction>> = true;
const root_RetryInstruction: Expect<Equal<Root.RetryInstruction, RetryInstruction>> = true;
const root_ShortNext: Expect<Equal<Root.ShortNext, ShortNext>> = true;
const root_AgensToolCall: Expect<Equal<Root.AgensToolCall, ToolCall>> = true;
const root_AgensToolCallArgument: Expect<Equal<Root.AgensToolCallArgument, ToolCallArgument>> = true;
const root_AgensToolDef: Expect<Equal<Root.AgensToolDef, ToolDef>> = true;

// ---------------------------------------------------------------------------------------------
// Types from 'agent-messages/agens' (documented names)

const agens_Message: Expect<Equal<Ag.Message, Message>> = true;
const agens_AgensMessage: Expect<Equal<Ag.AgensMessage, Message>> = true;
const agens_Resource: Expect<Equal<Ag.Resource, Resource>> = true;
const agens_NextInstruction: Expect<Equal<Ag.NextInstruction, NextInstruction>> = true;
const agens_RouteInstruction: Expect<Equal<Ag.RouteInstruction, RouteInstruction>> = true;
const agens_YieldInstruction: Expect<Equal<Ag.YieldInstruction, YieldInstruction>> = true;
const agens_SubInstruction: Expect<Equal<Ag.SubInstruction, SubInstruction>> = true;
const agens_EndInstruction: Expect<Equal<Ag.EndInstruction, EndInstruction>> = true;
const agens_RetryInstruction: Expect<Equal<Ag.RetryInstruction, RetryInstruction>> = true;
const agens_ShortNext: Expect<Equal<Ag.ShortNext, ShortNext>> = true;
const agens_ToolCall: Expect<Equal<Ag.ToolCall, ToolCall>> = true;
const agens_ToolCallArgument: Expect<Equal<Ag.ToolCallArgument, ToolCallArgument>> = true;
const agens_ToolDef: Expect<Equal<Ag.ToolDef, ToolDef>> = true;

const agens_next_types: Expect<Equal<NextInstruction['type'], 'route' | 'yield' | 'sub' | 'end' | 'retry'>> = true;

// ---------------------------------------------------------------------------------------------
// The facade's value API

declare const x: unknown;

const validated = agens.validate(x);
if (validated.ok) {
  const facade_validate_ok: Expect<Equal<typeof validated.value, Message>> = true;
} else {
  const facade_validate_issues: Expect<Equal<typeof validated.issues, Root.Issue[]>> = true;
}
if (agens.is(x)) {
  const facade_is: Expect<Equal<typeof x, Message>> = true;
}
if (agens.RouteInstruction.is(x)) {
  const facade_RouteInstruction_is: Expect<Equal<typeof x, RouteInstruction>> = true;
}
if (agensNs.ToolCall.is(x)) {
  const facade_ToolCall_is: Expect<Equal<typeof x, ToolCall>> = true;
}
const facade_assert: Expect<Equal<ReturnType<typeof agens.assert>, Message>> = true;
const facade_Resource_validate: Expect<Equal<ReturnType<typeof agens.Resource.validate>, Root.ValidationResult<Resource>>> = true;

const created = agens.createMessage({ input: 'hi', caller: '#PID<0.1.2>', next: [agens.route('a')], trace: 7 });
const facade_createMessage: Expect<Equal<typeof created, Message & { id: string | null; retries: number; next: NextInstruction[] }>> = true;
const facade_created_id: Expect<Equal<typeof created.id, string | null>> = true;
const facade_route: Expect<Equal<ReturnType<typeof agens.route>, RouteInstruction>> = true;
const facade_yieldTo: Expect<Equal<ReturnType<typeof agens.yieldTo>, YieldInstruction>> = true;
const facade_sub: Expect<Equal<ReturnType<typeof agens.sub>, SubInstruction>> = true;
const facade_end: Expect<Equal<ReturnType<typeof agens.end>, EndInstruction>> = true;
const facade_retry: Expect<Equal<ReturnType<typeof agens.retry>, RetryInstruction>> = true;
const facade_generateUid: Expect<Equal<ReturnType<typeof agens.generateUid>, string>> = true;
const parsed = agens.parseNext([{ type: 'route', value: 'a' }]);
const facade_parseNext: Expect<Equal<typeof parsed, Root.AgensParseNextResult>> = true;
const facade_parseNext_next: Expect<Equal<typeof parsed.next, NextInstruction[]>> = true;
const facade_parseNext_issues: Expect<Equal<typeof parsed.issues, Root.Issue[]>> = true;
const short = agens.toShortNext([agens.end()]);
const facade_toShortNext: Expect<Equal<typeof short.value, ShortNext[]>> = true;

type Std = (typeof agens.schema)['~standard'];
const facade_schema_output: Expect<Equal<NonNullable<Std['types']>['output'], Message>> = true;

const facade_subpath_validate: Expect<Equal<typeof agensNs.validate, typeof agens.validate>> = true;
const facade_subpath_default: Expect<Equal<typeof agensDefault, Root.AgensNamespace>> = true;
const facade_subpath_Message: Expect<Equal<ReturnType<typeof agensNs.Message.assert>, Message>> = true;
const facade_subpath_AgensMessage: Expect<Equal<ReturnType<typeof agensNs.AgensMessage.assert>, Message>> = true;

// Wrong fields are compile errors.
// @ts-expect-error input is required
agens.createMessage({});
// @ts-expect-error input is a string
agens.createMessage({ input: 5 });
// @ts-expect-error retries cannot be null
agens.createMessage({ input: 'x', retries: null });
// @ts-expect-error a route needs a node id
agens.route();
// @ts-expect-error the tool call type is one of two literals
const badCall: Ag.ToolCall = { id: 'c', name: 'n', arguments: [], server_name: 's', type: 'function' };
