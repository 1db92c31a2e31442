// agent-messages/anthropic: Anthropic Messages under `@anthropic-ai/sdk`'s names.

import type { AnthropicNamespace } from './index.js';

export type {
  JSONValue,
  Issue,
  IssueCode,
  ValidateOptions,
  ValidationResult,
  Validator,
  StandardSchemaV1,
  AnthropicNamespace,
} from './index.js';

export declare const validate: AnthropicNamespace['validate'];
export declare const validateMany: AnthropicNamespace['validateMany'];
export declare const validateJson: AnthropicNamespace['validateJson'];
export declare const is: AnthropicNamespace['is'];
export declare const assert: AnthropicNamespace['assert'];
export declare const schema: AnthropicNamespace['schema'];
export declare const toJSON: AnthropicNamespace['toJSON'];
export declare const fromJSON: AnthropicNamespace['fromJSON'];
export declare const ROLES: AnthropicNamespace['ROLES'];
export declare const MessageParam: AnthropicNamespace['MessageParam'];
declare const anthropic: AnthropicNamespace;
export default anthropic;
