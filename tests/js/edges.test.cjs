'use strict';
// Sharp edges a new user meets: validateJson's result under copying, an Event handed to the
// AgentResponse verbs, the tag-first constructors given an object first, and fromJSON of what
// validate accepts (a Proxy).
const test = require('node:test');
const assert = require('node:assert/strict');
const api = require('../../pkg/index.cjs');
const { kernel, swarm, agens, bedrock, openai, ValidationError } = api;

const FORMATS = { kernel, swarm, agens, bedrock, openai };

// One valid message per format (JS form), with bytes and an Error where the format has them.
function error() {
  const e = new TypeError('boom');
  delete e.stack;
  return e;
}
const SAMPLES = {
  kernel: () => [
    { id: 'k1', timestamp: 1, type: 'input', text: 'Look', files: [{ data: new Uint8Array([1, 2, 3]), mimeType: 'image/png' }] },
    { id: 'k2', timestamp: 2, type: 'tool-results', results: [{ callId: 'c1', output: { n: -0, list: [1, 'a'] }, error: error() }] },
  ],
  swarm: () => [
    { role: 'user', agentName: 'agent', content: 'Look', mode: 'user', images: [new Uint8Array([1, 2, 3])] },
    { role: 'assistant', agentName: 'agent', content: '', mode: 'tool', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: { b: 1 } } }] },
  ],
  agens: () => [
    { input: 'go', result: 'done' },
    { input: 'go', tool_calls: [{ id: 't1', name: 'f', server_name: 's', type: 'tool_call', arguments: [{ key: 'q', value: 'x' }] }], tool_results: { t1: 'ok' } },
  ],
  bedrock: () => [
    { type: 'message', content: 'hi' },
    { type: 'tool_call', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: { x: 5 } } }] },
  ],
  openai: () => [
    { role: 'user', content: [{ type: 'text', text: 'Look' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AQID' } }] },
    { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"b":1}' } }] },
  ],
};

// ---- 1. validateJson's success result under spread, structuredClone and JSON.stringify ----

test('validateJson: the value survives {...r}, structuredClone(r) and JSON.stringify(r), every format, one and many', () => {
  for (const [name, ns] of Object.entries(FORMATS)) {
    const list = SAMPLES[name]();
    for (const [what, original] of [['one', list[0]], ['many', list]]) {
      const text = ns.toJSON(original);
      const label = `${name} ${what}`;

      const spread = { ...ns.validateJson(text) };
      assert.equal(spread.ok, true, label);
      assert.deepStrictEqual(spread.value, original, label);
      assert.deepStrictEqual(Object.getOwnPropertyDescriptor(spread, 'value').value, original, `${label}: a data property`);

      const cloned = structuredClone(ns.validateJson(text));
      assert.deepStrictEqual(cloned, { ok: true, value: original }, label);

      const r = ns.validateJson(text);
      assert.equal(JSON.stringify(r), JSON.stringify({ ok: true, value: original }), label);
      assert.deepStrictEqual(Object.keys(r), ['ok', 'value'], label);
    }
  }
});

test('validateJson: the JS form is made on the first read of value, once; copies hold it as data', () => {
  const [input] = SAMPLES.kernel();
  const r = kernel.validateJson(kernel.toJSON(input));
  assert.equal(Object.getPrototypeOf(r), Object.prototype, 'a plain object');
  const desc = Object.getOwnPropertyDescriptor(r, 'value');
  assert.equal(typeof desc.get, 'function', 'an own accessor: made when read');
  assert.equal(desc.enumerable, true);
  const v = r.value;
  assert.ok(v.files[0].data instanceof Uint8Array);
  assert.deepStrictEqual(v, input);
  assert.equal(r.value, v, 'the same object on every read');
  // Copies hold the value as a data property, the same object a read gives.
  const copy = { ...r };
  assert.deepStrictEqual(Object.getOwnPropertyDescriptor(copy, 'value'), { value: v, writable: true, enumerable: true, configurable: true });
  const cloned = structuredClone(r);
  assert.equal(Object.getOwnPropertyDescriptor(cloned, 'value').get, undefined);
  assert.deepStrictEqual(cloned.value, input);
  // The getter answers only for the result it was made for.
  assert.equal(desc.get.call({}), undefined);
  // Frozen before it is read: still answers the value.
  const frozen = Object.freeze(kernel.validateJson(kernel.toJSON(input)));
  assert.deepStrictEqual(frozen.value, input);
  assert.equal(frozen.value, frozen.value);
});

// JSON texts to try on every validator: each sample's JSON form and every value inside it.
function candidateTexts() {
  const texts = new Set(['"tool_start"', '"route"']);
  const walk = (v) => {
    texts.add(JSON.stringify(v));
    if (v !== null && typeof v === 'object') for (const x of Object.values(v)) walk(x);
  };
  for (const [name, ns] of Object.entries(FORMATS)) for (const m of SAMPLES[name]()) walk(JSON.parse(ns.toJSON(m)));
  return [...texts];
}

test('validateJson: every validator of every format, success and failure, copies whole', () => {
  const texts = candidateTexts();
  let succeeded = 0;
  for (const [name, ns] of Object.entries(FORMATS)) {
    for (const [type, v] of Object.entries(ns)) {
      if (v === null || typeof v !== 'object' || typeof v.validateJson !== 'function') continue;
      const label = `${name}.${type}`;
      const bad = v.validateJson('{');
      assert.equal(bad.ok, false, label);
      for (const copy of [{ ...bad }, structuredClone(bad), JSON.parse(JSON.stringify(bad))]) {
        assert.deepStrictEqual(copy, { ok: false, issues: bad.issues }, label);
      }
      // The first text this type accepts, if any: its copies hold the value.
      const text = texts.find((t) => v.validateJson(t).ok);
      if (text === undefined) continue;
      succeeded++;
      const value = v.fromJSON(text);
      assert.deepStrictEqual({ ...v.validateJson(text) }, { ok: true, value }, `${label} ${text}`);
      assert.deepStrictEqual(structuredClone(v.validateJson(text)), { ok: true, value }, `${label} ${text}`);
      assert.equal(JSON.stringify(v.validateJson(text)), JSON.stringify({ ok: true, value }), `${label} ${text}`);
    }
  }
  // Most types have a valid text among the samples' parts.
  assert.ok(succeeded >= 20, `${succeeded} types checked with a valid text`);
});

// ---- 2. a Bedrock Event handed to the module's verbs (AgentResponse's) ----

test('bedrock: an Event given to the AgentResponse verbs says to use bedrock.Event, for every event type', () => {
  assert.ok(bedrock.EVENT_TYPES.length > 0);
  for (const type of bedrock.EVENT_TYPES) {
    const event = bedrock.createEvent({ type, agent_name: 'a', run_id: 'r', thread_id: 't' });
    const hinted = (message) => message.includes(`unknown AgentResponse type ${JSON.stringify(type)}`)
      && message.includes('that is a Bedrock Event type')
      && message.includes('bedrock.Event.toJSON');
    const throwsHint = (fn, verb) => assert.throws(fn, (e) => e instanceof ValidationError && hinted(e.message), `${type}: ${verb}`);
    throwsHint(() => bedrock.toJSON([event]), 'toJSON');
    throwsHint(() => bedrock.toJSON(event), 'toJSON of one');
    throwsHint(() => bedrock.fromJSON(JSON.stringify([event])), 'fromJSON of text');
    throwsHint(() => bedrock.fromJSON([event]), 'fromJSON of a value');
    throwsHint(() => bedrock.assert(event), 'assert');
    const r = bedrock.validate(event);
    assert.equal(r.ok, false);
    assert.equal(r.issues[0].code, 'unknown_type');
    assert.ok(hinted(r.issues[0].message), r.issues[0].message);
    assert.ok(hinted(bedrock.validateJson(JSON.stringify(event)).issues[0].message), `${type}: validateJson`);
    assert.ok(hinted(bedrock.validateMany([event])[0].issues[0].message), `${type}: validateMany`);
    // And where the hint points, the event is at home.
    assert.deepStrictEqual(JSON.parse(bedrock.Event.toJSON([event])), [event]);
  }
  // An unknown type that is no event's is told only what AgentResponse expects.
  const r = bedrock.validate({ type: 'tool_end', content: 'x' });
  assert.equal(r.issues[0].code, 'unknown_type');
  assert.ok(!r.issues[0].message.includes('Event'), r.issues[0].message);
});

// ---- 3. the tag-first constructors given an object first ----

test('createMessage(tag, fields) given the fields first: the TypeError says the tag comes first', () => {
  for (const [name, what, tag, fields] of [
    ['kernel', 'type', 'reply', { text: 'hi' }],
    ['swarm', 'role', 'user', { agentName: 'a', content: 'hi' }],
    ['bedrock', 'type', 'message', { content: 'hi' }],
    ['openai', 'role', 'user', { content: 'hi' }],
  ]) {
    const ns = FORMATS[name];
    const fn = `${name}.createMessage`;
    // The tag inside the object: the example is that call, the right way round.
    assert.throws(() => ns.createMessage({ [what]: tag, ...fields }), {
      name: 'TypeError',
      message: `${fn}(${what}, fields): the ${what} comes first, e.g. ${fn}(${JSON.stringify(tag)}, {...})`,
    });
    // No tag in it (or a null-prototype object): still the same advice.
    for (const init of [fields, Object.assign(Object.create(null), fields)]) {
      assert.throws(() => ns.createMessage(init), (e) => e instanceof TypeError && e.message.startsWith(`${fn}(${what}, fields): the ${what} comes first, e.g. ${fn}("`), name);
    }
    // Anything else that is not a string is named.
    for (const [v, kind] of [[42, 'number'], [null, 'null'], [['user'], 'array'], [new Date(0), 'object']]) {
      assert.throws(() => ns.createMessage(v, fields), { name: 'TypeError', message: `${fn}: ${what} must be a string, received ${kind}` });
    }
    // The right way round still works.
    const m = ns.createMessage(tag, fields);
    assert.equal(m[what], tag);
  }
  // A Proxy whose traps throw gets the advice without the trap's error escaping.
  const hostile = new Proxy({}, { getPrototypeOf: () => Object.prototype, get() { throw new Error('trap'); } });
  assert.throws(() => swarm.createMessage(hostile), { name: 'TypeError', message: 'swarm.createMessage(role, fields): the role comes first, e.g. swarm.createMessage("user", {...})' });
  // Agens' constructor takes the fields alone, as before.
  assert.equal(agens.createMessage({ input: 'go' }).input, 'go');
});

// ---- 4. fromJSON of what validate accepts: a Proxy ----

// The JSON form of a sample as a parsed value, with one nested object replaced by a Proxy of it.
function proxied(value) {
  if (Array.isArray(value)) return new Proxy(value.map(proxied), {});
  if (value !== null && typeof value === 'object') {
    const out = {};
    for (const [k, v] of Object.entries(value)) out[k] = proxied(v);
    return new Proxy(out, {});
  }
  return value;
}

test('fromJSON accepts a Proxy, at the root and nested, as validate does, every format', () => {
  for (const [name, ns] of Object.entries(FORMATS)) {
    for (const original of SAMPLES[name]()) {
      const json = JSON.parse(ns.toJSON(original));
      const expected = ns.fromJSON(json);
      assert.deepStrictEqual(expected, original, name);
      assert.equal(ns.validate(new Proxy(original, {})).ok, true, `${name}: validate takes a Proxy`);
      const cases = {
        root: new Proxy(json, {}),
        everywhere: proxied(json),
        list: [new Proxy(json, {})],
      };
      // One nested object as a Proxy: the first property holding an object or array.
      const nested = { ...json };
      const key = Object.keys(json).find((k) => json[k] !== null && typeof json[k] === 'object');
      if (key !== undefined) {
        nested[key] = new Proxy(json[key], {});
        cases.nested = nested;
      }
      for (const [where, input] of Object.entries(cases)) {
        const label = `${name} ${original.type ?? original.role ?? original.input}: ${where}`;
        // validate reads the Proxy as it reads the plain value.
        const plain = where === 'list' ? [json] : json;
        assert.equal(ns.validate(input).ok, ns.validate(plain).ok, `${label}: validate`);
        const got = ns.fromJSON(input);
        assert.deepStrictEqual(got, where === 'list' ? [expected] : expected, label);
        assert.notEqual(got, input, `${label}: a copy`);
      }
    }
  }
});

test('fromJSON returns what it checked: each property is read once, a getter cannot change it after', () => {
  let reads = 0;
  const json = { id: 'k1', timestamp: 1, type: 'reply' };
  Object.defineProperty(json, 'text', { enumerable: true, get: () => (reads++ === 0 ? 'checked' : 42) });
  const got = kernel.fromJSON(json);
  assert.equal(reads, 1);
  assert.deepStrictEqual(got, { id: 'k1', timestamp: 1, type: 'reply', text: 'checked' });
  assert.equal(kernel.validate(got).ok, true);
  // A Proxy's get trap, likewise.
  let gets = 0;
  const p = new Proxy({ id: 'k1', timestamp: 1, type: 'reply', text: 'x' }, {
    get: (t, k) => (k === 'text' && gets++ > 0 ? 7 : t[k]),
  });
  assert.deepStrictEqual(kernel.fromJSON(p), { id: 'k1', timestamp: 1, type: 'reply', text: 'x' });
});

test('fromJSON copies a JSON-form value as structuredClone would: -0, "__proto__" keys, long and odd strings', () => {
  const long = 'é'.repeat(5000) + '\u{1F600}';
  const json = JSON.parse(`{"id":"k1","timestamp":1,"type":"tool-results","results":[{"output":{"__proto__":{"a":-0},"s":${JSON.stringify(long)},"n":[-0,1.5e300,null,true,false,{}]}}],"extra":{"k":"v"}}`);
  assert.ok(Object.hasOwn(json.results[0].output, '__proto__'));
  const got = kernel.fromJSON(json);
  assert.deepStrictEqual(got, structuredClone(json));
  assert.ok(Object.hasOwn(got.results[0].output, '__proto__'));
  assert.equal(Object.getPrototypeOf(got.results[0].output), Object.prototype);
  assert.ok(Object.is(got.results[0].output.n[0], -0));
  assert.equal(got.results[0].output.s, long);
  assert.deepStrictEqual(kernel.fromJSON(new Proxy(json, {})), got);
  // Still refused: what is not a JSON-form value.
  assert.throws(() => kernel.fromJSON({ ...json, extra: new Date(0) }), ValidationError);
  assert.throws(() => kernel.fromJSON({ ...json, extra: undefined, results: [{ output: undefined }] }), ValidationError);
});
