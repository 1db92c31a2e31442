// Constructors check the fields they were given in place when those are plain (built.mjs), and
// send anything else through the engine. Either way the outcome must be the engine's: every
// message a constructor returns is one `validate` accepts, and every one it refuses carries the
// issues `validate` reports for the same message. The inputs below sit on each edge of the
// in-place check (kinds, lone surrogates, missing and extra keys, getters, inherited and
// polluted properties).
import test from 'node:test';
import assert from 'node:assert/strict';
import { inspect, isDeepStrictEqual } from 'node:util';
import { kernel, swarm, openai, bedrock, ValidationError } from '../../pkg/index.mjs';

class Fields {
  constructor(text) {
    this.text = text;
  }
}

// Field sets for a constructor that takes a string field `key` (required unless `optional`).
function edges(key) {
  return [
    ['plain', { [key]: 'x' }],
    ['empty string', { [key]: '' }],
    ['lone surrogate', { [key]: 'a\uD800b' }],
    ['number for a string', { [key]: 5 }],
    ['String object', { [key]: new String('x') }],
    ['undefined', { [key]: undefined }],
    ['null', { [key]: null }],
    ['missing', {}],
    ['custom key', { [key]: 'x', extra: 1 }],
    ['custom key undefined', { [key]: 'x', extra: undefined }],
    ['symbol key', { [key]: 'x', [Symbol('s')]: 1 }],
    ['__proto__ own key', JSON.parse(`{"${key}":"x","__proto__":1}`)],
    ['inherited field', Object.create({ [key]: 'x' })],
    ['getter', { get [key]() { return 'x'; } }],
    ['class instance', Object.assign(new Fields(), { [key]: 'x' })],
  ];
}

// The outcome of `make()` against the engine's verdict on what it built (or would have).
function agrees(name, make, validator, literal) {
  let made;
  try {
    made = make();
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    const r = validator.validate(literal());
    assert.equal(r.ok, false, `${name}: refused, but the engine accepts ${JSON.stringify(literal())}`);
    assert.deepEqual(e.issues, r.issues, `${name}: the issues are the engine's`);
    return 'refused';
  }
  const r = validator.validate(made);
  assert.equal(r.ok, true, `${name}: returned a message the engine refuses: ${JSON.stringify(r.issues)}`);
  return 'made';
}

test('kernel constructors: what they return the engine accepts, what they refuse it refuses', () => {
  const seen = new Set();
  for (const [helper, type, key] of [
    ['createReplyMessage', 'reply', 'text'],
    ['createSystemMessage', 'system', 'text'],
    ['createInputMessage', 'input', 'text'],
    ['createToolCallMessage', 'tool-call', 'name'],
  ]) {
    for (const [what, fields] of edges(key)) {
      const literal = () => ({ id: '01ARZ3NDEKTSV4RRFFQ69G5FAV', timestamp: 1, type, ...fields });
      seen.add(agrees(`${helper} ${what}`, () => kernel[helper](fields), kernel.Message, literal));
      agrees(`createMessage(${type}) ${what}`, () => kernel.createMessage(type, fields), kernel.Message, literal);
    }
    // The fields a constructor fills, given by the caller instead, are checked like the rest.
    for (const [what, extra] of [
      ['id a number', { id: 5 }],
      ['timestamp NaN', { timestamp: NaN }],
      ['timestamp Infinity', { timestamp: Infinity }],
      ['timestamp -0', { timestamp: -0 }],
      ['timestamp a string', { timestamp: '1' }],
      ['own id and timestamp', { id: 'mine', timestamp: 5 }],
    ]) {
      const fields = { [key]: 'x', ...extra };
      const literal = () => ({ id: '01ARZ3NDEKTSV4RRFFQ69G5FAV', timestamp: 1, type, ...fields });
      agrees(`${helper} ${what}`, () => kernel[helper](fields), kernel.Message, literal);
    }
  }
  assert.deepEqual([...seen].sort(), ['made', 'refused'], 'the edges include both outcomes');
  // A registered type is the engine's to judge, and so is one no longer registered.
  kernel.registerType('built-check');
  try {
    assert.equal(kernel.createMessage('built-check', { mood: 'calm' }).mood, 'calm');
  } finally {
    kernel.unregisterType('built-check');
  }
  assert.throws(() => kernel.createMessage('built-check', {}), ValidationError);
});

