// Kernel: validators for every documented type, constructors that fill `id` (a monotonic
// ULID) and `timestamp` (the same clock reading), and registration of extra message types.

import { BUILT } from './built.mjs';
import { AgentMessagesError, rethrow } from './errors.mjs';
import { kindOf, tagFirst, wellFormed } from './values.mjs';

// A ULID's characters as a string: the arguments spelled out, several times faster than
// fromCharCode.apply on a view.
function fromChars(c) {
  return String.fromCharCode(
    c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10], c[11], c[12],
    c[13], c[14], c[15], c[16], c[17], c[18], c[19], c[20], c[21], c[22], c[23], c[24], c[25],
  );
}

// The values of a 16-bit unit (the ms of the last id are three of them).
const UNIT_RANGE = 65536;

const HELPERS = {
  createInputMessage: 'input',
  createReplyMessage: 'reply',
  createReasoningMessage: 'reasoning',
  createToolCallsMessage: 'tool-calls',
  createToolResultsMessage: 'tool-results',
  createSystemMessage: 'system',
  createLogMessage: 'log',
  createToolCallMessage: 'tool-call',
  createToolResultMessage: 'tool-result',
};

// Every wasm instance this facade runs on, and the types registered on them in order. A browser
// page that imports the root entry and a format's entry runs two instances (the whole wasm and
// the validation wasm); one registry for both, so a type registered through either entry is
// known to every validator.
const instances = new Set();
let registered = [];

export function createKernel(wasm, validators, numbers, tape, { TYPES }) {
  for (const name of registered) wasm.kernel_register_type(name);
  instances.add(wasm);
  const message = validators.KernelMessage;
  const memory = wasm.wasm_memory();
  const idAt = wasm.ulid_buffer();
  // The buffer the generator shares (src/wasm/ids.rs): the last id's characters, the count of
  // ids made here on from it, its ms, and the 32 digits of its alphabet.
  const { ULID_LENGTH } = numbers.limit;
  const { TIME_AT, SKIP_AT, DIGITS_AT, LENGTH } = numbers.ulidBuffer;
  const LAST = ULID_LENGTH - 1;
  const view = () => new Uint16Array(memory.buffer, idAt, LENGTH);
  let idChars = view();
  // nextId spells out one argument per character.
  if (fromChars(idChars).length !== ULID_LENGTH) throw new Error(`agent-messages: ULIDs of ${ULID_LENGTH} characters`);
  // The character after each digit (by its code); none (0) after the last, where the id carries.
  const NEXT = new Uint16Array(UNIT_RANGE);
  for (let at = DIGITS_AT; at + 1 < LENGTH; at++) NEXT[idChars[at]] = idChars[at + 1];

  // The ms the last id carries: the new message's `timestamp`.
  let idTime = 0;

  function nextId() {
    const now = Date.now();
    if (idChars.length === 0) idChars = view();
    const b = idChars;
    // Within the last id's millisecond (or on a clock behind it) the generator makes the last
    // id plus one. While that only moves the last character on, it is made here, and counted
    // for the generator to skip; a carry, a later millisecond or the first id is its own.
    const last = (b[TIME_AT] * UNIT_RANGE + b[TIME_AT + 1]) * UNIT_RANGE + b[TIME_AT + 2];
    if (now <= last) {
      const next = NEXT[b[LAST]];
      if (next) {
        b[LAST] = next;
        b[SKIP_AT]++;
        idTime = last;
        return fromChars(b);
      }
    }
    idTime = wasm.ulid_next(now);
    if (idTime < 0) rethrow(new Error(wasm.take_result()), 'id_generation');
    if (idChars.length === 0) idChars = view();
    return fromChars(idChars);
  }

  // The type's check of a message built here (built.mjs).
  const checkFor = message[BUILT];

  // The fields `create` fills itself: right by construction, so only the caller's are checked.
  const FILLED = ['id', 'timestamp', 'type'];

  function createMessage(type, fields) {
    tagFirst('kernel.createMessage', 'type', type, 'reply');
    return create(type, fields, checkFor(type, FILLED));
  }

  function create(type, fields, check) {
    if (fields === undefined) fields = {};
    if (fields === null || typeof fields !== 'object' || Array.isArray(fields)) {
      throw new TypeError(`createMessage: fields must be an object, received ${kindOf(fields)}`);
    }
    const id = nextId();
    const msg = { id, timestamp: idTime, type, ...fields };
    // A `type` among the fields replaced the argument's: it must say the same.
    if (msg.type !== type) {
      throw new TypeError(`createMessage: fields.type is ${JSON.stringify(msg.type)} but the type argument is ${JSON.stringify(type)}`);
    }
    return check(msg, fields);
  }

  const helpers = {};
  for (const [name, type] of Object.entries(HELPERS)) {
    let check = null;
    helpers[name] = (init) => create(type, init, (check ??= checkFor(type, FILLED)));
  }

  function registerType(name) {
    if (typeof name !== 'string') throw new TypeError(`registerType: name must be a string, received ${kindOf(name)}`);
    if (!wellFormed(name)) throw new AgentMessagesError('a message type name cannot contain a lone surrogate', 'invalid_type_name');
    try {
      wasm.kernel_register_type(name);
    } catch (e) {
      rethrow(e, 'invalid_type_name');
    }
    // Accepted here, so by every instance (they are one build of one crate).
    for (const other of instances) if (other !== wasm) other.kernel_register_type(name);
    if (!registered.includes(name)) registered.push(name);
  }

  function unregisterType(name) {
    const key = String(name);
    const removed = wasm.kernel_unregister_type(key);
    for (const other of instances) if (other !== wasm) other.kernel_unregister_type(key);
    registered = registered.filter((n) => n !== key);
    return removed;
  }

  return {
    // The documented union is `KernelMessage`; the subpath also calls it `Message`.
    Message: message,
    createMessage,
    ...helpers,
    registerType,
    unregisterType,
    registeredTypes: () => wasm.kernel_registered_types(),
    TYPES: Object.freeze([...TYPES]),
  };
}
