// The AI SDK's `ModelMessage`: the module-level verbs of `aiSdk`, its validators and
// constructors, named as `ai` names them. (`UIMessage` shares the namespace: ai-sdk-ui.mjs.)

export function createAiSdk(wasm, validators, numbers, tape, { ROLES }) {
  return {
    ROLES: Object.freeze([...ROLES]),
  };
}
