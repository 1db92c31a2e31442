// The playground: wires the page to the package (agent-messages from pkg/, through the import
// map). Validation, detection, conversion, the checks and the constructors are the package's;
// this file reads the input, puts each result where it belongs, and nothing more.
import api from 'agent-messages';
import { EXAMPLES } from './examples.mjs';
import { KERNEL_FORMS, initFrom } from './constructors.mjs';
import { shapeOf, jsonlRecords, locate, syntaxPosition } from './locate.mjs';

// The readings of an input: a format and the type its messages are.
const SOURCES = [
  { key: 'kernel', format: 'kernel', type: 'KernelMessage', label: 'Kernel (KernelMessage)' },
  { key: 'swarm', format: 'swarm', type: 'IModelMessage', label: 'agent-swarm-kit (IModelMessage)' },
  { key: 'agens', format: 'agens', type: 'Message', label: 'Agens (Message)' },
  { key: 'bedrock', format: 'bedrock', type: 'AgentResponse', label: 'Bedrock Swarm (AgentResponse)' },
  { key: 'bedrock-event', format: 'bedrock', type: 'Event', label: 'Bedrock Swarm (Event)' },
  { key: 'openai', format: 'openai', type: 'ChatCompletionMessageParam', label: 'OpenAI Chat (ChatCompletionMessageParam)' },
  { key: 'anthropic', format: 'anthropic', type: 'MessageParam', label: 'Anthropic Messages (MessageParam)' },
  { key: 'anthropic-prompt', format: 'anthropic', type: 'Prompt', label: 'Anthropic Messages (Prompt: system and messages)' },
  // The AI SDK's two formats share one namespace of the package, `aiSdk`.
  { key: 'ai-sdk', format: 'ai-sdk', ns: 'aiSdk', type: 'ModelMessage', label: 'AI SDK (ModelMessage)' },
  { key: 'ai-sdk-ui', format: 'ai-sdk-ui', ns: 'aiSdk', type: 'UIMessage', label: 'AI SDK UI (UIMessage)' },
];
// The formats conversions take: every one a target.
const FORMAT_NAMES = {
  kernel: 'Kernel', swarm: 'agent-swarm-kit', agens: 'Agens', bedrock: 'Bedrock Swarm', openai: 'OpenAI Chat',
  anthropic: 'Anthropic Messages', 'ai-sdk': 'AI SDK', 'ai-sdk-ui': 'AI SDK UI',
};
const TARGETS = Object.keys(FORMAT_NAMES);

const $ = (id) => document.getElementById(id);
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k in el && typeof v !== 'string') el[k] = v;
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}
const fill = (el, ...kids) => el.replaceChildren(...kids.flat().filter((k) => k !== null && k !== undefined && k !== false));
const pathText = (path) => path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('').replace(/^\./, '') || '(the message)';
const pretty = (jsonText) => JSON.stringify(JSON.parse(jsonText), null, 2);
const sourceOf = (key) => SOURCES.find((s) => s.key === key);

// ---- reading the input ------------------------------------------------------------------

/** The input read as `source`: its shape, the parsed value (undefined when it is not JSON), the
 * package's issues for the text, each with where it points. */
function read(text, source) {
  const shape = shapeOf(text);
  const validator = api[source.ns ?? source.format][source.type];
  let issues = [], value;
  if (shape === 'jsonl') {
    const records = jsonlRecords(text);
    const values = [];
    records.forEach((rec, i) => {
      const r = validator.validateJson(rec.text);
      if (!r.ok) issues.push(...r.issues.map((s) => ({ ...s, path: [i, ...s.path] })));
      try { values.push(JSON.parse(rec.text)); } catch { /* reported as invalid_json */ }
    });
    if (values.length === records.length) value = values;
  } else if (shape === 'json') {
    const r = validator.validateJson(text);
    if (!r.ok) issues = r.issues;
    try { value = JSON.parse(text); } catch { /* reported as invalid_json */ }
  }
  issues = issues.map((s) => ({
    ...s,
    at: s.code === 'invalid_json' ? syntaxPosition(text, s.message, shape, s.path[0]) : locate(text, s.path, shape),
  }));
  return { shape, value, issues };
}

