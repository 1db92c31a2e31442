// Every number the facade shares with the wasm (tape tags, kinds, flags, modes, result codes,
// revival kinds, Bedrock slot codes, limits and defaults) is declared once, in Rust
// (src/boundary.rs), and reaches the facade through `describe().numbers`. Each module reads the
// names it needs here, once, at start-up, into constants of its own: no facade file writes one
// of these numbers itself (tests/js/boundary.test.mjs checks both).

function missing(what) {
  return new Error(`agent-messages: the wasm describes no ${what}; the facade and the wasm are from different builds`);
}

/** The tables of `describe().numbers`, by name; reading a table or a number the wasm does not
 * describe throws instead of giving `undefined`. */
export function numbersOf(described) {
  const tables = described?.numbers;
  if (tables === null || typeof tables !== 'object') throw missing('numbers');
  const strict = (what, target) => new Proxy(target, {
    get(t, name) {
      if (typeof name === 'string' && !Object.hasOwn(t, name)) throw missing(`${what}${name}`);
      return t[name];
    },
  });
  const out = {};
  for (const [table, entries] of Object.entries(tables)) out[table] = strict(`${table}.`, entries);
  return strict('table ', out);
}
