// The AI SDK as the root entry exports it: the `aiSdk` namespace (ModelMessage here, UIMessage
// from ai-sdk-ui.root.d.ts) and its types.

import type { Validator } from './index.js';
import type { AiSdkUiNamespace } from './ai-sdk-ui.root.js';

/** The AI SDK's `ModelMessage` (the module-level verbs) and `UIMessage` (`aiSdk.UIMessage`). */
export interface AiSdkNamespace extends Validator<unknown>, AiSdkUiNamespace {
  readonly ModelMessage: Validator<unknown>;
  /** The roles of a `ModelMessage`. */
  readonly ROLES: readonly string[];
}

export declare const aiSdk: AiSdkNamespace;