// The reading "auto" picks: the best format detectFormat finds (for Bedrock, the type with the
// fewest issues), else, when no format matches, the reading with the fewest issues.
function autoSource(text, value) {
  const detected = value === undefined ? [] : api.detectFormat(value);
  const candidates = detected.length ? SOURCES.filter((s) => s.format === detected[0].format) : SOURCES;
  let best = null;
  for (const s of candidates) {
    const n = read(text, s).issues.length;
    if (!best || n < best.n) best = { s, n };
  }
  return { source: best.s, detected };
}

// ---- rendering ----------------------------------------------------------------------------

function issueItem(issue, kind = 'issue') {
  const at = issue.at;
  const data = { 'data-code': issue.code, 'data-path': JSON.stringify(issue.path), 'data-line': at ? String(at.line) : '' };
  return h('li', { class: `${kind} ${issue.severity ?? 'error'}`, ...data },
    h('span', { class: 'code-name' }, issue.code),
    ' ', h('span', { class: 'path' }, pathText(issue.path)),
    at ? h('button', { type: 'button', class: 'goto', title: 'Select this line in the input', 'aria-label': `Go to line ${at.line}, column ${at.column}`, onclick: () => selectLine(at.line) }, `line ${at.line}:${at.column}${at.exact ? '' : ' (in)'}`) : null,
    h('span', { class: 'message' }, issue.message),
  );
}

// The input, line by line; after each line the issues and checks that point at it.
function renderListing(text, notes) {
  const listing = $('listing');
  const lines = text.split('\n');
  const byLine = new Map();
  const loose = [];
  for (const n of notes) {
    if (n.note.at) (byLine.get(n.note.at.line) ?? byLine.set(n.note.at.line, []).get(n.note.at.line)).push(n);
    else loose.push(n);
  }
  listing.hidden = notes.length === 0;
  $('listing-ok').hidden = notes.length !== 0;
  const items = [];
  if (loose.length) items.push(h('li', { class: 'notes' }, h('ul', {}, loose.map((n) => issueItem(n.note, n.kind)))));
  lines.forEach((line, i) => {
    const here = byLine.get(i + 1);
    items.push(h('li', { class: here ? 'line marked' : 'line', value: i + 1, 'data-line': String(i + 1) },
      h('span', { class: 'ln', 'aria-hidden': 'true' }, String(i + 1)), h('code', {}, line || ' ')));
    if (here) items.push(h('li', { class: 'notes', 'aria-label': `Issues at line ${i + 1}` }, h('ul', {}, here.map((n) => issueItem(n.note, n.kind)))));
  });
  listing.replaceChildren(...items);
}

function renderFindings(el, findings, locateFinding) {
  if (!findings.length) return el.replaceChildren(h('p', { class: 'ok' }, 'No findings: every tool call has its result, in order.'));
  el.replaceChildren(h('ul', { class: 'findings' }, findings.map((f) => {
    const item = issueItem({ ...f, path: [f.index, ...f.path], at: locateFinding ? locateFinding(f) : null }, 'finding');
    item.prepend(h('span', { class: `severity ${f.severity}` }, f.severity), ' ');
    return item;
  })));
}

function selectLine(line) {
  const input = $('input');
  const lines = input.value.split('\n');
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  input.focus();
  input.setSelectionRange(start, start + (lines[line - 1] ?? '').length);
}

// What is wrong with the conversation as a whole: checkConversation, or for Bedrock events the
// issues of their tree (dangling parents, cycles, repeated ids), as findings.
// Where a finding (or a loss) of the input is, as a path into it: in a list, its message's
// index first; in an Anthropic Prompt, under `messages` (the `system`'s own have index null
// and a path that starts with "system").
function placeOf(f, asList, source) {
  if (source?.key === 'anthropic-prompt') return f.index === null ? f.path : ['messages', f.index, ...f.path];
  return asList ? [f.index, ...f.path] : f.path;
}

