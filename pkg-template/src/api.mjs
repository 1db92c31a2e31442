// Wiring: one tape, one validator per schema number, grouped into a namespace per format.

function createApi(wasm) {
  const described = wasm.describe();
  const tape = createTape(wasm, described);
  const texts = createTextBuffer(wasm);
  const byFormat = {};
  described.schemas.forEach(([format, name], id) => {
    (byFormat[format] ??= {})[name] = Object.freeze(createValidator(wasm, tape, texts, id, name));
  });
  const kernel = Object.freeze(createKernel(wasm, byFormat.kernel));
  return Object.freeze({
    kernel,
    ValidationError,
    AgentMessagesError,
    generateUid: () => wasm.generate_uid(),
    version: described.version,
  });
}
