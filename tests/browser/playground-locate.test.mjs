// www/locate.mjs under Node: issue paths to lines and columns in JSON and JSONL text, checked
// against positions written out by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shapeOf, jsonlRecords, positionOf, locate, syntaxPosition, scan } from '../../www/locate.mjs';

const DOC = [
  '[',                                   // 1
  '  {',                                 // 2
  '    "role": "user",',                 // 3
  '    "content": "say \\"hi\\" {",',    // 4
  '    "tool_calls": [',                 // 5
  '      { "id": "a", "function": { "arguments": "{}" } },', // 6
  '      7',                             // 7
  '    ],',                              // 8
  '    "role": "tool"',                  // 9
  '  }',                                 // 10
  ']',                                   // 11
].join('\n');

test('a path names the line and column of its key or item', () => {
  const at = (...path) => locate(DOC, path);
  assert.deepEqual(at(), { line: 1, column: 1, exact: true });
  assert.deepEqual(at(0), { line: 2, column: 3, exact: true });
  assert.deepEqual(at(0, 'content'), { line: 4, column: 5, exact: true });
  assert.deepEqual(at(0, 'tool_calls', 0, 'function', 'arguments'), { line: 6, column: 34, exact: true });
  assert.deepEqual(at(0, 'tool_calls', 1), { line: 7, column: 7, exact: true });
  // A repeated key: the last one, the one JSON.parse keeps and the validator checks.
  assert.deepEqual(at(0, 'role'), { line: 9, column: 5, exact: true });
});

test('a path that does not exist points at the deepest part that does', () => {
  assert.deepEqual(locate(DOC, [0, 'name']), { line: 2, column: 3, exact: false });
  assert.deepEqual(locate(DOC, [0, 'tool_calls', 0, 'type']), { line: 6, column: 7, exact: false });
  assert.deepEqual(locate(DOC, [3, 'role']), { line: 1, column: 1, exact: false });
  assert.deepEqual(locate(DOC, [0, 'tool_calls', 1, 'id']), { line: 7, column: 7, exact: false });
});

test('JSONL: the first path segment is the record, blank lines are skipped', () => {
  const text = '{"a":1}\n\n  {"b": {"c": 2}}\r\n{"d": [1, 2]}\n';
  assert.equal(shapeOf(text), 'jsonl');
  assert.deepEqual(jsonlRecords(text).map((r) => [r.line, r.start]), [[1, 0], [3, 9], [4, 28]]);
  assert.deepEqual(locate(text, [1, 'b', 'c'], 'jsonl'), { line: 3, column: 10, exact: true });
  assert.deepEqual(locate(text, [2, 'd', 1], 'jsonl'), { line: 4, column: 11, exact: true });
  assert.equal(locate(text, [3], 'jsonl'), null);
  assert.equal(locate('{"a":1}\n{"b":', [1], 'jsonl'), null, 'a broken record has no tree');
});

test('the shape: JSON, JSONL, empty', () => {
  assert.equal(shapeOf('  \n '), 'empty');
  assert.equal(shapeOf('{"a":1}'), 'json');
  assert.equal(shapeOf('[\n1,\n2\n]'), 'json');
  assert.equal(shapeOf('{"a":1}\n{"b":2}'), 'jsonl');
  assert.equal(shapeOf('{"a":1}\n{"b":'), 'jsonl', 'a broken later line is still JSONL');
  assert.equal(shapeOf('{\n"a": 1,\n}'), 'json', 'a broken document is JSON with a syntax error');
});

test('syntax messages and offsets become positions', () => {
  assert.deepEqual(positionOf('ab\ncd\n', 4), { line: 2, column: 2 });
  assert.deepEqual(syntaxPosition(DOC, 'expected x at line 3, column 7 (found y)'), { line: 3, column: 7, exact: true });
  assert.deepEqual(syntaxPosition('{}\n\n{"a":1}\n{"b":', 'at line 1, column 6', 'jsonl', 2), { line: 4, column: 6, exact: true });
  assert.equal(syntaxPosition(DOC, 'no position here'), null);
  assert.throws(() => scan('{"a": 1,}'), SyntaxError);
  assert.throws(() => scan('[1] 2'), SyntaxError);
});
