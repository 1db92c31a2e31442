// Checks in place, without crossing into the engine, of a value that is valid by its plain
// fields alone: every property is one its interface types as a plain string, a finite number,
// a boolean, a literal or one of a few strings, and holds one, and every property the
// interface requires is there. `validate` and `is` try it first on any value; a constructor
// checks with it only the fields its caller gave (the id and timestamp it generates are right
// by construction). When the check cannot say yes (an array, an object, a custom property, a
// missing field, a lone surrogate, a Proxy that throws), the engine decides, so the outcome,
// and every issue, is the engine's. Which fields are plain comes from the core
// (`built_fields`, `built_tag`, read from the shapes), once per interface and tag.

import { forInIsOwn, prototypeClean } from './tape.mjs';
import { wellFormed } from './values.mjs';

/** Where a validator keeps its constructors' check (not a documented verb). */
export const BUILT = Symbol('agent-messages: built');

// The kinds of field `built_fields` names (src/validate/built.rs) that are checked here; a
// field of any other kind (OTHER) is the engine's.
const STRING = 'string';
const NUMBER = 'number';
const BOOLEAN = 'boolean';
const LITERAL = 'literal';
const ENUM = 'enum';
const KINDS = [STRING, NUMBER, BOOLEAN, LITERAL, ENUM];
const OTHER = 'other';
const MAX_PLANS = 64;

/** Does `v` hold what field `f` (of a plan) asks? */
function holdsKind(f, v) {
  const kind = f.kind;
  if (kind === STRING) return typeof v === 'string' && wellFormed(v);
  if (kind === NUMBER) return typeof v === 'number' && Number.isFinite(v);
  if (kind === LITERAL) return v === f.also;
  if (kind === BOOLEAN) return typeof v === 'boolean';
  return typeof v === 'string' && f.also.includes(v);
}

/** The in-place checks of schema number `id`: `checkFor(tag)` gives a constructor's
 * `check(value)`, which returns `value` as built or `assert(value)` (`tag` picks a case of a
 * tagged union; an interface ignores it); `holdsInPlace(value)` is true when a value given to
 * `validate` or `is` is valid by this check alone, and false when the engine must decide. */
export function builtCheck(wasm, id, assert) {
  const checks = new Map();
  const givenChecks = new Map();
  const plans = new Map();
  // The property that picks a case ('' for an interface).
  const tagKey = wasm.built_tag(id);

  // Per key: what it must hold and whether it is required; and how many are. null: no value
  // can hold in place (not an interface this schema builds for this tag, such as an extra
  // registered Kernel type or a union given no tag; or one that requires a field of another
  // kind).
  function planOf(tag) {
    let plan = plans.get(tag);
    if (plan !== undefined) return plan;
    const fields = JSON.parse(wasm.built_fields(id, tag));
    plan = fields === null ? null : { fields: new Map(), required: 0, keys: [], inOrder: [] };
    for (const [key, required, kind, also] of fields ?? []) {
      if (kind !== OTHER && !KINDS.includes(kind)) throw new Error(`agent-messages: a field kind ${JSON.stringify(kind)} the facade does not know`);
      if (kind !== OTHER) plan.fields.set(key, { kind, also, required });
      if (!required) continue;
      if (kind === OTHER) {
        plan = null;
        break;
      }
      plan.required++;
    }
    // At most this many tags' plans are kept (a tag is the caller's string).
    if (plans.size < MAX_PLANS) plans.set(tag, plan);
    return plan;
  }

  // Every key of `keysOf` is a field of a kind checked here and `value` holds one there, and
  // every required field is among them (`keysOf` is `value` itself, or for a constructor the
  // caller's fields it was built from). Only for keys `for...in` reads as the walker does
  // (forInIsOwn). The plan keeps the order of keys it last saw hold, with their fields: keys
  // in the same order (the messages of one producer, a constructor's) find each by position.
  function holds(plan, keysOf, value) {
    const { keys, inOrder } = plan;
    let required = 0;
    let i = 0;
    let same = true;
    for (const k in keysOf) {
      let f;
      if (same && keys[i] === k) f = inOrder[i];
      else {
        same = false;
        f = plan.fields.get(k);
        if (f === undefined) return false;
      }
      i++;
      if (!holdsKind(f, value[k])) return false;
      if (f.required) required++;
    }
    if (required !== plan.required) return false;
    if (!same || i !== keys.length) {
      plan.keys = [];
      for (const k in keysOf) plan.keys.push(k);
      plan.inOrder = plan.keys.map((k) => plan.fields.get(k));
    }
    return true;
  }

  // A constructor that fills the fields named `filled` itself (right by construction) and
  // takes the rest from `given`: `check(value, given)` checks only the fields `given` holds,
  // reading each from `value`, the message built from `given` (which the spread read once).
  // Its plan is the interface's, with the filled fields no longer counted as required there
  // (given again, they are still checked). (One constructor per validator calls this, with
  // one `filled`: Kernel's.)
  function checkGivenFor(tag, filled) {
    let check = givenChecks.get(tag);
    if (check !== undefined) return check;
    const plan = planOf(tag);
    if (plan === null || filled.some((k) => !plan.fields.has(k))) check = checkFor(tag);
    else {
      const fields = new Map();
      for (const [k, f] of plan.fields) fields.set(k, { ...f, required: f.required && !filled.includes(k) });
      const base = filled.filter((k) => plan.fields.get(k).required).length;
      const given = { fields, required: plan.required - base, keys: [], inOrder: [] };
      // Values are read from `value`, a literal whose prototype is Object.prototype: a key
      // `for...in` finds on the caller's prototype chain reads there as undefined (and is then
      // the engine's to report), unless Object.prototype itself has enumerable keys.
      check = (value, fieldsGiven) => (prototypeClean() && holds(given, fieldsGiven, value) ? value : assert(value));
    }
    if (givenChecks.size < MAX_PLANS) givenChecks.set(tag, check);
    return check;
  }

  function checkFor(tag = '') {
    let check = checks.get(tag);
    if (check !== undefined) return check;
    const plan = planOf(tag);
    check = plan === null ? assert : (value) => (forInIsOwn(value) && holds(plan, value, value) ? value : assert(value));
    if (checks.size < MAX_PLANS) checks.set(tag, check);
    return check;
  }

  // The last tag a value held, and its plan: a log's messages often share one.
  let lastTag = null;
  let lastPlan = null;

  // An interface no value can hold in place (one that requires a field of another kind, such
  // as an Agens message or a Bedrock event) sends every value to the engine at once.
  let never = null;

  function holdsInPlace(value) {
    never ??= tagKey === '' && planOf('') === null;
    if (never || value === null || typeof value !== 'object') return false;
    try {
      if (Array.isArray(value) || !forInIsOwn(value)) return false;
      let plan;
      if (tagKey === '') plan = planOf('');
      else {
        const tag = value[tagKey];
        if (typeof tag !== 'string') return false;
        if (tag === lastTag) plan = lastPlan;
        else {
          plan = planOf(tag);
          lastTag = tag;
          lastPlan = plan;
        }
      }
      return plan !== null && holds(plan, value, value);
    } catch {
      // A getter or a Proxy that throws (or a revoked Proxy): the engine reports it.
      return false;
    }
  }

  return { checkFor, checkGivenFor, holdsInPlace };
}
