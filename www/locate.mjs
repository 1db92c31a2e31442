// Where an issue's path points in the input text: a small JSON scanner that records where every
// value (and every object key) starts, and the JSONL split into records. No DOM, no package: it
// runs in the page and under Node alike. Lines and columns are 1-based; columns count UTF-16
// units, as the editor does.

/** The input's shape: `empty`, `jsonl` (two or more non-blank lines and the first one is a JSON
 * value on its own; a pretty-printed document's first line never is, except `[]`-like one-liners
 * followed by nothing) or `json` (everything else, broken JSON included). */
export function shapeOf(text) {
  if (text.trim() === '') return 'empty';
  const records = jsonlRecords(text);
  if (records.length < 2) return 'json';
  try {
    JSON.parse(text);
    return 'json';
  } catch { /* not one document */ }
  try {
    JSON.parse(records[0].text);
    return 'jsonl';
  } catch {
    return 'json';
  }
}

/** The non-blank lines of a JSONL text: `{ text, start, line }` (offset and 1-based line). */
export function jsonlRecords(text) {
  const out = [];
  let start = 0, line = 1;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const raw = text.slice(start, end).replace(/\r$/, '');
    if (raw.trim() !== '') out.push({ text: raw, start, line });
    start = end + 1;
    line++;
  }
  return out;
}

/** 1-based line and column of a UTF-16 offset. */
export function positionOf(text, offset) {
  let line = 1, lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

const WS = new Set([' ', '\t', '\n', '\r']);

// A value's position: `start`, and for containers their members. An object keeps, per key, the
// offset of the key and its value node; a repeated key keeps the last (what JSON.parse keeps,
// and what the validator checks). Throws a SyntaxError at the first malformed byte.
export function scan(text) {
  let i = 0;
  const ws = () => { while (i < text.length && WS.has(text[i])) i++; };
  const fail = (what) => { throw new SyntaxError(`${what} at offset ${i}`); };
  const string = () => {
    i++; // opening quote
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) fail('unterminated string');
    i++;
  };
  const value = () => {
    ws();
    const start = i, c = text[i];
    if (c === '{') {
      const keys = new Map();
      i++; ws();
      if (text[i] === '}') { i++; return { start, kind: 'object', keys }; }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a key');
        const keyStart = i;
        string();
        const key = JSON.parse(text.slice(keyStart, i));
        ws();
        if (text[i] !== ':') fail('expected a colon');
        i++;
        keys.set(key, { keyStart, node: value() });
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === '}') { i++; return { start, kind: 'object', keys }; }
        fail('expected , or }');
      }
    }
    if (c === '[') {
      const items = [];
      i++; ws();
      if (text[i] === ']') { i++; return { start, kind: 'array', items }; }
      for (;;) {
        items.push(value());
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === ']') { i++; return { start, kind: 'array', items }; }
        fail('expected , or ]');
      }
    }
    if (c === '"') { string(); return { start, kind: 'scalar' }; }
    const m = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
    if (!m) fail('unexpected character');
    i += m[0].length;
    return { start, kind: 'scalar' };
  };
  const root = value();
  ws();
  if (i < text.length) fail('unexpected text after the value');
  return root;
}

// Follows `path` from `node`: the offset of the deepest part that exists (a member's key, an
// item's first character) and whether the whole path was found.
function follow(node, path) {
  let offset = node.start;
  for (const seg of path) {
    if (node.kind === 'object' && typeof seg === 'string' && node.keys.has(seg)) {
      const m = node.keys.get(seg);
      offset = m.keyStart;
      node = m.node;
    } else if (node.kind === 'array' && typeof seg === 'number' && seg < node.items.length) {
      node = node.items[seg];
      offset = node.start;
    } else {
      return { offset, exact: false };
    }
  }
  return { offset, exact: true };
}

/** Where `path` points in `text` read as `shape` (`json` or `jsonl`, where path[0] is the
 * record): `{ line, column, exact }`, `exact: false` when only a prefix of the path exists (a
 * missing property: the object that lacks it), or `null` when the text (or the record) is not
 * JSON. */
export function locate(text, path, shape = 'json') {
  let base = 0, doc = text, rest = path;
  if (shape === 'jsonl') {
    const rec = jsonlRecords(text)[path[0]];
    if (!rec) return null;
    base = rec.start;
    doc = rec.text;
    rest = path.slice(1);
  }
  let root;
  try {
    root = scan(doc);
  } catch {
    return null;
  }
  const { offset, exact } = follow(root, rest);
  return { ...positionOf(text, base + offset), exact };
}

/** The input position a JSON syntax message names ("... at line 3, column 7 ..."), for a
 * document or, in JSONL, for record `index`; `null` if the message names none. */
export function syntaxPosition(text, message, shape = 'json', index = 0) {
  const m = /at line (\d+), column (\d+)/.exec(message);
  if (!m) return null;
  const line = Number(m[1]), column = Number(m[2]);
  if (shape !== 'jsonl') return { line, column, exact: true };
  const rec = jsonlRecords(text)[index];
  return rec ? { line: rec.line + line - 1, column, exact: true } : null;
}
