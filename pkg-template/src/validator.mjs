// The verbs every documented type offers, built once per schema number. All of them go
// through the same two wasm calls: one to check a tape, one to check JSON text.

import { BUILT, builtCheck } from './built.mjs';
import { ValidationError } from './errors.mjs';
import { createIssueReader } from './issues.mjs';
import { MAX_ITEMS } from './tape.mjs';
import { escapeLoneSurrogates, kindOf, messageOf } from './values.mjs';

/** The caller's options as the checks take them (flags, limits), with the defaults. */
export function createOptions(numbers) {
  const { STRICT, ABORT_EARLY } = numbers.flag;
  const { DEFAULT_MAX_ISSUES, DEFAULT_MAX_DEPTH, DEPTH_CEILING } = numbers.limit;

  /** `{ flags, maxIssues, maxDepth }` from the caller's options; null when none are given. */
  function read(options) {
    if (options === undefined || options === null) return null;
    if (typeof options !== 'object') throw new TypeError('options must be an object');
    const { strict = false, abortEarly = false, maxIssues = DEFAULT_MAX_ISSUES, maxDepth = DEFAULT_MAX_DEPTH } = options;
    if (!Number.isInteger(maxIssues) || maxIssues < 1) throw new TypeError('maxIssues must be a positive integer');
    if (!Number.isInteger(maxDepth) || maxDepth < 1 || maxDepth > DEPTH_CEILING) {
      throw new TypeError(`maxDepth must be an integer from 1 to ${DEPTH_CEILING}`);
    }
    return { flags: (strict ? STRICT : 0) | (abortEarly ? ABORT_EARLY : 0), maxIssues, maxDepth };
  }

  return {
    read,
    DEFAULTS: { flags: 0, maxIssues: DEFAULT_MAX_ISSUES, maxDepth: DEFAULT_MAX_DEPTH },
    // `is`: the first issue is enough.
    GUARD: { flags: ABORT_EARLY, maxIssues: 1, maxDepth: DEFAULT_MAX_DEPTH },
  };
}

function invalidInput(message, expected, received) {
  return { ok: false, issues: [{ code: 'invalid_input', path: [], message, expected, received }] };
}

export const TOO_LARGE = JSON.stringify([{
  code: 'too_large', path: [], message: 'the value is too large to check in the memory available',
}]);

// A constructor that returns the object it is given: a subclass's private fields are then
// added to that object (see ResultState).
class ReturnsItsArgument {
  constructor(o) {
    return o;
  }
}

/** `(id, typeName) => validator`: the verbs of schema number `id`, over one tape and text
 * buffer. */
