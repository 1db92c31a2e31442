// agent-messages/ai-sdk: the AI SDK's ModelMessage and UIMessage under `ai`'s names.

import type { AiSdkNamespace } from './index.js';

export type {
  JSONValue,
  Issue,
  IssueCode,
  ValidateOptions,
  ValidationResult,
  Validator,
  StandardSchemaV1,
  AiSdkNamespace,
} from './index.js';

export declare const validate: AiSdkNamespace['validate'];
export declare const validateMany: AiSdkNamespace['validateMany'];
export declare const validateJson: AiSdkNamespace['validateJson'];
export declare const is: AiSdkNamespace['is'];
export declare const assert: AiSdkNamespace['assert'];
export declare const schema: AiSdkNamespace['schema'];
export declare const toJSON: AiSdkNamespace['toJSON'];
export declare const fromJSON: AiSdkNamespace['fromJSON'];
export declare const ROLES: AiSdkNamespace['ROLES'];
export declare const ModelMessage: AiSdkNamespace['ModelMessage'];

// UIMessage (ai-sdk-ui.root.d.ts)
export declare const UI_ROLES: AiSdkNamespace['UI_ROLES'];
export declare const UIMessage: AiSdkNamespace['UIMessage'];
declare const aiSdk: AiSdkNamespace;
export default aiSdk;
