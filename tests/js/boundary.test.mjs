// One declaration for each number the facade and the wasm share (src/boundary.rs), and no copy
// of it anywhere else. Fails on drift:
//   1. the built wasm's describe().numbers are the tables src/boundary.rs declares (a stale
//      pkg/ is not tested by mistake);
//   2. the facade (pkg/api.cjs, as built) reads, at start-up, exactly the numbers describe()
//      sends: a name it reads that no table has fails its start-up, a name a table has that
//      it never reads is either Rust's own (RUST_ONLY) or a missing use;
//   3. no facade source (pkg-template/src/*.mjs) holds a number where a shared one would be:
//      a literal stored into the tape, compared, combined as bits, used as a case, given a
//      name, passed to a wasm export or returned is refused unless ALLOWED lists its line with
//      the reason it is the facade's own. (`const STR = 6` is a copy; `i = 0` is a counter.)
// Run: node --test tests/js/boundary.test.mjs (after bash scripts/build.sh)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import ts from 'typescript';

const require = createRequire(import.meta.url);
const ROOT = new URL('../../', import.meta.url);
const FACADE = new URL('pkg-template/src/', ROOT);

// Numbers of the tables that only Rust reads (the JSON parser's string flags; the content
// level of keys describe() does not list; the marks of the issues' compact form that the
// reader passes over: a digit ends where a number does, and a path step that is no index is a
// name).
const RUST_ONLY = new Set([
  'stringFlag.ESCAPED', 'stringFlag.NOT_BASE64', 'content.NONE',
  'issueForm.KEY', 'issueForm.END_NUMBER', 'issueForm.END_LENGTH',
]);

// Facade lines that hold a number literal in one of the places a shared number would go, and
// why each is the facade's own. A line edited or added there fails until it is listed.
const ALLOWED = {
  'kernel.mjs': {
    'const UNIT_RANGE = 65536;': 'the values of a 16-bit unit (JavaScript\'s Uint16Array), in which the wasm writes a ms',
  },
  'built.mjs': {
    'const MAX_PLANS = 64;': "how many tags' checks a validator keeps (the facade's cache)",
  },
  'agens.mjs': {
    "const route = (node_id, count = 1) => validators.RouteInstruction[BUILT]()({ type: 'route', node_id, count });":
      "a route's default count (upstream's)",
    "next.push(type === 'route' ? { type, [target]: value, count: 1 } : { type, [target]: value });":
      'the short form routes one thread (upstream)',
    "if (ins.count !== 1) losses.push({ index, path: [index, 'count'], code: 'route_count', detail: `the short form routes one thread; count ${ins.count} is lost` });":
      'the short form routes one thread (upstream)',
  },
  'media.mjs': {
    'if (bytes.length >= 12 && bytes[0] === 0x52 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x46':
      'the WebP signature (RIFF....WEBP)',
    "&& bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';":
      'the WebP signature (RIFF....WEBP)',
  },
  'tape.mjs': {
    'var ID_BITS = 0xffff, COPY_HEAD = 0x10000, COPY_ALL = 0x20000;': "the walker's own packing of a key id and what it copies",
    'var header = wasm.tape_reserve(4096, 512, 16384, 0);': 'the first room asked for (words, numbers, chars, bytes)',
    'W[w + 3] = len === 0 || (hasIsWellFormed ? s.isWellFormed() : s.search(LONE_SURROGATE) < 0) ? 0 : ILL_FORMED;':
      'an empty string; no flags',
    'if (at === 0) return false;': 'a null pointer: the wasm could not have the memory',
    'putArray(value, -1, COPY_ALL);': 'the items of a list are each at depth 0',
  },
  'text.mjs': {
    'if (p === 0) return false;': 'a null pointer: the wasm could not have the memory',
    'if (view.length === 0 && !reserve(1 << 16)) return -1;': 'put() answers -1 when memory cannot be had',
    'if (!reserve(text.length * 3)) return -1;': 'put() answers -1 when memory cannot be had',
  },
  'validator.mjs': {
    'GUARD: { flags: ABORT_EARLY, maxIssues: 1, maxDepth: DEFAULT_MAX_DEPTH },': '`is` needs one issue at most',
    'if (!tape.write(value, copyAll, o.maxDepth, (mode & EACH) !== 0, false, keys)) {': 'a bit test',
    'version: 1,': 'Standard Schema v1',
  },
};

function freshWasm() {
  // A private instance (as bench/private-instance.mjs makes one): the package's own is left alone.
  const path = require.resolve('../../pkg/node/agent_messages.js');
  const cached = require.cache[path];
  delete require.cache[path];
  try {
    return require(path);
  } finally {
    if (cached) require.cache[path] = cached;
  }
}

