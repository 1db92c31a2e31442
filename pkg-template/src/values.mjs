// What a value is, said without ever throwing, and the well-formedness of strings (a lone
// surrogate has no UTF-8 form): small helpers every part of the facade uses.

/** A constructor's `init` (or `fields`, named by `what`): `{}` when absent, else the object
 * itself; anything else is a TypeError naming the constructor `fn`. */
export function readInit(init, fn, what = 'init') {
  if (init === undefined) return {};
  if (init === null || typeof init !== 'object' || Array.isArray(init)) {
    throw new TypeError(`${fn}: ${what} must be an object, received ${kindOf(init)}`);
  }
  return init;
}

/** What a constructor `fn` builds, `{ ...tag, ...given, ...init }`: its tag (`{ role: 'user' }`,
 * `{ type: 'text' }`), what its arguments gave, and its init; an init that contradicts the tag
 * or an argument is a TypeError. */
export function mergeInit(fn, tag, given, init) {
  init = readInit(init, fn);
  for (const [key, value] of Object.entries(tag)) {
    if (Object.hasOwn(init, key) && init[key] !== value) {
      const made = key === 'role' ? `${JSON.stringify(value)} messages` : JSON.stringify(value);
      throw new TypeError(`${fn}: init.${key} is ${JSON.stringify(init[key])} but this constructor makes ${made}`);
    }
  }
  for (const key of Object.keys(given)) {
    if (Object.hasOwn(init, key) && init[key] !== given[key]) {
      throw new TypeError(`${fn}: init.${key} contradicts the ${key} argument`);
    }
  }
  return { ...tag, ...given, ...init };
}

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

/** The first argument of a constructor that takes its tag first (`kernel.createMessage(type,
 * fields)`, `swarm.createMessage(role, fields)`, ...), returned when it is a string; otherwise a
 * TypeError. Given a plain object, as from a caller who wrote `createMessage({ role, ... })`,
 * the error says the tag comes first, with an example from that object's own tag if it has one.
 * `fn`: the constructor's name with its namespace; `what`: the tag's name (`type`, `role`). */
export function tagFirst(fn, what, tag, example) {
  if (typeof tag === 'string') return tag;
  const kind = kindOf(tag);
  if (kind === 'object') {
    let plain = false, given;
    try {
      const proto = Object.getPrototypeOf(tag);
      plain = proto === Object.prototype || proto === null;
      if (plain) given = tag[what];
    } catch {
      // A Proxy whose trap threw: the example falls back to `example`.
    }
    if (plain) {
      const shown = JSON.stringify(typeof given === 'string' && wellFormed(given) ? given : example);
      throw new TypeError(`${fn}(${what}, fields): the ${what} comes first, e.g. ${fn}(${shown}, {...})`);
    }
  }
  throw new TypeError(`${fn}: ${what} must be a string, received ${kind}`);
}

/** The `createMessage(role, fields)` of a format whose messages are told apart by `role`
 * (`where`: its namespace, for the tag-first hint): `{ role, ...fields }`, validated by
 * `built(role)` (a validator's constructor check, built.mjs: a ValidationError otherwise);
 * `fields.role` must not contradict `role`. */
export function createByRole(where, built) {
  return function createMessage(role, fields) {
    tagFirst(`${where}.createMessage`, 'role', role, 'user');
    fields = readInit(fields, 'createMessage', 'fields');
    if (Object.hasOwn(fields, 'role') && fields.role !== role) {
      throw new TypeError(`createMessage: fields.role is ${JSON.stringify(fields.role)} but the role argument is ${JSON.stringify(role)}`);
    }
    return built(role)({ role, ...fields });
  };
}

/** `target[key] = value` as an own, enumerable data property, also when `key` is
 * "__proto__" (which an assignment would take as the prototype): how values read back from a
 * tape get their properties. */
export function setOwnProperty(target, key, value) {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}
