// Bedrock Swarm: what the format adds to its validators (constructors and the like).

function createBedrock(wasm, validators) {
  return {};
}
