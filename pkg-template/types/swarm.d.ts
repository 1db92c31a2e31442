// agent-messages/swarm: agent-swarm-kit's `IModelMessage` under its documented names.

import type * as T from './index.js';
import type { SwarmNamespace } from './index.js';

export type {
  SwarmInit,
  SwarmFlushInit,
  SwarmMessageOf,
  SwarmNamespace,
  Issue,
  IssueCode,
  ValidateOptions,
  ValidationResult,
  Validator,
  StandardSchemaV1,
} from './index.js';

// These names are both a type and a value (the validator of that type). A re-exported type
// cannot share its name with an exported const (TS2323), but a local type alias merges with one.
export type IModelMessage<Payload extends object = object> = T.IModelMessage<Payload>;
export type Message<Payload extends object = object> = T.IModelMessage<Payload>;
export type IToolCall = T.IToolCall;
export type ExecutionMode = T.ExecutionMode;
export type ModelMessageRole = T.ModelMessageRole;

export declare const validate: SwarmNamespace['validate'];
export declare const validateMany: SwarmNamespace['validateMany'];
export declare const validateJson: SwarmNamespace['validateJson'];
export declare const is: SwarmNamespace['is'];
export declare const assert: SwarmNamespace['assert'];
export declare const schema: SwarmNamespace['schema'];
export declare const toJSON: SwarmNamespace['toJSON'];
export declare const fromJSON: SwarmNamespace['fromJSON'];
export declare const createMessage: SwarmNamespace['createMessage'];
export declare const createUserMessage: SwarmNamespace['createUserMessage'];
export declare const createAssistantMessage: SwarmNamespace['createAssistantMessage'];
export declare const createSystemMessage: SwarmNamespace['createSystemMessage'];
export declare const createDeveloperMessage: SwarmNamespace['createDeveloperMessage'];
export declare const createToolOutput: SwarmNamespace['createToolOutput'];
export declare const createFlushMessage: SwarmNamespace['createFlushMessage'];
export declare const createResqueMessage: SwarmNamespace['createResqueMessage'];
export declare const createToolCall: SwarmNamespace['createToolCall'];
export declare const generateToolCallId: SwarmNamespace['generateToolCallId'];
export declare const ROLES: SwarmNamespace['ROLES'];
export declare const MODES: SwarmNamespace['MODES'];
export declare const IModelMessage: SwarmNamespace['IModelMessage'];
export declare const Message: SwarmNamespace['IModelMessage'];
export declare const IToolCall: SwarmNamespace['IToolCall'];
export declare const ExecutionMode: SwarmNamespace['ExecutionMode'];
export declare const ModelMessageRole: SwarmNamespace['ModelMessageRole'];
declare const swarm: SwarmNamespace;
export default swarm;
