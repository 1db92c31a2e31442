// Agens: what the format adds to its validators (constructors and the like).

function createAgens(wasm, validators) {
  return {};
}
