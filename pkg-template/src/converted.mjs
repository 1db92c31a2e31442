// Converted messages built from the tape the wasm checked them on (`Built`, src/tape/value.rs):
// its words, its numbers, and its strings' UTF-8 text, decoded once and cut at the UTF-16
// offsets the wasm counted. The same values JSON.parse of the messages' JSON text gives,
// without that text being written, escaped, decoded and parsed.

import { setOwnProperty } from './values.mjs';

export function createBuiltReader(wasm, numbers, keyNames) {
  const { NULL, TRUE, FALSE, NUM, STR, ARR, OBJ, END, KEY_ID } = numbers.tag;
  const { WORDS, WORD_COUNT, NUMS, NUM_COUNT, TEXT, TEXT_BYTES, UNITS, UNIT_COUNT, PARTS } = numbers.builtParts;
  // (ignoreBOM: a string that opens with U+FEFF keeps it; the default drops it from the text.)
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let W = null, N = null, U = null, T = '', at = 0, s = 0;

  // The next string of the tape (a value's or a key's).
  function text() {
    return T.slice(U[s], U[++s]);
  }

  function get() {
    const tag = W[at++];
    switch (tag) {
      case STR: at += 4; return text();
      case NUM: return N[W[at++]];
      case OBJ: {
        at++;
        const out = {};
        while (W[at] !== END) {
          let k;
          if (W[at] === KEY_ID) { k = keyNames[W[at + 1]]; at += 2; } else { at += 5; k = text(); }
          setOwnProperty(out, k, get());
        }
        at++;
        return out;
      }
      case ARR: {
        at++;
        const out = [];
        while (W[at] !== END) out.push(get());
        at++;
        return out;
      }
      case NULL: return null;
      case TRUE: return true;
      case FALSE: return false;
      default: throw new Error(`agent-messages: a converted value of tag ${tag} cannot be built`);
    }
  }

  /** The last converted messages, built; the wasm then lets them go. */
  return function readBuilt() {
    const at0 = wasm.built_parts();
    const memory = wasm.wasm_memory().buffer;
    const parts = new Uint32Array(memory, at0, PARTS);
    W = new Uint32Array(memory, parts[WORDS], parts[WORD_COUNT]);
    N = new Float64Array(memory, parts[NUMS], parts[NUM_COUNT]);
    U = new Uint32Array(memory, parts[UNITS], parts[UNIT_COUNT]);
    T = decoder.decode(new Uint8Array(memory, parts[TEXT], parts[TEXT_BYTES]));
    at = 0;
    s = 0;
    try {
      return get();
    } finally {
      W = N = U = null;
      T = '';
      wasm.built_release();
    }
  };
}
