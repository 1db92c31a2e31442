// The AI SDK's UIMessage as the root entry exports it: what the `aiSdk` namespace holds for it
// (AiSdkNamespace extends this interface) and its types.

import type { Validator } from './index.js';

/** The `UIMessage` half of the `aiSdk` namespace. */
export interface AiSdkUiNamespace {
  readonly UIMessage: Validator<unknown>;
  /** The roles of a `UIMessage`. */
  readonly UI_ROLES: readonly string[];
}
