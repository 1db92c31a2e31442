// The AI SDK as the root entry exports it: the `aiSdk` namespace (ModelMessage and UIMessage)
// and its type.

import type { Validator } from './index.js';

/** The AI SDK's `ModelMessage` (the module-level verbs) and `UIMessage` (`aiSdk.UIMessage`). */
export interface AiSdkNamespace extends Validator<unknown> {
  readonly ModelMessage: Validator<unknown>;
  readonly UIMessage: Validator<unknown>;
  /** The roles of a `ModelMessage`. */
  readonly ROLES: readonly string[];
  /** The roles of a `UIMessage`. */
  readonly UI_ROLES: readonly string[];
}

export declare const aiSdk: AiSdkNamespace;
