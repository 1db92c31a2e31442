// Turning a parsed JSON-form value into the JS form, following the plan Rust made while
// validating: decode bytes (to a Uint8Array, or an ArrayBuffer), make URLs, rebuild errors,
// unwrap tagged values. (Rust checks only that a `{"$url": href}` has a scheme; an href the URL
// parser still refuses is a ValidationError here, with its path.) Assignment goes through
// defineProperty so that a key named "__proto__" stays an ordinary property.

import { ValidationError } from './errors.mjs';
import { messageOf } from './values.mjs';

const ERROR_TYPES = {
  Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError, AggregateError,
};

function setOwn(target, key, value) {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

function setHidden(target, key, value) {
  Object.defineProperty(target, key, { value, writable: true, enumerable: false, configurable: true });
}

function makeUrl(href, path) {
  try {
    return new URL(href);
  } catch (e) {
    const received = JSON.stringify(href);
    throw new ValidationError([{
      code: 'invalid_format', path: [...path], message: `expected an absolute URL, received ${received}: ${messageOf(e)}`,
      expected: 'absolute URL', received,
    }]);
  }
}

function makeError(o) {
  const Ctor = Object.hasOwn(ERROR_TYPES, o.name) ? ERROR_TYPES[o.name] : Error;
  const aggregate = Ctor === AggregateError && Array.isArray(o.errors);
  const args = aggregate ? [o.errors, o.message] : [o.message];
  if (Object.hasOwn(o, 'cause')) args.push({ cause: o.cause });
  const e = Ctor === AggregateError && !aggregate ? new Error(o.message, ...args.slice(1)) : new Ctor(...args);
  if (e.name !== o.name) setHidden(e, 'name', o.name);
  if (Object.hasOwn(o, 'stack')) setHidden(e, 'stack', o.stack);
  else delete e.stack;
  for (const k of Object.keys(o)) {
    if (k === 'name' || k === 'message' || k === 'stack' || k === 'cause' || (aggregate && k === 'errors')) continue;
    setOwn(e, k, o[k]);
  }
  return e;
}

/** `applyRevival(root, plan, bytes)`: the plan's steps (`[path, kind, offset?, length?]`,
 * kinds from `describe().numbers.revive`) applied to `root`; returns the revived root. */
export function createReviver(numbers) {
  const { BYTES, ERROR, UNWRAP, ARRAY_BUFFER, URL: URL_KIND } = numbers.revive;
  return function applyRevival(root, plan, bytes) {
    for (const [path, kind, off, len] of plan) {
      let parent = null, key = null, node = root;
      for (const seg of path) { parent = node; key = seg; node = node[seg]; }
      let value;
      if (kind === BYTES) value = bytes.slice(off, off + len);
      else if (kind === ARRAY_BUFFER) value = bytes.slice(off, off + len).buffer;
      else if (kind === URL_KIND) value = makeUrl(node, path);
      else if (kind === ERROR) value = makeError(node);
      else if (kind === UNWRAP) value = node[Object.keys(node)[0]];
      else throw new Error(`agent-messages: a revival step of unknown kind ${kind}`);
      if (parent === null) root = value;
      else setOwn(parent, key, value);
    }
    return root;
  };
}
