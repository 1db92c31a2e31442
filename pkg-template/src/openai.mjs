// OpenAI Chat Completions: what the format adds to its validators (constructors and the like).

function createOpenAI(wasm, validators) {
  return {};
}