// The JSON text of converted messages (bytes as base64 and so on), by the target's validator;
// for Anthropic with the Prompt's `system` beside them.
function convertedJSON(format, { system, messages }) {
  const v = format === 'ai-sdk' ? api.aiSdk : format === 'ai-sdk-ui' ? api.aiSdk.UIMessage : api[format];
  const text = v.toJSON(messages);
  return system === undefined ? pretty(text) : JSON.stringify({ system, messages: JSON.parse(text) }, null, 2);
}

function conversationChecks(value, source) {
  if (source.key !== 'bedrock-event') return api.checkConversation(value, { format: source.format });
  const { issues } = api.bedrock.buildEventTree(Array.isArray(value) ? value : [value]);
  return issues.map(({ code, path, message }) => ({ index: path[0], path: path.slice(1), code, severity: 'error', message }));
}

// `findings`: the input's conversation checks (the converted conversation's are compared with
// them); `wantedTarget`: the target last picked (by hand or by an example), kept whenever it is
// not the input's own format.
const state = { text: '', source: null, value: undefined, shape: 'empty', findings: [], wantedTarget: 'openai' };

// The target select: the input's format is no target (disabled, and said so); the target is the
// one wanted unless that is the input's format, then the first other format.
function syncTarget() {
  const from = state.source?.format;
  for (const o of $('target').options) {
    o.disabled = o.value === from;
    o.textContent = o.value === from ? `${FORMAT_NAMES[o.value]} (the input's format)` : FORMAT_NAMES[o.value];
  }
  $('target').value = state.wantedTarget !== from ? state.wantedTarget : TARGETS.find((t) => t !== from);
}

function analyze() {
  const text = $('input').value;
  const chosen = $('source').value;
  let source, detected = [];
  const shape = shapeOf(text);
  if (shape === 'empty') {
    Object.assign(state, { text, source: null, value: undefined, shape, findings: [] });
    syncTarget();
    $('summary').textContent = 'Paste messages or pick an example.';
    delete $('summary').dataset.source;
    delete $('summary').dataset.shape;
    $('detected').replaceChildren();
    $('listing').replaceChildren();
    $('listing-ok').hidden = true;
    $('issue-count').textContent = '';
    $('checks').replaceChildren();
    renderConversion();
    return;
  }
  let reading;
  if (chosen === 'auto') {
    let value;
    try { value = shape === 'jsonl' ? jsonlRecords(text).map((r) => JSON.parse(r.text)) : JSON.parse(text); } catch { /* not JSON */ }
    ({ source, detected } = autoSource(text, value));
  } else {
    source = sourceOf(chosen);
  }
  reading = read(text, source);
  if (chosen !== 'auto' && reading.value !== undefined) detected = api.detectFormat(reading.value);
  Object.assign(state, { text, source, value: reading.value, shape: reading.shape, findings: [] });
  syncTarget();

  const count = Array.isArray(reading.value) ? reading.value.length : reading.value === undefined ? null : 1;
  const shapeText = reading.shape === 'jsonl' ? 'JSONL' : Array.isArray(reading.value) ? 'a JSON array' : reading.value === undefined ? 'text that is not JSON' : 'one JSON message';
  $('summary').replaceChildren(
    `Read as ${source.label}${chosen === 'auto' ? ' (auto)' : ''}: ${shapeText}`,
    count === null ? '' : `, ${count} message${count === 1 ? '' : 's'}`, ' — ',
    h('strong', { class: reading.issues.length ? 'bad' : 'ok', id: 'verdict' }, reading.issues.length ? `${reading.issues.length} issue${reading.issues.length === 1 ? '' : 's'}` : 'valid'),
  );
  $('summary').dataset.source = source.key;
  $('summary').dataset.shape = reading.shape;
  $('detected').replaceChildren(...(detected.length
    ? detected.map((d) => h('li', { class: 'chip', 'data-format': d.format }, `${FORMAT_NAMES[d.format]}: ${d.matched}/${d.total} valid, ${d.exact} strict`))
    : [h('li', { class: 'chip none' }, 'no format matches every message exactly as given')]));
  $('issue-count').textContent = reading.issues.length ? `(${reading.issues.length})` : '(none)';

  // Conversation checks need valid messages: the package refuses invalid ones.
  const notes = reading.issues.map((note) => ({ note, kind: 'issue' }));
  const asList = Array.isArray(reading.value) || reading.shape === 'jsonl';
  const locateFinding = (f) => locate(text, placeOf(f, asList, source), reading.shape);
  if (reading.value !== undefined && reading.issues.length === 0) {
    try {
      const findings = conversationChecks(reading.value, source);
      state.findings = findings;
      renderFindings($('checks'), findings, locateFinding);
      for (const f of findings) notes.push({ note: { ...f, path: asList ? [f.index, ...f.path] : f.path, at: locateFinding(f) }, kind: 'finding' });
    } catch (e) {
      $('checks').replaceChildren(h('p', { class: 'error' }, `${e.name}: ${e.message}`));
    }
  } else {
    $('checks').replaceChildren(h('p', { class: 'muted' }, 'The checks run once the messages are valid.'));
  }
  renderListing(text, notes);
  renderConversion();
}