export function validatorMaker(wasm, tape, texts, numbers, options, applyRevival) {
  const { LIST, EACH, ENCODE, JSON_FORM } = numbers.mode;
  const { OK, OK_WITH_DATA, INVALID } = numbers.result;
  const { readIssues, readFailures } = createIssueReader(numbers);
  const { read: readOptions, DEFAULTS, GUARD } = options;

  // The success result of validateJson: the check built no tree, so the JS form is made (and
  // kept) on the first read of `value`. The result is a plain object whose `value` is an own
  // enumerable accessor, so spread, structuredClone and JSON.stringify read it as they read any
  // property, and their copies hold the value itself. Its state lives in private fields that
  // `ResultState` adds to that plain object, and the accessor's functions are shared by every
  // result: defining it then costs one map transition V8 caches. (The accessor stays an
  // accessor once read: turning it into a data property costs more than a read ever does.)
  class ResultState extends ReturnsItsArgument {
    #text; #plan; #bytes; #value; #made = false;
    constructor(r, text, plan, bytes) {
      super(r);
      this.#text = text;
      this.#plan = plan;
      this.#bytes = bytes;
    }
    static value(r) {
      if (!(#made in r)) return undefined;
      if (!r.#made) {
        const parsed = JSON.parse(r.#text);
        r.#value = r.#plan ? applyRevival(parsed, r.#plan, r.#bytes) : parsed;
        r.#made = true;
        r.#text = r.#plan = r.#bytes = null;
      }
      return r.#value;
    }
  }
  const LAZY_VALUE = {
    get() {
      return ResultState.value(this);
    },
    enumerable: true,
    configurable: true,
  };
  function validJson(text, plan, bytes) {
    const r = { ok: true };
    new ResultState(r, text, plan, bytes);
    return Object.defineProperty(r, 'value', LAZY_VALUE);
  }

  return function createValidator(id, typeName) {
    // Which strings the walker copies for this type (its format's rules read them).
    const keys = tape.keysOf(id);
    // The result code; its data (issues, JSON text, a plan) is read with `result()` before
    // anything else can overwrite it.
    function writeAndCheck(value, o, mode, copyAll) {
      if (!tape.write(value, copyAll, o.maxDepth, (mode & EACH) !== 0, false, keys)) {
        pending = TOO_LARGE;
        return INVALID;
      }
      pending = null;
      return tape.check(id, mode, o.flags, o.maxIssues, o.maxDepth);
    }
    function check(value, o, mode, copyAll) {
      return tape.run(writeAndCheck, value, o, mode, copyAll);
    }
    // fromJSON's check, and on success the value as checked, read back from the tape.
    function writeCheckAndRead(value, o, mode) {
      const code = writeAndCheck(value, o, mode, true);
      return [code, code === INVALID ? undefined : tape.read()];
    }
    let pending = null;
    function result() {
      if (pending !== null) {
        const r = pending;
        pending = null;
        return r;
      }
      return wasm.take_result();
    }
    // The issues of the INVALID result just given (the walker's own, or the engine's).
    function issues() {
      return pending !== null ? JSON.parse(result()) : readIssues(wasm.take_result());
    }

    // The in-place checks (built.mjs), made on first use: a flat message of plain fields is
    // valid without crossing into the engine.
    let built = null;

    function validate(value, options) {
      if (options === undefined && (built ??= builtCheck(wasm, id, assert)).holdsInPlace(value)) return { ok: true, value };
      const o = options === undefined ? DEFAULTS : readOptions(options) ?? DEFAULTS;
      const code = check(value, o, 0, false);
      if (code === OK) return { ok: true, value };
      return { ok: false, issues: issues() };
    }

    function validateMany(values, options) {
      if (kindOf(values) !== 'array') throw new TypeError(`validateMany takes an array, received ${kindOf(values)}`);
      try {
        void values.length;
      } catch (e) {
        throw new TypeError(`validateMany could not read the array: ${messageOf(e)}`);
      }
      // One result an item: a list too long to ever check cannot have them.
      if (values.length > MAX_ITEMS) throw new RangeError(`validateMany takes at most ${MAX_ITEMS} items, received ${values.length}`);
      const o = readOptions(options) ?? DEFAULTS;
      const bad = check(values, o, EACH, false);
      const results = new Array(values.length);
      let failures = null;
      if (pending !== null) {
        const all = issues();
        return results.fill(null).map(() => ({ ok: false, issues: all }));
      }
      if (bad > 0) failures = readFailures(wasm.take_result());
      for (let i = 0; i < values.length; i++) {
        const issues = failures?.get(i);
        results[i] = issues ? { ok: false, issues } : { ok: true, value: values[i] };
      }
      return results;
    }

    function validateJson(text, options) {
      if (typeof text !== 'string') {
        return invalidInput(`validateJson takes JSON text, received ${kindOf(text)}`, 'string', kindOf(text));
      }
      const o = options === undefined ? DEFAULTS : readOptions(options) ?? DEFAULTS;
      const len = texts.put(escapeLoneSurrogates(text));
      if (len < 0) return { ok: false, issues: JSON.parse(TOO_LARGE) };
      const code = wasm.json_check_buffer(id, len, o.flags, o.maxIssues, o.maxDepth);
      if (code === INVALID) return { ok: false, issues: readIssues(wasm.take_result()) };
      if (code !== OK_WITH_DATA) return validJson(text, null, null);
      return validJson(text, JSON.parse(wasm.take_result()), wasm.take_bytes());
    }

    function is(value) {
      if ((built ??= builtCheck(wasm, id, assert)).holdsInPlace(value)) return true;
      return check(value, GUARD, 0, false) === OK;
    }

    function assert(value, options) {
      const r = validate(value, options);
      if (!r.ok) throw new ValidationError(r.issues, typeName);
      return value;
    }

    function toJSON(value, options) {
      const o = readOptions(options) ?? DEFAULTS;
      const code = check(value, o, ENCODE | (kindOf(value) === 'array' ? LIST : 0), true);
      if (code === INVALID) throw new ValidationError(issues(), typeName);
      return result();
    }

    function fromJSON(textOrValue, options) {
      if (typeof textOrValue === 'string') {
        const r = validateJson(textOrValue, options);
        if (!r.ok) throw new ValidationError(r.issues, typeName);
        return r.value;
      }
      // A parsed JSON-form value: checked as it is (JSON.stringify would turn -0 into 0), then
      // revived on a copy, so that the caller's value is left alone. The copy is the one the
      // check read (the tape read back): a Proxy or a getter is read once, as validate reads it.
      const o = readOptions(options) ?? DEFAULTS;
      const [code, copy] = tape.run(writeCheckAndRead, textOrValue, o, JSON_FORM | (kindOf(textOrValue) === 'array' ? LIST : 0));
      if (code === INVALID) throw new ValidationError(issues(), typeName);
      if (code !== OK_WITH_DATA) return copy;
      const plan = JSON.parse(result());
      return applyRevival(copy, plan, wasm.take_bytes());
    }

    const schema = {
      '~standard': {
        version: 1,
        vendor: 'agent-messages',
        validate(value) {
          const r = validate(value);
          return r.ok ? { value: r.value } : { issues: r.issues };
        },
      },
    };

    // For the constructors (built.mjs): `checkFor(tag)(message)` checks a message they built in
    // place where it can, else asserts it; `checkFor(tag, filled)(message, given)` checks only
    // what the caller gave.
    function checkFor(tag, filled) {
      built ??= builtCheck(wasm, id, assert);
      return filled === undefined ? built.checkFor(tag) : built.checkGivenFor(tag, filled);
    }

    return { name: typeName, validate, validateMany, validateJson, is, assert, schema, toJSON, fromJSON, [BUILT]: checkFor };
  };
}
