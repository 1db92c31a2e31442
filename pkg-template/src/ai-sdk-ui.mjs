// The AI SDK's `UIMessage` (what `useChat` keeps): its validator object `aiSdk.UIMessage`, the
// part validators and constructors, in the `aiSdk` namespace beside ModelMessage (ai-sdk.mjs).

export function createAiSdkUi(wasm, validators, numbers, tape, { UI_ROLES }) {
  return {
    UI_ROLES: Object.freeze([...UI_ROLES]),
  };
}
