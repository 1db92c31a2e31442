// Anthropic Messages: validators for every documented type (named as `@anthropic-ai/sdk` names
// them) and constructors.

export function createAnthropic(wasm, validators, numbers, tape, { ROLES }) {
  return {
    ROLES: Object.freeze([...ROLES]),
  };
}