test('kernel constructors: a field inherited from a polluted Object.prototype is not taken as given', () => {
  Object.prototype.text = 'polluted';
  try {
    assert.throws(() => kernel.createReplyMessage({}), (e) => e instanceof ValidationError && e.issues[0].code === 'missing');
    assert.equal(kernel.createReplyMessage({ text: 'mine' }).text, 'mine');
  } finally {
    delete Object.prototype.text;
  }
  assert.throws(() => kernel.createReplyMessage({}), ValidationError);
});

test('swarm, OpenAI and Bedrock constructors agree with the engine on the same edges', () => {
  for (const [what, fields] of edges('content')) {
    const swarmFields = { agentName: 'a', ...fields };
    const swarmLiteral = () => {
      const m = { role: 'user', ...swarmFields };
      if (m.mode === undefined) m.mode = 'user';
      return m;
    };
    agrees(`swarm.createUserMessage ${what}`, () => swarm.createUserMessage(swarmFields), swarm.IModelMessage, swarmLiteral);
    agrees(`openai.createMessage(user) ${what}`, () => openai.createMessage('user', fields), openai.ChatCompletionMessageParam, () => ({ role: 'user', ...fields }));
    agrees(`bedrock.createMessage(message) ${what}`, () => bedrock.createMessage('message', fields), bedrock.AgentResponse, () => ({ type: 'message', ...fields }));
  }
  // An enum field holds one of its names, or the engine says why not.
  agrees('swarm mode outside its names', () => swarm.createUserMessage({ agentName: 'a', content: 'x', mode: 'other' }), swarm.IModelMessage, () => ({ role: 'user', agentName: 'a', content: 'x', mode: 'other' }));
  assert.equal(swarm.createUserMessage({ agentName: 'a', content: 'x', mode: 'tool' }).mode, 'tool');
  // A boolean field.
  agrees('bedrock success not a boolean', () => bedrock.createToolResult({ success: 1, result: 'r' }), bedrock.ToolResult, () => ({ success: 1, result: 'r', error: null }));
});

test('every validator reads its constructor plan: the facade knows every kind the core names', async () => {
  const api = (await import('../../pkg/index.mjs')).default;
  let plans = 0;
  for (const ns of Object.values(api)) {
    if (ns === null || typeof ns !== 'object') continue;
    for (const v of Object.values(ns)) {
      if (v === null || typeof v !== 'object' || typeof v.validate !== 'function') continue;
      const [built] = Object.getOwnPropertySymbols(v);
      assert.equal(typeof v[built], 'function', `${v.name} has its constructor check`);
      for (const tag of ['', ...(ns.TYPES ?? [])]) assert.equal(typeof v[built](tag), 'function');
      plans++;
    }
  }
  assert.ok(plans > 100, `${plans} validators`);
});

// A value of a field of this kind, as `built_fields` names kinds.
function sample(kind, also) {
  return { string: 'x', number: 1, boolean: true, literal: also, enum: also?.[0] }[kind];
}

// Values a field of this kind must refuse, or that sit on its edge.
function strays(kind, also) {
  const common = [undefined, null, {}, [], new String('x'), 1n, Symbol.for('s')];
  switch (kind) {
    case 'string': return [...common, '', 'a\uD800', '\uDC00b', '\u{1F600}', 5, true];
    case 'number': return [...common, NaN, Infinity, -Infinity, -0, 2 ** 60, '1'];
    case 'boolean': return [...common, 0, 'true'];
    case 'literal': return [...common, `${also}x`, also.toUpperCase(), ''];
    case 'enum': return [...common, ...also, `${also[0]} `, 'nope'];
    default: return common;
  }
}

