// What the browser entries of one page share: the root entry's API while it loads, so that the
// format entries use it (one wasm instance, one download) when the page imports the root too.
// Not an entry of its own.
export const page = { root: null };
