// The issues of an INVALID result as the wasm writes them (`issues_compact` and
// `failures_compact`, src/validate/issue.rs; its marks: `numbers.issueForm`): counts, indices
// and lengths in decimal, each string cut out of the text by its length, nothing unescaped.
// The same objects `JSON.parse` of their JSON text gives ({ code, path, message, expected?,
// received? }, in that order), about 5x faster: for an invalid message, reading its issues
// was the most of its validation.

const ZERO = '0'.charCodeAt(0);
const NINE = '9'.charCodeAt(0);

/** `{ readIssues, readIssuesThen, readFailures }` for the wasm that `numbers` describes. */
export function createIssueReader(numbers) {
  const { INDEX, NONE } = numbers.issueForm;
  // The text being read and where.
  let T = '';
  let at = 0;

  // A number, and the mark that ends it.
  function number() {
    let n = 0;
    let c;
    while ((c = T.charCodeAt(at++)) >= ZERO && c <= NINE) n = n * 10 + (c - ZERO);
    return n;
  }

  // A string: its length in UTF-16 units, its mark, the string.
  function string() {
    const n = number();
    return T.slice(at, (at += n));
  }

  // `expected` or `received`, unless the text says there is none.
  function optional(issue, key) {
    if (T.charCodeAt(at) === NONE) at++;
    else issue[key] = string();
  }

  function list() {
    const out = [];
    for (let n = number(); n > 0; n--) {
      const code = string();
      const path = [];
      for (let steps = number(); steps > 0; steps--) path.push(T.charCodeAt(at++) === INDEX ? number() : string());
      const issue = { code, path, message: string() };
      optional(issue, 'expected');
      optional(issue, 'received');
      out.push(issue);
    }
    return out;
  }

  function reading(text, read) {
    T = text;
    at = 0;
    try {
      return read();
    } finally {
      T = '';
    }
  }

  // `validateMany`'s invalid items: each index, then its issues.
  function failures() {
    const out = new Map();
    for (let n = number(); n > 0; n--) {
      const index = number();
      out.set(index, list());
    }
    return out;
  }

  return {
    /** The issues of an INVALID result. */
    readIssues: (text) => reading(text, list),
    /** Issues, and the text after them (a finished stream's JSON). */
    readIssuesThen: (text) => reading(text, () => [list(), T.slice(at)]),
    /** `validateMany`'s invalid items: a Map from each index to its issues. */
    readFailures: (text) => reading(text, failures),
  };
}
