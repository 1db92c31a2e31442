// Generated UIMessages for the oracle test (ai-sdk-ui-oracle.test.mjs): a valid message for
// every role, every part type, every tool state of static and dynamic tools, data parts; and
// broken variants of each (a key missing, a key of the wrong type, a wrong literal, a tool
// state that does not match the part's keys). Each case: { name, value, part? } where `part`
// is the broken part's description, for the decisions table.

const pm = { openai: { itemId: 'x', n: 1 } };
const granted = { id: 'a1', approved: true, reason: 'ok' };

/** One valid part of every kind (tool parts in every state follow). */
export const BASE_PARTS = {
  text: { type: 'text', text: 'hi', state: 'done', providerMetadata: pm,
    citations: [{ source: { type: 'source', sourceType: 'url', id: 's', url: 'https://x' }, startIndex: 0, endIndex: 2, citedText: 'hi' }] },
  'text-doc-citation': { type: 'text', text: 'hi',
    citations: [{ source: { type: 'source', sourceType: 'document', id: 'd', mediaType: 'text/plain', title: 'T', filename: 'f.txt' } }] },
  custom: { type: 'custom', kind: 'openai.compaction', providerMetadata: pm },
  reasoning: { type: 'reasoning', text: 'hm', id: 'r1', state: 'streaming', providerMetadata: pm },
  'source-url': { type: 'source-url', sourceId: 's1', url: 'https://x', title: 'X', providerMetadata: pm },
  'source-document': { type: 'source-document', sourceId: 's2', mediaType: 'application/pdf', title: 'Doc', filename: 'a.pdf' },
  file: { type: 'file', mediaType: 'image/png', url: 'data:image/png;base64,AA==', filename: 'a.png', providerReference: { openai: 'file_1' } },
  'reasoning-file': { type: 'reasoning-file', mediaType: 'image/png', url: 'https://x/a.png', providerMetadata: pm },
  data: { type: 'data-weather', data: { temp: 20 }, id: 'd1' },
  steering: { type: 'steering-message', id: 'st', parts: [{ type: 'text', text: 'wait' }, { type: 'file', mediaType: 'text/plain', url: 'https://x' }] },
  'step-start': { type: 'step-start' },
};

/** The keys of every state, as the d.ts declares them (valid values). */
export const STATE_FIELDS = {
  'input-streaming': { input: { q: 'ru' }, rawInput: '{"q":"ru', inputEncoding: 'json' },
  'input-available': { input: { q: 'rust' } },
  'approval-requested': { input: {}, approval: { id: 'a1', requestReason: 'costly', isAutomatic: false, signature: 's', descriptor: 1, inputSchemaInput: {} } },
  'approval-responded': { input: {}, approval: { id: 'a1', approved: false, reason: 'no' } },
  'output-available': { input: {}, output: [1, 2], preliminary: true, resultProviderMetadata: pm, approval: granted },
  'output-error': { input: null, errorText: 'boom', resultProviderMetadata: pm, approval: granted },
  'output-denied': { input: {}, approval: { id: 'a1', approved: false, reason: 'no' } },
};

const toolBase = { toolCallId: 'c1', title: 'Search', toolMetadata: { a: 1 }, providerExecuted: false, callProviderMetadata: pm };

export function toolPart(dynamic, state, fields = STATE_FIELDS[state]) {
  const head = dynamic ? { type: 'dynamic-tool', toolName: 'search', dynamic: false } : { type: 'tool-search' };
  return { ...head, ...toolBase, state, ...fields };
}

/** Every valid part, by name. */
export function validParts() {
  const parts = { ...BASE_PARTS };
  for (const state of Object.keys(STATE_FIELDS)) {
    parts[`tool ${state}`] = toolPart(false, state);
    parts[`dynamic-tool ${state}`] = toolPart(true, state);
    // The fewest keys each state takes.
    const min = Object.fromEntries(Object.entries(STATE_FIELDS[state]).filter(([k]) => ['input', 'output', 'errorText', 'approval'].includes(k) && !(k === 'approval' && state.startsWith('output-') && state !== 'output-denied') && !(k === 'input' && state === 'input-streaming')));
    if (min.approval) min.approval = { id: 'a1', ...(state === 'approval-requested' ? {} : { approved: min.approval.approved }) };
    parts[`tool ${state} (fewest keys)`] = { type: 'tool-x', toolCallId: 'c', state, ...min };
  }
  parts['data (other name)'] = { type: 'data-', data: null };
  return parts;
}

