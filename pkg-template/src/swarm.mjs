// agent-swarm-kit: what the format adds to its validators (constructors and the like).

function createSwarm(wasm, validators) {
  return {};
}
