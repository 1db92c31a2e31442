// The Agens namespace as the root entry exports it, and the Agens types under their root names
// (`AgensMessage`, `AgensToolCall`, `AgensToolCallArgument` and `AgensToolDef`, where other
// formats use the plain names). `agent-messages/agens` gives them their documented names.

import type * as G from './types/generated.js';
import type { Issue, Validator } from './index.js';

export type {
  AgensMessage,
  Resource,
  NextInstruction,
  RouteInstruction,
  YieldInstruction,
  SubInstruction,
  EndInstruction,
  RetryInstruction,
  ShortNext,
  AgensToolCall,
  AgensToolCallArgument,
  ToolDef as AgensToolDef,
} from './types/generated.js';

/** What `agens.createMessage` takes: the message's fields; `id` (a fresh uid), `retries` (0)
 * and `next` ([]) are filled when absent, and further properties are kept. */
export type AgensMessageInit = G.AgensMessage & { [field: string]: unknown };

/** The result of `agens.parseNext`: the instructions read, and what could not be read or was
 * dropped (as upstream drops it). */
export interface AgensParseNextResult {
  next: G.NextInstruction[];
  issues: Issue[];
}

/** What `agens.toShortNext` cannot write: a route's count other than 1, a retry's reason. */
export interface AgensShortNextLoss {
  index: number;
  path: (string | number)[];
  code: 'route_count' | 'retry_reason';
  detail: string;
}

/** Elixir `Agens.Message` (agens v0.2.0). */
export interface AgensNamespace extends Validator<G.AgensMessage> {
  readonly Message: Validator<G.AgensMessage>;
  /** The same validator under its root name. */
  readonly AgensMessage: Validator<G.AgensMessage>;
  readonly Resource: Validator<G.Resource>;
  readonly NextInstruction: Validator<G.NextInstruction>;
  readonly RouteInstruction: Validator<G.RouteInstruction>;
  readonly YieldInstruction: Validator<G.YieldInstruction>;
  readonly SubInstruction: Validator<G.SubInstruction>;
  readonly EndInstruction: Validator<G.EndInstruction>;
  readonly RetryInstruction: Validator<G.RetryInstruction>;
  readonly ShortNext: Validator<G.ShortNext>;
  readonly ToolCall: Validator<G.AgensToolCall>;
  readonly ToolCallArgument: Validator<G.AgensToolCallArgument>;
  readonly ToolDef: Validator<G.ToolDef>;

  /** A message with the struct's defaults: `id` a fresh uid, `retries: 0`, `next: []` (each
   * only when absent or undefined). Throws a ValidationError if the fields do not make a valid
   * message (`input` is required and not empty). */
  createMessage(fields: AgensMessageInit): G.AgensMessage & { id: string | null; retries: number; next: G.NextInstruction[] };
  /** 32 lowercase hex characters from 16 cryptographically random bytes, as Agens makes ids. */
  generateUid(): string;
  /** `{:route, node_id, count}`; count a positive integer, 1 by default. */
  route(node_id: string, count?: number): G.RouteInstruction;
  /** `{:yield, node_id}`. */
  yieldTo(node_id: string): G.YieldInstruction;
  /** `{:sub, job_id}`. */
  sub(job_id: string): G.SubInstruction;
  /** `:end`. */
  end(): G.EndInstruction;
  /** `:retry`, or `{:retry, reason}`. */
  retry(reason?: string): G.RetryInstruction;
  /** The model's structured output `[{ type, value }]` (an array, or its JSON text) read with
   * upstream's rules: route gets count 1, yield/sub take the value as node_id/job_id, end and
   * retry take none, anything else is dropped. Dropped items and values are issues. Never
   * throws. With `retryReason: true` a retry's non-empty string value becomes its reason. */
  parseNext(shortForm: unknown, options?: { retryReason?: boolean }): AgensParseNextResult;
  /** Instructions in the model's short form, with what it cannot say. Throws a ValidationError
   * for invalid instructions. */
  toShortNext(next: readonly G.NextInstruction[]): { value: G.ShortNext[]; losses: AgensShortNextLoss[] };
  /** The instruction types, in upstream's order. */
  readonly NEXT_TYPES: readonly G.ShortNext['type'][];
}

export declare const agens: AgensNamespace;
