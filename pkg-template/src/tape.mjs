// The walker: writes any JavaScript value into the tape buffers inside wasm memory, in one pass
// and without a single call into wasm, so that Rust can validate it after one crossing. It
// knows nothing of any format: it records what each value is (see src/tape/mod.rs for the
// layout; its numbers, from src/boundary.rs, are read from describe() once), copies short
// strings whole and long ones by length and head, and turns every hazard (a cycle, a throwing
// getter, a revoked Proxy, nesting past the limit) into a mark on the tape instead of an
// exception.

import { numbersOf } from './boundary.mjs';
import { hasIsWellFormed, LONE_SURROGATE, messageOf, setOwnProperty } from './values.mjs';

const toTag = Object.prototype.toString;
const OBJECT_PROTO = Object.prototype;
const getProto = Object.getPrototypeOf;
// Brand checks that a look-alike cannot fool (a Proxy or an object made from
// Uint8Array.prototype answers `undefined`), and that work across realms.
const TypedArrayProto = getProto(Uint8Array.prototype);
const typedArrayName = Object.getOwnPropertyDescriptor(TypedArrayProto, Symbol.toStringTag).get;
const typedArrayLength = Object.getOwnPropertyDescriptor(TypedArrayProto, 'length').get;
// An ArrayBuffer's byteLength getter throws for anything else (a SharedArrayBuffer included);
// a URL's href getter throws for anything that is not a URL (a look-alike, a Proxy of one).
const arrayBufferLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength').get;
const urlHref = typeof URL === 'function' ? Object.getOwnPropertyDescriptor(URL.prototype, 'href').get : null;
function hrefOf(v) {
  try {
    return urlHref.call(v);
  } catch {
    return undefined;
  }
}

// Node's own Buffer writes a string's UTF-16 units into memory natively (lone surrogates kept as
// they are), several times faster than a charCodeAt loop for long strings: the walker uses it in
// Node for copies longer than the head the fast mode copies (SHORT_STRING, 64 units), and the
// loop everywhere else (a browser, or a bundler's Buffer polyfill, which would be no faster).
// Below that the native call costs more than it saves, so validation's head copies keep the
// loop and only whole strings (toJSON, convert, JSON text fields) take the bulk path.
const NodeBuffer = typeof globalThis.process === 'object' && typeof globalThis.process?.versions?.node === 'string'
  && typeof globalThis.Buffer === 'function' ? globalThis.Buffer : null;

// Is Object.prototype free of enumerable properties? Then `for...in` over a plain object
// visits exactly its own keys, and is faster than Object.keys (no array is made).
const PROBE = {};
// An array longer than this could never fit in wasm memory at one word an item: it is reported
// too large without visiting each of its (possibly 2^32 - 1) holes one by one.
export const MAX_ITEMS = 2 ** 26;
export function prototypeClean() {
  for (const _ in PROBE) return false;
  return true;
}

/** Does `for...in` over this object visit exactly its own enumerable keys, as the walker then
 * writes it (see putPlain)? */
export function forInIsOwn(v) {
  const proto = getProto(v);
  return proto === null || (proto === OBJECT_PROTO && prototypeClean());
}