/** The tables src/boundary.rs declares: `{ table: { NAME: number | null } }` (null: a value
 * written as an expression the test does not evaluate). */
function declaredInRust() {
  const src = readFileSync(new URL('src/boundary.rs', ROOT), 'utf8');
  const body = src.slice(src.indexOf('tables! {'));
  const tables = {};
  for (const m of body.matchAll(/^\s{4}\w+\("(\w+)"\): \w+ \{\n([\s\S]*?)^\s{4}\}/gm)) {
    const entries = {};
    for (const e of m[2].matchAll(/^\s*([A-Z][A-Z0-9_]*) = (.+),$/gm)) {
      // Integer arithmetic as Rust writes it (`(1 << 48) - 1`; JavaScript's << is 32-bit).
      const expr = e[2].trim().replace(/(\d+) << (\d+)/g, '($1 * 2 ** $2)');
      entries[e[1]] = /^[\d\s()+*-]+$/.test(expr) ? Function(`return ${expr}`)() : null;
    }
    tables[m[1]] = entries;
  }
  return tables;
}

test('the built wasm describes exactly the tables src/boundary.rs declares', () => {
  const rust = declaredInRust();
  const described = freshWasm().describe().numbers;
  assert.deepEqual(Object.keys(described), Object.keys(rust), 'tables (rebuild pkg/ after editing src/boundary.rs)');
  for (const [table, entries] of Object.entries(rust)) {
    assert.deepEqual(Object.keys(described[table]), Object.keys(entries), `names of ${table}`);
    for (const [name, value] of Object.entries(entries)) {
      if (value !== null) assert.equal(described[table][name], value, `${table}.${name}`);
      assert.ok(Number.isSafeInteger(described[table][name]), `${table}.${name} is a number`);
    }
  }
});

test('the facade reads, at start-up, every number describe() sends and no other', () => {
  const wasm = freshWasm();
  const read = new Set();
  const recorded = (described) => {
    const numbers = {};
    for (const [table, entries] of Object.entries(described.numbers)) {
      numbers[table] = new Proxy(entries, {
        get(t, name) {
          if (typeof name === 'string') read.add(`${table}.${name}`);
          return t[name];
        },
      });
    }
    return { ...described, numbers };
  };
  const { createApi } = require('../../pkg/api.cjs');
  const api = createApi({ ...wasm, describe: () => recorded(wasm.describe()) });
  assert.equal(api.kernel.validate({ id: 'a', timestamp: 1, type: 'reply', text: 'x' }).ok, true);
  const sent = Object.entries(wasm.describe().numbers).flatMap(([t, e]) => Object.keys(e).map((n) => `${t}.${n}`));
  const unread = sent.filter((n) => !read.has(n) && !RUST_ONLY.has(n));
  assert.deepEqual(unread, [], 'numbers the wasm sends and the facade never reads (read them, or list them in RUST_ONLY)');
  const stale = [...RUST_ONLY].filter((n) => !sent.includes(n) || read.has(n));
  assert.deepEqual(stale, [], 'RUST_ONLY names that are gone, or that the facade reads after all');
  const unknown = [...read].filter((n) => !sent.includes(n));
  assert.deepEqual(unknown, [], 'names the facade reads that describe() does not send');
});

test('a name describe() does not send stops the facade at start-up, by name', () => {
  const wasm = freshWasm();
  const { createApi } = require('../../pkg/api.cjs');
  const without = (table, name) => () => {
    const d = wasm.describe();
    delete d.numbers[table][name];
    return d;
  };
  assert.throws(() => createApi({ ...wasm, describe: without('tag', 'STR') }), /describes no tag\.STR\b/);
  assert.throws(() => createApi({ ...wasm, describe: without('slot', 'NOT_OBJECT') }), /describes no slot\.NOT_OBJECT\b/);
  assert.throws(() => createApi({ ...wasm, describe: () => ({ ...wasm.describe(), numbers: undefined }) }), /describes no numbers/);
});

const EQUALITY = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken]);
const BITS = new Set([ts.SyntaxKind.AmpersandToken, ts.SyntaxKind.BarToken, ts.SyntaxKind.CaretToken,
  ts.SyntaxKind.AmpersandEqualsToken, ts.SyntaxKind.BarEqualsToken, ts.SyntaxKind.CaretEqualsToken]);

// Calls whose number arguments are positions and radixes, never a shared number.
const STRUCTURAL_CALLS = new Set(['slice', 'charCodeAt', 'toString']);

