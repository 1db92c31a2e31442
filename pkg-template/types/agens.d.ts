// agent-messages/agens: Elixir `Agens.Message` (agens v0.2.0) under its documented names.

import type * as T from './index.js';
import type { AgensNamespace } from './index.js';

export type {
  Issue,
  IssueCode,
  ValidateOptions,
  ValidationResult,
  Validator,
  StandardSchemaV1,
  AgensNamespace,
  AgensMessageInit,
  AgensParseNextResult,
  AgensShortNextLoss,
} from './index.js';

// These names are both a type and a value (the validator of that type). A re-exported type
// cannot share its name with an exported const (TS2323), but a local type alias merges with one.
export type Message = T.AgensMessage;
export type AgensMessage = T.AgensMessage;
export type Resource = T.Resource;
export type NextInstruction = T.NextInstruction;
export type RouteInstruction = T.RouteInstruction;
export type YieldInstruction = T.YieldInstruction;
export type SubInstruction = T.SubInstruction;
export type EndInstruction = T.EndInstruction;
export type RetryInstruction = T.RetryInstruction;
export type ShortNext = T.ShortNext;
export type ToolCall = T.AgensToolCall;
export type ToolCallArgument = T.AgensToolCallArgument;
export type ToolDef = T.AgensToolDef;

export declare const validate: AgensNamespace['validate'];
export declare const validateMany: AgensNamespace['validateMany'];
export declare const validateJson: AgensNamespace['validateJson'];
export declare const is: AgensNamespace['is'];
export declare const assert: AgensNamespace['assert'];
export declare const schema: AgensNamespace['schema'];
export declare const toJSON: AgensNamespace['toJSON'];
export declare const fromJSON: AgensNamespace['fromJSON'];
export declare const createMessage: AgensNamespace['createMessage'];
export declare const generateUid: AgensNamespace['generateUid'];
export declare const route: AgensNamespace['route'];
export declare const yieldTo: AgensNamespace['yieldTo'];
export declare const sub: AgensNamespace['sub'];
export declare const end: AgensNamespace['end'];
export declare const retry: AgensNamespace['retry'];
export declare const parseNext: AgensNamespace['parseNext'];
export declare const toShortNext: AgensNamespace['toShortNext'];
export declare const NEXT_TYPES: AgensNamespace['NEXT_TYPES'];
export declare const Message: AgensNamespace['Message'];
export declare const AgensMessage: AgensNamespace['Message'];
export declare const Resource: AgensNamespace['Resource'];
export declare const NextInstruction: AgensNamespace['NextInstruction'];
export declare const RouteInstruction: AgensNamespace['RouteInstruction'];
export declare const YieldInstruction: AgensNamespace['YieldInstruction'];
export declare const SubInstruction: AgensNamespace['SubInstruction'];
export declare const EndInstruction: AgensNamespace['EndInstruction'];
export declare const RetryInstruction: AgensNamespace['RetryInstruction'];
export declare const ShortNext: AgensNamespace['ShortNext'];
export declare const ToolCall: AgensNamespace['ToolCall'];
export declare const ToolCallArgument: AgensNamespace['ToolCallArgument'];
export declare const ToolDef: AgensNamespace['ToolDef'];
declare const agens: AgensNamespace;
export default agens;
