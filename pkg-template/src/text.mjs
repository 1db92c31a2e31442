// JSON text into wasm memory with one TextEncoder.encodeInto into a buffer Rust keeps (a
// string argument would be copied character by character by the generated glue).

export function createTextBuffer(wasm) {
  const encoder = new TextEncoder();
  const memory = wasm.wasm_memory();
  let at = 0, view = new Uint8Array(0);

  function reserve(bytes) {
    const p = wasm.text_reserve(bytes);
    if (p === 0) return false;
    at = p;
    view = new Uint8Array(memory.buffer, at, bytes);
    return true;
  }
  reserve(1 << 16);

  /** Encode `text` into the buffer; its length in bytes, or -1 when memory cannot be had. */
  function put(text) {
    if (view.length === 0 && !reserve(1 << 16)) return -1;
    // Most texts fit at once; a UTF-8 encoding never exceeds 3 bytes per UTF-16 unit.
    if (text.length * 3 > view.length && text.length > view.length) {
      if (!reserve(text.length * 3)) return -1;
    }
    const { read, written } = encoder.encodeInto(text, view);
    if (read === text.length) return written;
    if (!reserve(text.length * 3)) return -1;
    return encoder.encodeInto(text, view).written;
  }

  return { put };
}