/** Where a number literal stands in one of the places a shared number would go: what it does
 * there, or null. */
function boundaryPlace(literal) {
  let at = literal;
  // Through what only passes a value on: `-1`, `(1)`, `x ? 1 : 2`, `x ?? 0`, `x || 0`.
  for (;;) {
    const p = at.parent;
    if (ts.isPrefixUnaryExpression(p) || ts.isParenthesizedExpression(p)) at = p;
    else if (ts.isConditionalExpression(p) && p.condition !== at) at = p;
    else if (ts.isBinaryExpression(p) && p.right === at && [ts.SyntaxKind.QuestionQuestionToken,
      ts.SyntaxKind.BarBarToken, ts.SyntaxKind.AmpersandAmpersandToken].includes(p.operatorToken.kind)) at = p;
    else break;
  }
  const p = at.parent;
  if (ts.isBinaryExpression(p)) {
    const op = p.operatorToken.kind;
    const other = p.left === at ? p.right : p.left;
    const isLength = ts.isPropertyAccessExpression(other) && ['length', 'size'].includes(other.name.text);
    if (EQUALITY.has(op) && !isLength) return 'compared';
    if (BITS.has(op)) return 'combined as bits';
    if (op === ts.SyntaxKind.EqualsToken && p.right === at && ts.isElementAccessExpression(p.left)) return 'stored';
    return null;
  }
  if (ts.isCaseClause(p)) return 'a case';
  if ((ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isBindingElement(p) || ts.isParameter(p))
    && p.initializer === at) {
    // A counter starting at zero (`let i = 0`, `for (let n = 0; ...)`) is no shared number.
    const counter = ts.isVariableDeclaration(p) && literal.text === '0' && ts.isForStatement(p.parent.parent);
    return counter ? null : `named ${p.name.getText()}`;
  }
  if ((ts.isCallExpression(p) || ts.isNewExpression(p)) && p.arguments?.includes(at)) {
    const callee = p.expression.getText();
    if (!STRUCTURAL_CALLS.has(callee.split('.').pop())) return `passed to ${callee}`;
  }
  if (ts.isReturnStatement(p)) return 'returned';
  return null;
}

test('no facade source holds a copy of a number the wasm shares', () => {
  const tables = freshWasm().describe().numbers;
  const shared = new Set(Object.values(tables).flatMap((t) => Object.keys(t)));
  // A copy may carry its table's name: SLOT_NULL, TAPE_HEADER_LEN.
  const prefixes = Object.keys(tables).map((t) => `${t.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}_`);
  const unprefixed = (name) => {
    const prefix = prefixes.find((p) => name.startsWith(p));
    return prefix ? name.slice(prefix.length) : name;
  };
  const found = [];
  const files = readdirSync(FACADE).filter((f) => f.endsWith('.mjs')).sort();
  assert.ok(files.includes('tape.mjs') && files.includes('boundary.mjs'), 'the facade sources are where this test looks');
  for (const file of files) {
    const text = readFileSync(new URL(file, FACADE), 'utf8');
    const lines = text.split('\n');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (ts.isNumericLiteral(node)) {
        let place = boundaryPlace(node);
        const line = lines[source.getLineAndCharacterOfPosition(node.getStart()).line].trim();
        // `const STRICT = 1`, `SLOT_NULL = 1`: a shared name (maybe behind a prefix) given a number.
        const name = place?.startsWith('named ') ? place.slice(6) : null;
        const copied = name !== null && (shared.has(name) || shared.has(unprefixed(name))) ? name : null;
        // Zero as a start, an argument or a bit is nothing (no bits, depth 0, no copy); stored,
        // compared, a case or returned it may be a code (OK, END), and is looked at.
        if (node.text === '0' && /^(named|passed|combined)/.test(place ?? '')) place = null;
        if (copied || (place && !Object.hasOwn(ALLOWED[file] ?? {}, line))) {
          const where = `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
          found.push(copied
            ? `${where}: ${copied} = ${node.text} copies a number of src/boundary.rs: read it with numbersOf(describe())`
            : `${where}: ${node.text} ${place}, in \`${line}\`: if the wasm shares this number, read it from describe(); if it is the facade's own, list the line in ALLOWED with its reason`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  assert.deepEqual(found, []);
  // And no line is listed that is not there any more (the list stays the facade's truth).
  for (const [file, allowed] of Object.entries(ALLOWED)) {
    const text = readFileSync(new URL(file, FACADE), 'utf8').split('\n').map((l) => l.trim());
    for (const line of Object.keys(allowed)) assert.ok(text.includes(line), `ALLOWED lists a line ${file} no longer has: ${line}`);
  }
});