test('validate and is: the in-place check agrees with the engine on every flat schema and its strays', async () => {
  const api = (await import('../../pkg/index.mjs')).default;
  const wasm = (await import('node:module')).createRequire(import.meta.url)('../../pkg/node/agent_messages.js');
  const described = wasm.describe();
  let schemasTried = 0, inPlace = 0, compared = 0;
  described.schemas.forEach(([format, name], id) => {
    const ns = Object.values(api).find((n) => n && typeof n === 'object' && n[name]?.name === name && described.formats.find((f) => f.name === format)?.namespace in api && api[described.formats.find((f) => f.name === format).namespace] === n);
    const v = ns?.[name];
    if (!v) return;
    const tagKey = wasm.built_tag(id);
    const tags = tagKey === '' ? [''] : described.formats.find((f) => f.name === format).lists.TYPES ?? [];
    for (const tag of tags) {
      const fields = JSON.parse(wasm.built_fields(id, tag));
      if (fields === null || fields.some(([, required, kind]) => required && kind === 'other')) continue;
      schemasTried++;
      const base = {};
      for (const [key, required, kind, also] of fields) if (required) base[key] = sample(kind, also);
      const values = [base, { ...base, extra: 1 }, Object.assign(Object.create(null), base), Object.create(base), [base],
        new Proxy(base, { ownKeys() { throw new Error('no keys'); } }), new Proxy({ ...base }, {})];
      for (const [key, required, kind, also] of fields) {
        if (kind === 'other') values.push({ ...base, [key]: 'x' }, { ...base, [key]: [] });
        else values.push({ ...base, [key]: sample(kind, also) });
        for (const s of strays(kind, also)) values.push({ ...base, [key]: s });
        values.push(Object.defineProperty({ ...base }, key, { get() { throw new Error('boom'); }, enumerable: true }));
        if (required) {
          const { [key]: _, ...rest } = base;
          values.push(rest);
        }
      }
      for (const value of values) {
        const engine = v.validate(value, {});
        const fast = v.validate(value);
        const what = () => `${format} ${name} ${tag}: ${inspect(value)}`;
        if (!isDeepStrictEqual(fast, engine)) assert.fail(`validate ${what()}: ${inspect(fast, { depth: 5 })} where the engine says ${inspect(engine, { depth: 5 })}`);
        if (v.is(value) !== engine.ok) assert.fail(`is ${what()}`);
        compared++;
        if (engine.ok) inPlace++;
      }
    }
  });
  assert.ok(schemasTried >= 20, `${schemasTried} flat schemas`);
  assert.ok(inPlace >= 100 && compared - inPlace >= 500, `${inPlace} valid, ${compared - inPlace} invalid`);
});

test('the constructors and the conversions share one ULID generator: ids stay whole and in order', async () => {
  const { convert } = (await import('../../pkg/index.mjs')).default;
  const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
  const B32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const time = (id) => [...id.slice(0, 10)].reduce((t, c) => t * 32 + B32.indexOf(c), 0);
  const made = [];
  for (let i = 0; i < 200; i++) {
    made.push(kernel.createReplyMessage({ text: 'a' }));
    // Conversions to Kernel fill ids from the same generator, between the constructor's.
    if (i % 7 === 0) made.push(...convert([{ role: 'user', content: `q${i}` }, { role: 'assistant', content: 'r' }], { from: 'openai', to: 'kernel' }).messages);
  }
  for (const m of made) {
    assert.match(m.id, ULID);
    assert.equal(time(m.id), m.timestamp, `${m.id} carries its timestamp`);
  }
  const ids = made.map((m) => m.id);
  assert.deepEqual([...ids].sort(), ids, 'in creation order');
  assert.equal(new Set(ids).size, ids.length);
});

test('ids made in one millisecond are each the last plus one, made here or by the generator', async () => {
  const { convert } = (await import('../../pkg/index.mjs')).default;
  const B32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const random = (id) => [...id.slice(10)].reduce((n, c) => n * 32n + BigInt(B32.indexOf(c)), 0n);
  const made = [];
  for (let i = 0; i < 3000; i++) {
    made.push(kernel.createReplyMessage({ text: 'a' }));
    if (i % 97 === 0) made.push(...convert([{ role: 'user', content: 'q' }], { from: 'openai', to: 'kernel' }).messages);
  }
  let within = 0;
  let carried = 0;
  for (let i = 1; i < made.length; i++) {
    if (made[i].timestamp !== made[i - 1].timestamp) continue;
    within++;
    assert.equal(random(made[i].id) - random(made[i - 1].id), 1n, `${made[i - 1].id} then ${made[i].id}`);
    if (made[i - 1].id.endsWith('Z')) carried++;
  }
  // Enough ids shared a millisecond, some of them across a carry of the last character.
  assert.ok(within > 1000 && carried > 10, `${within} within a millisecond, ${carried} carried`);
});
