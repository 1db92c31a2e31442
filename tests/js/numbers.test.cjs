'use strict';
// Numbers through the wasm, which carries no float code of core's own: JSON text is read by an
// exact fast path or, for the rest, JavaScript's Number; non-integers are written by String(n).
// JSON.parse and JSON.stringify are the reference.
const test = require('node:test');
const assert = require('node:assert/strict');
const { kernel } = require('../../pkg/index.cjs');

// Fast path, both sides of its limits, and the slow path (more than 19 digits, big exponents).
const TEXTS = [
  '0', '-0', '0.5', '-2.25', '0.1', '0.30000000000000004', '3.141592653589793', '1e22', '1e23', '1e-22',
  '1e-23', '9007199254740993', '1234567890123456789', '12345678901234567890123', '1.7976931348623157e308',
  '5e-324', '2.2250738585072014e-308', '1E5', '-7e+2', '123.456e-5', '0.000001', '1712345678901.5',
];

test('numbers in JSON text read as JSON.parse reads them', () => {
  for (const t of TEXTS) {
    const text = `{"id":"a","timestamp":1,"type":"tool-call","name":"f","args":{"n":${t}}}`;
    const [message] = kernel.fromJSON(`[${text}]`);
    assert.ok(Object.is(message.args.n, JSON.parse(t)), t);
    const checked = kernel.validateJson(text);
    assert.ok(checked.ok && Object.is(checked.value.args.n, JSON.parse(t)), t);
  }
});

test('numbers are written as JSON.stringify writes them', () => {
  const values = TEXTS.map((t) => JSON.parse(t)).concat([1e21, 1e-7, -1.5e300, 2 ** 53 + 2, 0.1 + 0.2]);
  const message = { id: 'a', timestamp: 1.5, type: 'tool-call', name: 'f', args: { values } };
  const text = kernel.toJSON(message);
  assert.equal(text, JSON.stringify({ ...message, args: { values: values.map((v) => (Object.is(v, -0) ? '-0' : v)) } }).replace('"-0"', '-0'));
  assert.deepEqual(kernel.fromJSON(text), message);
});

test('a number too large for a double is an issue in JSON text, not a trap', () => {
  const checked = kernel.validateJson('{"id":"a","timestamp":1e400,"type":"reply","text":"x"}');
  assert.equal(checked.ok, false);
  assert.equal(kernel.validateJson('{"id":"a","timestamp":1.5e3,"type":"reply","text":"x"}').ok, true);
});
