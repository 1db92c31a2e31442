// Anthropic Messages as the root entry exports it: the `anthropic` namespace and its type.

import type { Validator } from './index.js';

/** Anthropic Messages (`@anthropic-ai/sdk`'s `MessageParam`). */
export interface AnthropicNamespace extends Validator<unknown> {
  readonly MessageParam: Validator<unknown>;
  /** The roles of a `MessageParam`. */
  readonly ROLES: readonly string[];
}

export declare const anthropic: AnthropicNamespace;
