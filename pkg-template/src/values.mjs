// What a value is, said without ever throwing, and the well-formedness of strings (a lone
// surrogate has no UTF-8 form): small helpers every part of the facade uses.

/** `"null"`, `"array"`, `typeof` otherwise; a revoked Proxy is named, not thrown. */
export function kindOf(v) {
  if (v === null) return 'null';
  try {
    if (Array.isArray(v)) return 'array';
  } catch {
    return 'a revoked Proxy';
  }
  return typeof v;
}

/** The message of an exception, for an issue (a throwing `message` getter included). */
export function messageOf(e) {
  try {
    if (e instanceof Error) return String(e.message);
    return String(e);
  } catch {
    return 'an exception that could not be described';
  }
}

/** A lone surrogate: a UTF-16 half of a character, with no other half beside it. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Does this engine have `String.prototype.isWellFormed` (the fast check)? */
export const hasIsWellFormed = typeof ''.isWellFormed === 'function';
// (`search` ignores the regex's global flag and lastIndex.)
/** Is the string free of lone surrogates? */
export const wellFormed = hasIsWellFormed ? (s) => s.isWellFormed() : (s) => s.search(LONE_SURROGATE) < 0;

/** Lone surrogates written as JSON escapes: JSON text reaches wasm as UTF-8, where a lone
 * surrogate would become U+FFFD; as an escape it stays what it is, and is reported. */
export function escapeLoneSurrogates(text) {
  if (wellFormed(text)) return text;
  return text.replace(LONE_SURROGATE, (ch) => `\\u${ch.charCodeAt(0).toString(16)}`);
}