// ---- conversion -----------------------------------------------------------------------------

// Message indices, sorted, runs of three or more as ranges: [0, 1, 2, 4, 5] -> ['0–2', '4', '5'].
function indexRuns(indices) {
  const sorted = [...new Set(indices)].sort((a, b) => a - b);
  const parts = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    if (j - i >= 2) parts.push(`${sorted[i]}–${sorted[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(sorted[k]));
    i = j + 1;
  }
  return parts;
}

// The losses, one group per same code, same path (exactly, array positions included) and same
// detail, in the order each first appears: { code, path, detail, indices }.
function groupLosses(losses) {
  const groups = new Map();
  for (const l of losses) {
    const key = JSON.stringify([l.code, l.path, l.detail]);
    const g = groups.get(key) ?? groups.set(key, { code: l.code, path: l.path, detail: l.detail, indices: [] }).get(key);
    g.indices.push(l.index);
  }
  return [...groups.values()];
}

// Which messages a group of losses is in: "message 3", "5 messages (0–4)"; as text, or as
// nodes that wrap only between the runs.
function whichMessages(indices, asNodes = false) {
  // An Anthropic Prompt's `system` is no message of the list.
  if (indices.includes(null)) {
    const rest = indices.filter((i) => i !== null);
    if (!rest.length) return asNodes ? [h('span', { class: 'nw' }, 'the system')] : 'the system';
    const more = whichMessages(rest, asNodes);
    return asNodes ? [h('span', { class: 'nw' }, 'the system'), ' and ', ...more] : `the system and ${more}`;
  }
  const n = new Set(indices).size;
  if (n === 1) return asNodes ? [h('span', { class: 'nw' }, `message ${indices[0]}`)] : `message ${indices[0]}`;
  const runs = indexRuns(indices);
  if (!asNodes) return `${n} messages (${runs.join(', ')})`;
  const nodes = [h('span', { class: 'nw' }, `${n} messages`), ' ('];
  runs.forEach((r, i) => nodes.push(h('span', { class: 'nw' }, r + (i === runs.length - 1 ? ')' : ',')), i === runs.length - 1 ? '' : ' '));
  return nodes;
}
const innerPath = (path) => (path.length ? pathText(path) : '');

// The converted conversation's findings apart: those the input's checks already report (the
// same code, matched in order: the same problem, carried over, already described above in the
// input format's words) and those the conversion brings.
function splitFindings(convertedFindings, inputFindings) {
  const left = inputFindings.map((f) => f.code);
  const carried = [], fresh = [];
  for (const f of convertedFindings) {
    const at = left.indexOf(f.code);
    if (at >= 0) { left.splice(at, 1); carried.push(f); } else fresh.push(f);
  }
  return { carried, fresh };
}

let converted = '';
function renderConversion() {
  const to = $('target').value;
  const err = $('convert-error'), wrap = $('converted-wrap');
  err.hidden = true;
  wrap.hidden = true;
  if (!state.source) return;
  const showError = (title, e) => {
    err.hidden = false;
    err.dataset.name = e?.name ?? '';
    err.dataset.code = e?.code ?? '';
    fill(err, h('strong', {}, title), ' ', h('span', { class: 'message', id: 'convert-message' }, e ? e.message : ''),
      e?.issues ? h('ul', {}, e.issues.map((s) => issueItem({ ...s, at: locate(state.text, s.path, state.shape) }))) : null,
      e?.losses ? h('ul', { class: 'strict-losses' }, groupLosses(e.losses).map((g) => h('li', { 'data-indices': JSON.stringify(g.indices), 'data-path': JSON.stringify(g.path), 'data-code': g.code },
        `${g.code} at ${whichMessages(g.indices)}${g.path.length ? `, ${innerPath(g.path)}` : ''}: ${g.detail}`))) : null);
  };
  if (state.value === undefined) return showError('Cannot convert:', { name: 'SyntaxError', message: 'the input is not JSON; see the issues.' });
  let r;
  try {
    r = api.convert(state.value, { from: state.source.format, to, strict: $('strict').checked });
  } catch (e) {
    return showError(`Cannot convert ${state.source.format} to ${to}:`, e);
  }
  wrap.hidden = false;
  converted = convertedJSON(to, r);
  $('converted').textContent = converted;
  // Identical losses (same code, path and detail) share a row that says which messages they are in.
  const groups = groupLosses(r.losses);
  $('loss-count').textContent = !r.losses.length ? '(none)'
    : groups.length === r.losses.length ? `(${r.losses.length})` : `(${r.losses.length} in ${groups.length} row${groups.length === 1 ? '' : 's'})`;
  $('losses').replaceChildren(r.losses.length
    ? h('table', { class: 'losses' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'where'), h('th', { scope: 'col' }, 'code'), h('th', { scope: 'col' }, 'what is lost'))),
      h('tbody', {}, groups.map((g) => h('tr', { 'data-indices': JSON.stringify(g.indices), 'data-path': JSON.stringify(g.path), 'data-code': g.code },
        h('td', { class: 'where' }, h('span', { class: 'which' }, whichMessages(g.indices, true)), g.path.length ? h('span', { class: 'path' }, innerPath(g.path)) : null),
        h('td', { class: 'code-name' }, g.code), h('td', { class: 'detail' }, g.detail)))))
    : h('p', { class: 'ok' }, `Nothing lost: ${FORMAT_NAMES[to]} carries everything.`));
  $('converted-format').textContent = `(${FORMAT_NAMES[to]})`;
  try {
    // A problem of the input that the conversion carries over (an empty message, a call with no
    // result) is described once, in the input format's words; here it is only named.
    const { carried, fresh } = splitFindings(api.checkConversation(r.messages, { format: to }), state.findings);
    const el = $('converted-checks');
    if (fresh.length || !carried.length) renderFindings(el, fresh);
    else el.replaceChildren();
    if (carried.length) {
      el.append(h('p', { class: 'carried muted', 'data-codes': JSON.stringify(carried.map((f) => f.code)) },
        `${fresh.length ? 'Also, as' : 'As'} reported for the input above (see the conversation checks): `,
        carried.map((f) => `${f.code} at ${pathText(f.index === null ? f.path : [f.index, ...f.path])}`).join('; '), '.'));
    }
  } catch (e) {
    $('converted-checks').replaceChildren(h('p', { class: 'error' }, `${e.name}: ${e.message}`));
  }
}

// ---- building Kernel messages -----------------------------------------------------------

let built = '';
function renderForm() {
  const form = KERNEL_FORMS.find((f) => f.type === $('build-type').value);
  const fields = form.fields.map((f) => {
    const id = `field-${f.name}`;
    const label = h('label', { for: id }, f.label, f.optional ? h('span', { class: 'muted' }, ' (optional)') : '');
    let control;
    if (f.kind === 'file') control = h('input', { type: 'file', id, name: f.name });
    else if (f.kind === 'line') control = h('input', { type: 'text', id, name: f.name, value: f.value ?? '', autocomplete: 'off' });
    else control = h('textarea', { id, name: f.name, rows: f.kind === 'json' ? 3 : 2, spellcheck: f.kind === 'text' ? 'true' : 'false' }, f.value ?? '');
    return h('div', { class: 'field' }, label, control);
  });
  $('build-form').replaceChildren(...fields, h('button', { type: 'submit', id: 'build-submit' }, `${form.ctor}(…)`));
}

async function build(event) {
  event.preventDefault();
  const form = KERNEL_FORMS.find((f) => f.type === $('build-type').value);
  const err = $('build-error');
  err.hidden = true;
  $('built-wrap').hidden = true;
  const values = {};
  for (const f of form.fields) {
    const el = $(`field-${f.name}`);
    if (f.kind === 'file') {
      const file = el.files?.[0];
      values[f.name] = file ? { name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) } : null;
    } else {
      values[f.name] = el.value;
    }
  }
  $('built-ctor').textContent = `kernel.${form.ctor}`;
  try {
    const message = api.kernel[form.ctor](initFrom(form, values));
    built = pretty(api.kernel.toJSON(message));
    showBuilt('Built message', true);
  } catch (e) {
    err.hidden = false;
    fill(err, h('strong', {}, `${e.name}:`), ' ', h('span', { class: 'message' }, e.message),
      e.issues ? h('ul', {}, e.issues.map((s) => issueItem({ ...s, at: null }))) : null);
    // The error as JSON to copy: what it carries, never its stack.
    built = JSON.stringify(errorJSON(e), null, 2);
    showBuilt('Error', false);
  }
}

function showBuilt(title, isMessage) {
  $('built-title').textContent = title;
  $('built').textContent = built;
  $('built').setAttribute('aria-label', isMessage ? 'Built message (JSON)' : 'The constructor\'s error (JSON)');
  $('built-wrap').classList.toggle('failed', !isMessage);
  $('append-built').hidden = !isMessage;
  $('built-wrap').hidden = false;
}

// An error as plain data: { name, code?, message, issues?, ... } from its own enumerable
// properties (never `stack`); errors inside it (a cause) the same way.
function errorJSON(e) {
  if (!(e instanceof Error)) return e;
  const out = { name: e.name };
  if (e.code !== undefined) out.code = e.code;
  out.message = e.message;
  for (const [k, v] of Object.entries(e)) {
    if (k === 'stack' || k in out) continue;
    out[k] = v;
  }
  if (e.cause !== undefined) out.cause = errorJSON(e.cause);
  return JSON.parse(JSON.stringify(out, (k, v) => (k === 'stack' ? undefined : v instanceof Error ? errorJSON(v) : typeof v === 'bigint' ? String(v) : v)));
}

// Adds the built message to the input: to the array, after the one message, or as a JSONL line.
function appendBuilt() {
  const input = $('input');
  const text = input.value;
  const shape = shapeOf(text);
  const message = JSON.parse(built);
  if (shape === 'jsonl') input.value = `${text.replace(/\s*$/, '')}\n${JSON.stringify(message)}`;
  else {
    let value;
    try { value = JSON.parse(text); } catch { value = undefined; }
    const list = shape === 'empty' || value === undefined ? [message] : Array.isArray(value) ? [...value, message] : [value, message];
    input.value = JSON.stringify(list, null, 2);
  }
  if ($('source').value !== 'auto' && $('source').value !== 'kernel') $('source').value = 'auto';
  analyze();
}

async function copy(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    $('copy-status').textContent = `${what} copied.`;
  } catch {
    $('copy-status').textContent = `Copying is not allowed here: select the ${what.toLowerCase()} and copy it.`;
  }
}

// ---- wiring -------------------------------------------------------------------------------

function loadExample(ex) {
  $('input').value = ex.text;
  $('source').value = ex.source;
  if (TARGETS.includes(ex.to)) state.wantedTarget = ex.to;
  document.body.dataset.example = ex.id;
  analyze();
}

function setUp() {
  $('version').textContent = `agent-messages ${api.version}`;
  $('source').replaceChildren(h('option', { value: 'auto' }, 'auto (detect the format)'), ...SOURCES.map((s) => h('option', { value: s.key }, s.label)));
  // Every format but the input's own is offered as a target (syncTarget disables that one).
  $('target').replaceChildren(...TARGETS.map((t) => h('option', { value: t }, FORMAT_NAMES[t])));
  syncTarget();
  $('build-type').replaceChildren(...KERNEL_FORMS.map((f) => h('option', { value: f.type }, f.type)));

  const groups = new Map();
  for (const ex of EXAMPLES) {
    const format = sourceOf(ex.source).format;
    (groups.get(format) ?? groups.set(format, []).get(format)).push(ex);
  }
  $('examples').append(...[...groups].map(([format, list]) => h('div', { class: 'example-group' },
    h('span', { class: 'group-name' }, FORMAT_NAMES[format]),
    h('ul', {}, list.map((ex) => h('li', {}, h('button', {
      type: 'button', class: ex.broken ? 'example broken' : 'example', 'data-example': ex.id, onclick: () => loadExample(ex),
    }, ex.title.replace(/^[^:]*: /, ''), ex.broken ? h('span', { class: 'tag' }, 'broken') : '')))))));

  let timer;
  // Pasted text may be of any format: detect it again.
  $('input').addEventListener('paste', () => { $('source').value = 'auto'; });
  $('input').addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(analyze, 150); });
  $('source').addEventListener('change', analyze);
  $('target').addEventListener('change', () => { state.wantedTarget = $('target').value; renderConversion(); });
  $('strict').addEventListener('change', renderConversion);
  $('build-type').addEventListener('change', renderForm);
  $('build-form').addEventListener('submit', build);
  $('copy-converted').addEventListener('click', () => copy(converted, 'Converted JSON'));
  $('copy-built').addEventListener('click', () => copy(built, $('append-built').hidden ? 'Error JSON' : 'Built message'));
  $('append-built').addEventListener('click', appendBuilt);
  const readFile = async (file) => { $('input').value = await file.text(); $('source').value = 'auto'; analyze(); };
  $('open-file').addEventListener('change', (e) => e.target.files[0] && readFile(e.target.files[0]));
  $('input').addEventListener('dragover', (e) => { e.preventDefault(); $('input').classList.add('drop'); });
  $('input').addEventListener('dragleave', () => $('input').classList.remove('drop'));
  $('input').addEventListener('drop', (e) => {
    $('input').classList.remove('drop');
    const file = e.dataTransfer?.files?.[0];
    if (file) { e.preventDefault(); readFile(file); }
  });
  renderForm();
  for (const id of ['input', 'source', 'target', 'build-type']) $(id).disabled = false;
  $('loading').remove();
  loadExample(EXAMPLES[0]);
}

setUp();
// Time to interactive: from the start of navigation to the package loaded (top-level await of
// its wasm) and the page wired and showing its first result.
const tti = performance.now();
$('tti').textContent = `interactive in ${Math.round(tti)} ms`;
window.__playground = { ready: true, tti, version: api.version };

if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js').then(() => navigator.serviceWorker.ready).then(() => {
    $('offline').textContent = 'works offline';
    window.__playground.offline = true;
  }).catch((e) => { $('offline').textContent = `offline use unavailable (${e.message})`; });
}
