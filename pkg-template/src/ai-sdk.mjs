// The AI SDK: `ModelMessage` (the module-level verbs of `aiSdk`) and `UIMessage` (its validator
// object `aiSdk.UIMessage`), named as `ai` names them, with constructors.

export function createAiSdk(wasm, validators, numbers, tape, { ROLES }) {
  return {
    ROLES: Object.freeze([...ROLES]),
  };
}

export function createAiSdkUi(wasm, validators, numbers, tape, { UI_ROLES }) {
  return {
    UI_ROLES: Object.freeze([...UI_ROLES]),
  };
}
