// Issues cross from the wasm in a compact form (src/validate/issue.rs `issues_compact`, read by
// pkg-template/src/issues.mjs): strings cut out by their UTF-16 length, nothing escaped. Every
// name and every text must come out as it went in, whatever it holds, through every verb that
// reports issues: validate, validateMany, validateJson, assert, toJSON, convert, streams.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { kernel, openai, convert, ValidationError } from '../../pkg/index.mjs';

// Names that look like the form's own marks and numbers, JSON's escapes, and text beyond
// ASCII (a pair of surrogates counts two units, a lone one is reported and read as U+FFFD).
const NAMES = [
  '', 'k', 'i', '-', ':', ',', '0', '12', '3:abc', 'i4,', 'k1:x', '-,:', '"quoted"', 'back\\slash',
  'line\nbreak', 'tab\there', '\u0000nul', '\u001f', 'é', '😀', 'a😀b:é,', '\u2028\u2029', 'x'.repeat(1000),
];

const reply = (extra) => ({ id: 'a', timestamp: 1, type: 'reply', text: 'hi', ...extra });

test('every name a strict check refuses comes back as it was, at its place in the path', () => {
  for (const name of NAMES) {
    const r = kernel.validate(reply({ [name]: 1 }), { strict: true });
    assert.equal(r.ok, false, JSON.stringify(name));
    assert.deepEqual(r.issues.map((i) => [i.code, i.path]), [['unrecognized_key', [name]]], JSON.stringify(name));
    assert.ok(r.issues[0].message.length > 0);
    assert.equal('expected' in r.issues[0], false, 'no expected: the key is absent');
  }
  // All of them at once, nested under an array position of two digits.
  const files = Array.from({ length: 12 }, () => ({ data: new Uint8Array(1), mimeType: 'image/png' }));
  const extra = Object.fromEntries(NAMES.map((n) => [n, 1]));
  files[11] = { ...files[11], ...extra };
  const r = kernel.validate({ id: 'a', timestamp: 1, type: 'input', text: 'x', files }, { strict: true, maxIssues: 100 });
  // (In the order JavaScript gives the keys: '0' and '12' first.)
  assert.deepEqual(r.issues.map((i) => i.path), Object.keys(extra).map((n) => ['files', 11, n]));
});

test('expected and received come back as written, or absent', () => {
  const r = kernel.validate({ id: 7, timestamp: 'now', type: 'reply', text: '😀' });
  assert.deepEqual(r.issues, [
    { code: 'invalid_type', path: ['id'], message: 'expected string, received number', expected: 'string', received: 'number' },
    { code: 'invalid_type', path: ['timestamp'], message: 'expected number, received string', expected: 'number', received: 'string' },
  ]);
  const lone = kernel.validate(reply({ text: 'a\ud800b' }));
  assert.equal(lone.issues[0].code, 'ill_formed_string');
  assert.deepEqual(lone.issues[0].path, ['text']);
});

test('validateMany puts each item\'s issues at its index, past one digit', () => {
  const list = Array.from({ length: 25 }, (_, i) => (i % 12 === 11 ? reply({ text: i }) : reply()));
  const results = kernel.validateMany(list);
  assert.deepEqual(
    results.flatMap((r, i) => (r.ok ? [] : [[i, r.issues.map((x) => x.path)]])),
    [[11, [['text']]], [23, [['text']]]],
  );
});

test('the other verbs that report issues read the same form', () => {
  const bad = reply({ text: 5 });
  assert.throws(() => kernel.assert(bad), (e) => e instanceof ValidationError && e.issues[0].path[0] === 'text');
  assert.throws(() => kernel.toJSON(bad), (e) => e instanceof ValidationError && e.issues[0].code === 'invalid_type');
  const json = kernel.validateJson('{"id":"a","timestamp":1,"type":"reply","text":"x","é:1,":1,"é:1,":2}');
  assert.deepEqual(json.issues.map((i) => [i.code, i.path]), [['duplicate_key', ['é:1,']]]);
  const syntax = openai.validateJson('{"role":');
  assert.equal(syntax.issues[0].code, 'invalid_json');
  assert.equal(syntax.issues[0].expected, 'JSON text');
  assert.equal('received' in syntax.issues[0], false);
  assert.throws(
    () => convert([bad], { from: 'kernel', to: 'openai' }),
    (e) => e instanceof ValidationError && JSON.stringify(e.issues[0].path) === '[0,"text"]',
  );
  const pushed = openai.createAccumulator().push({ object: 'chat.completion.chunk', choices: 'none' });
  assert.ok(pushed.length > 0);
  for (const i of pushed) assert.deepEqual(Object.keys(i).slice(0, 3), ['code', 'path', 'message']);
});