export function createTape(wasm, described) {
  // `var`, not `let` or `const`, for everything the walker's functions share: V8 checks a
  // `let`/`const` of an enclosing function for its temporal dead zone at every read, and these
  // are read for every value written (measured: about 5% of a small object's validation).
  var numbers = numbersOf(described);
  var {
    END, NULL, UNDEF, TRUE, FALSE, NUM, STR, OBJ, ARR, BYTES, ERROR, BIGINT, SYMBOL, FUNCTION, OTHER, CYCLE, DEEP,
    THREW, KEY_ID, KEY_STR, URL: URL_TAG, ARRAY_BUFFER,
  } = numbers.tag;
  var { ILL_FORMED } = numbers.stringFlag;
  var { HEAD, WHOLE } = numbers.content;
  var { SHORT_STRING: SHORT, DEFAULT_MAX_DEPTH } = numbers.limit;
  var { TYPED_ARRAY, INSTANCE } = numbers.otherKind;
  // Where tape_reserve's header says each buffer is.
  var {
    WORDS: H_WORDS, WORDS_CAP: H_WORDS_CAP, NUMS: H_NUMS, NUMS_CAP: H_NUMS_CAP, CHARS: H_CHARS, CHARS_CAP: H_CHARS_CAP,
    BYTES: H_BYTES, BYTES_CAP: H_BYTES_CAP, LEN: H_LEN,
  } = numbers.tapeHeader;
  // The objects the walker does not walk, by their Object.prototype.toString tag (a typed
  // array other than Uint8Array is found by its brand).
  var K = numbers.otherKind;
  var OTHER_KINDS = {
    '[object Date]': K.DATE, '[object Map]': K.MAP, '[object Set]': K.SET, '[object RegExp]': K.REG_EXP,
    '[object Promise]': K.PROMISE, '[object SharedArrayBuffer]': K.ARRAY_BUFFER,
    '[object DataView]': TYPED_ARRAY, '[object WeakMap]': K.WEAK_MAP, '[object WeakSet]': K.WEAK_SET,
    '[object String]': K.STRING_OBJECT, '[object Number]': K.NUMBER_OBJECT, '[object Boolean]': K.BOOLEAN_OBJECT,
    '[object BigInt]': K.BIGINT_OBJECT, '[object Symbol]': K.SYMBOL_OBJECT,
  };

  // Known keys map to their number (the low 16 bits); a key whose string values some rule of
  // the format being validated reads also carries COPY_HEAD (a head is read: a `type` tag, a
  // literal) or COPY_ALL (the whole string: JSON text), and only those strings are copied in
  // the fast mode. One map per format (describe().contentKeys), so that one format's rules
  // (Anthropic's on every `id`) cost the others nothing; `anyKeys`, what any format reads,
  // for a caller that names none.
  var ID_BITS = 0xffff, COPY_HEAD = 0x10000, COPY_ALL = 0x20000;
  var readBits = (level) => (level === HEAD ? COPY_HEAD : level === WHOLE ? COPY_ALL : 0);
  var keyMap = (contentKeys) => {
    const reads = new Map(contentKeys);
    return new Map(described.keys.map((k, i) => [k, i | readBits(reads.get(k))]));
  };
  var keysByFormat = new Map(Object.entries(described.contentKeys).map(([format, keys]) => [format, keyMap(keys)]));
  var anyKeys = new Map(described.keys.map((k, i) => [k, i]));
  // (The most any format reads: the whole string over its head.)
  for (const map of keysByFormat.values()) {
    for (const [k, bits] of map) {
      const had = anyKeys.get(k);
      if ((bits & COPY_ALL) || ((bits & COPY_HEAD) && !(had & COPY_ALL))) anyKeys.set(k, (had & ID_BITS) | (bits & (COPY_HEAD | COPY_ALL)));
    }
  }
  var keyIds = anyKeys;

  // Views over the buffers; rebuilt when wasm memory grows (old views then have length 0).
  var memory = wasm.wasm_memory();
  var W, N, C, B, wCap = 0, nCap = 0, cCap = 0, bCap = 0;
  // The chars buffer again, as a Node Buffer (null elsewhere).
  var CB = null;
  var header = wasm.tape_reserve(4096, 512, 16384, 0);
  function views() {
    const mem = memory.buffer;
    const h = new Uint32Array(mem, header, H_LEN);
    W = new Uint32Array(mem, h[H_WORDS], (wCap = h[H_WORDS_CAP]));
    N = new Float64Array(mem, h[H_NUMS], (nCap = h[H_NUMS_CAP]));
    C = new Uint16Array(mem, h[H_CHARS], (cCap = h[H_CHARS_CAP]));
    B = new Uint8Array(mem, h[H_BYTES], (bCap = h[H_BYTES_CAP]));
    if (NodeBuffer) CB = NodeBuffer.from(mem, h[H_CHARS], cCap * 2);
  }
  views();

  // Write positions, the ancestors on the current path (for cycles), and the mode.
  var w = 0, n = 0, c = 0, b = 0, sp = 0, full = false, maxDepth = DEFAULT_MAX_DEPTH, forIn = true, stackHigh = 0;
  // Plain JSON is wanted: an object of a class is marked, not walked.
  var plain = false;
  // Set by an array too long to ever fit (MAX_ITEMS): the write then fails as too large.
  var overflow = false;
  var stack = [];

  function putChars(s, len, copy) {
    W[w] = len; W[w + 1] = c; W[w + 2] = copy;
    W[w + 3] = len === 0 || (hasIsWellFormed ? s.isWellFormed() : s.search(LONE_SURROGATE) < 0) ? 0 : ILL_FORMED;
    w += 4;
    if (c + copy <= cCap) {
      if (copy > SHORT && CB !== null) CB.write(s, c * 2, copy * 2, 'utf16le');
      else for (let i = 0; i < copy; i++) C[c + i] = s.charCodeAt(i);
    }
    c += copy;
  }

  // `chars`: 0 copy nothing, COPY_HEAD a head, COPY_ALL everything.
  function putStr(s, chars) {
    const len = s.length;
    W[w++] = STR;
    putChars(s, len, full || chars === COPY_ALL ? len : chars === COPY_HEAD ? (len <= SHORT ? len : SHORT) : 0);
  }

  function putThrew(e) {
    W[w++] = THREW;
    putStr(messageOf(e), COPY_ALL);
  }

  function put(v, depth, chars) {
    switch (typeof v) {
      case 'string': putStr(v, chars); return;
      case 'number': W[w] = NUM; W[w + 1] = n; w += 2; N[n++] = v; return;
      case 'boolean': W[w++] = v ? TRUE : FALSE; return;
      case 'undefined': W[w++] = UNDEF; return;
      case 'object': if (v === null) { W[w++] = NULL; return; } break;
      case 'bigint': W[w++] = BIGINT; return;
      case 'symbol': W[w++] = SYMBOL; return;
      default: W[w++] = FUNCTION; return;
    }
    if (depth >= maxDepth) { W[w++] = DEEP; return; }
    for (let i = 0; i < sp; i++) if (stack[i] === v) { W[w++] = CYCLE; return; }
    const start = w, spStart = sp;
    try {
      if (Array.isArray(v)) return putArray(v, depth);
      const proto = getProto(v);
      if (proto === null || (proto === OBJECT_PROTO && forIn)) return putPlain(v, depth);
      const typed = typedArrayName.call(v);
      if (typed === 'Uint8Array') return putBytes(v);
      const tag = toTag.call(v);
      if (tag === '[object ArrayBuffer]') return putArrayBuffer(v);
      if (tag === '[object URL]' && urlHref !== null) {
        const href = hrefOf(v);
        if (href !== undefined) { W[w++] = URL_TAG; putStr(href, COPY_ALL); return; }
      }
      if (v instanceof Error || tag === '[object Error]') return putError(v, depth);
      const kind = typed !== undefined ? TYPED_ARRAY : OTHER_KINDS[tag] ?? (ArrayBuffer.isView(v) ? TYPED_ARRAY : undefined);
      if (kind !== undefined) { W[w] = OTHER; W[w + 1] = kind; w += 2; return; }
      // An object of a class: its own enumerable properties, as JSON.stringify sees it (unless
      // plain JSON is wanted: its class would be lost).
      if (plain && proto !== OBJECT_PROTO) { W[w] = OTHER; W[w + 1] = INSTANCE; w += 2; return; }
      putObject(v, depth);
    } catch (e) {
      w = start;
      sp = spStart;
      putThrew(e);
    }
  }

  function putKey(k) {
    const id = keyIds.get(k);
    if (id !== undefined) { W[w] = KEY_ID; W[w + 1] = id & ID_BITS; w += 2; }
    else { W[w++] = KEY_STR; putChars(k, k.length, k.length); }
  }

  // One property: its key, then its value (a getter that throws becomes a mark).
  function putEntry(v, k, depth) {
    const id = keyIds.get(k);
    if (id !== undefined) { W[w] = KEY_ID; W[w + 1] = id & ID_BITS; w += 2; }
    else { W[w++] = KEY_STR; putChars(k, k.length, k.length); }
    let x;
    try { x = v[k]; } catch (e) { putThrew(e); return; }
    put(x, depth + 1, id & (COPY_HEAD | COPY_ALL));
  }

  // A container starts with its tag and a slot for where it ends, and enters the path of
  // ancestors (for cycles); `close` fills the slot and leaves the path.
  function open(tag, v) {
    W[w] = tag;
    const slot = w + 1;
    w += 2;
    stack[sp++] = v;
    if (sp > stackHigh) stackHigh = sp;
    return slot;
  }

  function close(slot) {
    sp--;
    W[w++] = END;
    W[slot] = w;
  }

  // A plain object: `for...in` (see prototypeClean).
  function putPlain(v, depth) {
    const slot = open(OBJ, v);
    for (const k in v) putEntry(v, k, depth);
    close(slot);
  }

  // Any other object (a class instance, a Proxy): its own enumerable keys.
  function putObject(v, depth) {
    const slot = open(OBJ, v);
    const keys = Object.keys(v);
    for (let i = 0; i < keys.length; i++) putEntry(v, keys[i], depth);
    close(slot);
  }

  function putArray(v, depth, itemChars = 0) {
    const slot = open(ARR, v);
    const len = v.length;
    if (len > MAX_ITEMS) { overflow = true; close(slot); return; }
    for (let i = 0; i < len; i++) {
      let x;
      try { x = v[i]; } catch (e) { putThrew(e); continue; }
      put(x, depth + 1, itemChars);
    }
    close(slot);
  }

  function putBytes(v) {
    const len = typedArrayLength.call(v);
    W[w] = BYTES; W[w + 1] = len; W[w + 2] = b;
    w += 3;
    if (full) {
      if (b + len <= bCap) B.set(v, b);
      b += len;
    }
  }

  // An ArrayBuffer: its bytes, as a Uint8Array's (a detached one has none, and no view of it
  // can be made).
  function putArrayBuffer(v) {
    const len = arrayBufferLength.call(v);
    W[w] = ARRAY_BUFFER; W[w + 1] = len; W[w + 2] = b;
    w += 3;
    if (full && len > 0) {
      if (b + len <= bCap) B.set(new Uint8Array(v), b);
      b += len;
    }
  }

  function putError(e, depth) {
    W[w++] = ERROR;
    const slot = open(OBJ, e);
    const field = (name, get) => {
      putKey(name);
      let x;
      try { x = get(); } catch (err) { putThrew(err); return; }
      put(x, depth + 1, 0);
    };
    field('name', () => e.name);
    field('message', () => e.message);
    if (typeof e.stack === 'string') field('stack', () => e.stack);
    if ('cause' in e) field('cause', () => e.cause);
    // AggregateError keeps its errors in an own, non-enumerable property.
    const aggregate = Object.hasOwn(e, 'errors') && !Object.prototype.propertyIsEnumerable.call(e, 'errors');
    if (aggregate) field('errors', () => e.errors);
    for (const k of Object.keys(e)) {
      if (k === 'name' || k === 'message' || k === 'stack' || k === 'cause' || (aggregate && k === 'errors')) continue;
      putEntry(e, k, depth);
    }
    close(slot);
  }

  function fits() {
    return w <= wCap && n <= nCap && c <= cCap && b <= bCap;
  }

  function grow() {
    const at = wasm.tape_reserve(w + 64, n + 16, c + 64, b + 16);
    if (at === 0) return false;
    header = at;
    views();
    return true;
  }

  // A getter or Proxy trap may call back into the package while a value is being written
  // (and that call may grow wasm memory). The outer write is then saved and put back.
  var busy = false;

  function save() {
    return {
      w, n, c, b, sp, full, maxDepth, overflow, plain, stack: stack.slice(0, sp),
      W: W.slice(0, Math.min(w, wCap)), N: N.slice(0, Math.min(n, nCap)),
      C: C.slice(0, Math.min(c, cCap)), B: B.slice(0, Math.min(b, bCap)),
    };
  }

  function restore(s) {
    if (W.length === 0) views();
    ({ w, n, c, b, sp, full, maxDepth, overflow, plain } = s);
    for (let i = 0; i < s.stack.length; i++) stack[i] = s.stack[i];
    W.set(s.W); N.set(s.N); C.set(s.C); B.set(s.B);
    busy = true;
  }

  /** `f(a, b, c, d)`, which writes the tape and reads it in wasm, so that a call made from
   * inside another write (by a getter or Proxy trap of the value being written) leaves that
   * outer write as it was. Every entry that writes the tape goes through here. (Arguments
   * rather than a closure: no allocation on the path every validation takes.) */
  function run(f, a, b, c, d) {
    if (!busy) return f(a, b, c, d);
    const outer = save();
    try {
      return f(a, b, c, d);
    } finally {
      restore(outer);
    }
  }

  /** Write one value (or, with `many`, the items of an array; with `plainOnly`, an object of a
   * class as a mark; with `keys`, a format's map of the strings its rules read: `keysOf`).
   * False when the tape would not fit in memory (or kept changing size, as a getter that
   * returns more each time can make it). */
  function write(value, copyAll, depthLimit, many, plainOnly, keys) {
    busy = true;
    plain = plainOnly === true;
    keyIds = keys ?? anyKeys;
    try {
      return writeOnce(value, copyAll, depthLimit, many);
    } finally {
      busy = false;
    }
  }

  function writeOnce(value, copyAll, depthLimit, many) {
    full = copyAll;
    maxDepth = depthLimit;
    forIn = prototypeClean();
    for (let attempt = 0; attempt < 8; attempt++) {
      if (W.length === 0) views();
      w = n = c = b = sp = 0;
      overflow = false;
      if (many) {
        // The items of an array, each at depth 0 (the caller checked it is an array).
        putArray(value, -1, COPY_ALL);
      } else {
        // A value that is itself a string (a validator of a string type) is read whole.
        put(value, 0, COPY_ALL);
      }
      // Let go of the caller's objects (cheaper than truncating the array).
      for (let i = 0; i < stackHigh; i++) stack[i] = undefined;
      stackHigh = 0;
      // Memory that grew during the walk (a re-entrant call) detached the views: write again.
      if (W.length === 0) { views(); continue; }
      if (overflow) return false;
      if (fits()) return true;
      if (!grow()) return false;
    }
    return false;
  }

  // Reading a tape back: the key of each number, and where the next word is.
  var keyNames = described.keys;
  var at = 0;

  // `len` UTF-16 units of the chars buffer from `off`, as a string (lone surrogates kept).
  function charsAt(off, len) {
    if (CB !== null && len > SHORT) return CB.toString('utf16le', off * 2, (off + len) * 2);
    let s = '';
    for (let i = off, end = off + len; i < end; i += 4096) s += String.fromCharCode.apply(null, C.subarray(i, Math.min(i + 4096, end)));
    return s;
  }

  // The string whose `len, off, copied, flags` words start at `at`.
  function getChars() {
    const len = W[at], off = W[at + 1];
    if (W[at + 2] !== len) throw new Error('agent-messages: reading back a tape written without its strings');
    at += 4;
    return charsAt(off, len);
  }

  function get() {
    const tag = W[at++];
    switch (tag) {
      case NULL: return null;
      case UNDEF: return undefined;
      case TRUE: return true;
      case FALSE: return false;
      case NUM: return N[W[at++]];
      case STR: return getChars();
      case ARR: {
        at++;
        const out = [];
        while (W[at] !== END) out.push(get());
        at++;
        return out;
      }
      case OBJ: {
        at++;
        const out = {};
        while (W[at] !== END) {
          const k = W[at++] === KEY_ID ? keyNames[W[at++]] : getChars();
          setOwnProperty(out, k, get());
        }
        at++;
        return out;
      }
      case BYTES: {
        const len = W[at], off = W[at + 1];
        at += 2;
        return B.slice(off, off + len);
      }
      case ARRAY_BUFFER: {
        const len = W[at], off = W[at + 1];
        at += 2;
        return B.slice(off, off + len).buffer;
      }
      case URL_TAG: {
        at++;
        return new URL(getChars());
      }
      default: throw new Error(`agent-messages: a tape value of tag ${tag} cannot be read back`);
    }
  }

  /** The value just written (with `copyAll`), rebuilt from the tape: exactly what the check
   * read, each property read once, so a getter or a Proxy is not asked again. For what a
   * JSON-form check accepts: null, booleans, numbers, strings, arrays, plain objects (and
   * `undefined` where an optional property holds it); bytes come back as a copy, and a value
   * that only JS has (an Error, a Date, a cycle, ...) is an Error. Call it before anything
   * else writes the tape (inside the `run` that wrote it). */
  function read() {
    if (W.length === 0) views();
    at = 0;
    return get();
  }

  /** Call `f(w, n, c, b)` with the sizes of what was just written (for other wasm entries). */
  function withSizes(f) {
    return f(w, n, c, b);
  }

  /** `target[method](w, n, c, b)`: `withSizes` for a method of a wasm object (a stream
   * handle), with no closure made per call. */
  function sizedCall(target, method) {
    return target[method](w, n, c, b);
  }

  /** Check what was just written against schema `id` (see src/wasm/validate.rs). */
  function check(id, mode, flags, maxIssues, depthLimit) {
    return wasm.tape_check(id, w, n, c, b, mode, flags, maxIssues, depthLimit);
  }

  /** The key map for writing a value of schema `id` (numbered as describe().schemas): its
   * format's (see keyIds). */
  function keysOf(id) {
    return keysByFormat.get(described.schemas[id][0]) ?? anyKeys;
  }

  return { run, write, check, withSizes, sizedCall, read, keysOf };
}