const msg = (role, parts) => ({ id: 'm1', role, parts });

const WRONG = (v) => (typeof v === 'string' ? 42 : typeof v === 'number' ? 'x' : typeof v === 'boolean' ? 'yes' : 'x');

/** All cases: valid ones first, then the broken variants. */
export function cases() {
  const out = [];
  const parts = validParts();
  for (const role of ['system', 'user', 'assistant']) {
    out.push({ name: `valid: ${role} with every part`, value: msg(role, Object.values(parts)) });
  }
  out.push({ name: 'valid: assistant with no parts', value: msg('assistant', []) });
  out.push({ name: 'valid: metadata', value: { ...msg('user', [parts.text]), metadata: { any: [1, { x: null }] } } });
  for (const [name, part] of Object.entries(parts)) {
    out.push({ name: `valid part: ${name}`, value: msg('assistant', [part]) });
  }
  // The message's own keys.
  for (const key of ['id', 'role', 'parts']) {
    const m = msg('user', [parts.text]);
    delete m[key];
    out.push({ name: `message: missing ${key}`, value: m, key });
    out.push({ name: `message: ${key} of the wrong type`, value: { ...msg('user', [parts.text]), [key]: key === 'parts' ? 'x' : 42 }, key });
  }
  out.push({ name: 'message: role "tool"', value: msg('tool', [parts.text]), key: 'role' });
  out.push({ name: 'message: user with no parts', value: msg('user', []), key: 'parts' });
  out.push({ name: 'message: system with no parts', value: msg('system', []), key: 'parts' });
  out.push({ name: 'message: not an object', value: 'hello' });
  out.push({ name: 'message: a part that is not an object', value: msg('user', ['hi']) });
  // Every key of every part: missing, of the wrong type.
  for (const [name, part] of Object.entries(parts)) {
    for (const key of Object.keys(part)) {
      const without = { ...part };
      delete without[key];
      out.push({ name: `${name}: missing ${key}`, value: msg('assistant', [without]), part: name, key, how: 'missing' });
      out.push({ name: `${name}: ${key} of the wrong type`, value: msg('assistant', [{ ...part, [key]: WRONG(part[key]) }]), part: name, key, how: 'wrong type' });
    }
  }
  // Wrong literals.
  for (const [name, part] of Object.entries(parts)) {
    out.push({ name: `${name}: type "bogus"`, value: msg('assistant', [{ ...part, type: 'bogus' }]), part: name, key: 'type', how: 'literal' });
  }
  out.push({ name: 'text: state "finished"', value: msg('assistant', [{ ...parts.text, state: 'finished' }]), part: 'text', key: 'state', how: 'literal' });
  out.push({ name: 'tool: type "tool-"', value: msg('assistant', [{ ...parts['tool input-available'], type: 'tool-' }]), part: 'tool input-available', key: 'type', how: 'literal' });
  out.push({ name: 'custom: kind without a dot', value: msg('assistant', [{ ...parts.custom, kind: 'nodot' }]), part: 'custom', key: 'kind', how: 'literal' });
  out.push({ name: 'dynamic-tool: dynamic true', value: msg('assistant', [{ ...parts['dynamic-tool input-available'], dynamic: true }]), part: 'dynamic-tool input-available', key: 'dynamic', how: 'literal' });
  out.push({ name: 'citation: startIndex -1', value: msg('assistant', [{ ...parts.text, citations: [{ ...parts.text.citations[0], startIndex: -1 }] }]), part: 'text', key: 'citations', how: 'literal' });
  out.push({ name: 'citation: startIndex 1.5', value: msg('assistant', [{ ...parts.text, citations: [{ ...parts.text.citations[0], startIndex: 1.5 }] }]), part: 'text', key: 'citations', how: 'literal' });
  out.push({ name: 'providerMetadata: not an object of objects', value: msg('assistant', [{ ...parts.text, providerMetadata: { openai: 1 } }]), part: 'text', key: 'providerMetadata', how: 'wrong type' });
  out.push({ name: 'providerMetadata: NaN', value: msg('assistant', [{ ...parts.text, providerMetadata: { openai: { n: NaN } } }]), part: 'text', key: 'providerMetadata', how: 'wrong type' });
  out.push({ name: 'steering: a reasoning part inside', value: msg('user', [{ ...parts.steering, parts: [parts.reasoning] }]), part: 'steering', key: 'parts', how: 'literal' });
  // Every tool part in every other state: the keys no longer match the state.
  for (const dynamic of [false, true]) {
    for (const from of Object.keys(STATE_FIELDS)) {
      for (const to of Object.keys(STATE_FIELDS)) {
        if (from === to) continue;
        const part = { ...toolPart(dynamic, from), state: to };
        out.push({ name: `${dynamic ? 'dynamic-tool' : 'tool'} ${from} keys with state ${to}`, value: msg('assistant', [part]), part: `${dynamic ? 'dynamic-tool' : 'tool'} ${from}`, key: 'state', how: 'mismatch', from, to });
      }
      out.push({ name: `${dynamic ? 'dynamic-tool' : 'tool'} ${from}: state "done"`, value: msg('assistant', [{ ...toolPart(dynamic, from), state: 'done' }]), key: 'state', how: 'literal' });
    }
  }
  // Approvals that contradict their state.
  out.push({ name: 'approval-responded without approved', value: msg('assistant', [toolPart(false, 'approval-responded', { input: {}, approval: { id: 'a' } })]), how: 'approval' });
  out.push({ name: 'approval-requested with approved', value: msg('assistant', [toolPart(false, 'approval-requested', { input: {}, approval: { id: 'a', approved: true } })]), how: 'approval' });
  out.push({ name: 'approval-requested with reason', value: msg('assistant', [toolPart(false, 'approval-requested', { input: {}, approval: { id: 'a', reason: 'r' } })]), how: 'approval' });
  out.push({ name: 'output-denied approved true', value: msg('assistant', [toolPart(false, 'output-denied', { input: {}, approval: { id: 'a', approved: true } })]), how: 'approval' });
  out.push({ name: 'output-available approved false', value: msg('assistant', [toolPart(false, 'output-available', { input: {}, output: 1, approval: { id: 'a', approved: false } })]), how: 'approval' });
  out.push({ name: 'input-available with output', value: msg('assistant', [toolPart(false, 'input-available', { input: {}, output: 1 })]), how: 'forbidden' });
  out.push({ name: 'output-available with errorText', value: msg('assistant', [toolPart(false, 'output-available', { input: {}, output: 1, errorText: 'x' })]), how: 'forbidden' });
  out.push({ name: 'output-available with output undefined', value: msg('assistant', [toolPart(false, 'output-available', { input: {}, output: undefined })]), how: 'undefined' });
  out.push({ name: 'input-available with output undefined', value: msg('assistant', [toolPart(false, 'input-available', { input: {}, output: undefined })]), how: 'undefined' });
  out.push({ name: 'input-available with input undefined', value: msg('assistant', [toolPart(false, 'input-available', { input: undefined })]), how: 'undefined' });
  out.push({ name: 'data part with data undefined', value: msg('assistant', [{ type: 'data-x', data: undefined }]), how: 'undefined' });
  out.push({ name: 'toolMetadata: Infinity', value: msg('assistant', [{ ...parts['tool input-available'], toolMetadata: { n: Infinity } }]), how: 'wrong type' });
  out.push({ name: 'callProviderMetadata: a function inside', value: msg('assistant', [{ ...parts['tool input-available'], callProviderMetadata: { p: { f() {} } } }]), how: 'wrong type' });
  out.push({ name: 'extra keys on the message and a part', value: { ...msg('user', [{ ...parts.text, mine: 1 }]), extra: { x: 1 } } });
  out.push({ name: 'providerReference: a number value', value: msg('user', [{ ...parts.file, providerReference: { openai: 1 } }]), how: 'wrong type' });
  return out;
}
