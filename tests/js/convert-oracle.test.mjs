// The converter oracles: the AI SDK's own converters against ours, on the same conversations
// (convert-oracle-cases.mjs). `@ai-sdk/anthropic` and `@ai-sdk/openai` build request bodies from
// ModelMessages (recorded by a custom fetch, convert-oracle-harness.mjs); `convertToModelMessages`
// turns UIMessages into ModelMessages. Every case where the two differ (after the equivalences
// below) is listed in DIFFERENCES with what upstream does and what we do instead: `reported` (we
// report a loss at run time: the test checks the code) or `carried` (we keep what upstream drops
// or changes, so there is nothing to report). An unlisted difference fails, and so does a listed
// case on which the two agree (the table stays true). docs/conversions/oracles.md is this table.
import test from 'node:test';
import assert from 'node:assert/strict';
import { convertToModelMessages } from 'ai';
import * as api from '../../pkg/index.mjs';
import { requestBody } from './convert-oracle-harness.mjs';
import { MODEL_CASES, UI_CASES } from './convert-oracle-cases.mjs';
import { DIFFERENCES } from './convert-oracle-table.mjs';
import { readFileSync } from 'node:fs';

// Equivalences, not differences: a content string and one text part (block) are the same
// message to every provider; Anthropic's `system` string and one text block likewise; the
// reserved `agentMessages` property (our marks, docs/CONVERSIONS.md) is ignored by providers,
// as any unknown key, and is no content.
// The AI SDK's tagged file data of a URL (`{ type: "url", url }`) and the URL as a string are
// the same data. Key order is no content (JSON objects).
function normal(v) {
  if (Array.isArray(v)) return v.map(normal);
  if (v === null || typeof v !== 'object') return v;
  const out = {};
  for (const k of Object.keys(v).sort()) {
    const x = v[k];
    if (k === 'agentMessages' || x === undefined) continue;
    if ((k === 'content' || k === 'system') && typeof x === 'string') out[k] = normal([{ type: 'text', text: x }]);
    else if (k === 'data' && x?.type === 'url' && Object.keys(x).length === 2) out[k] = String(x.url);
    else out[k] = normal(x);
  }
  return out;
}

function check(kind, name, theirs, ours) {
  const listed = DIFFERENCES[kind][name];
  const same = JSON.stringify(normal(theirs)) === JSON.stringify(normal(ours.value));
  if (same && !listed?.same) {
    assert.equal(listed, undefined, `${kind} | ${name}: listed as a difference, but the two agree`);
    return;
  }
  assert.ok(!listed?.same || same, `${kind} | ${name}: listed as the same output, but the two differ\n theirs ${JSON.stringify(theirs)}\n ours   ${JSON.stringify(ours.value)}`);
  assert.ok(listed, `${kind} | ${name}: an unlisted difference\n theirs ${JSON.stringify(theirs)}\n ours   ${JSON.stringify(ours.value)}\n losses ${JSON.stringify(ours.losses)}`);
  if (listed.ours.startsWith('reported:')) {
    const code = listed.ours.slice('reported:'.length);
    assert.ok(ours.losses.some((l) => l.code === code), `${kind} | ${name}: we should report ${code}; losses ${JSON.stringify(ours.losses)}`);
  }
}

for (const kind of ['anthropic', 'openai']) {
  test(`ai-sdk → ${kind}: ours against @ai-sdk/${kind}'s request bodies`, async () => {
    for (const [name, messages] of Object.entries(MODEL_CASES)) {
      const t = await requestBody(kind, messages);
      const theirs = t.error ? { error: t.error } : kind === 'anthropic' ? { system: t.body.system, messages: t.body.messages } : { messages: t.body.messages };
      const r = api.convert(messages, { from: 'ai-sdk', to: kind });
      const value = JSON.parse(JSON.stringify(kind === 'anthropic' ? { system: r.system, messages: r.messages } : { messages: r.messages }));
      check(kind, name, theirs, { value, losses: r.losses });
    }
  });
}

// Generated prompts: conversations of two or three cases one after the other, drawn by a seeded
// generator. Their differences must be those of their cases: when no case is listed, the two
// agree; when some are, the outputs may differ, and every loss a listed case reports is reported.
// (Anthropic reads consecutive messages of one role as one turn: both sides' are joined first.)
function joinTurns(messages) {
  const out = [];
  for (const m of messages) {
    const last = out.at(-1);
    if (last && last.role === m.role && m.role !== 'system') {
      const blocks = (c) => (typeof c === 'string' ? [{ type: 'text', text: c }] : c);
      last.content = [...blocks(last.content), ...blocks(m.content)];
    } else {
      out.push({ ...m });
    }
  }
  return out;
}

function* drawn(seed, count) {
  let x = seed;
  const next = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  const names = Object.keys(MODEL_CASES);
  for (let n = 0; n < count; n++) {
    const k = 2 + Math.floor(next() * 2);
    yield Array.from({ length: k }, () => names[Math.floor(next() * names.length)]);
  }
}

for (const kind of ['anthropic', 'openai']) {
  test(`ai-sdk → ${kind}: generated prompts differ only as their cases do`, async () => {
    for (const names of drawn(kind === 'anthropic' ? 7 : 11, 60)) {
      const messages = names.flatMap((n) => MODEL_CASES[n]);
      const t = await requestBody(kind, messages);
      // A system message after another message, made by the composition, is the case 'system later'.
      const later = messages.some((m, i) => m.role === 'system' && messages.slice(0, i).some((x) => x.role !== 'system'));
      const listed = [...names, ...(later ? ['system later'] : [])].map((n) => DIFFERENCES[kind][n]).filter(Boolean);
      if (t.error) {
        assert.ok(listed.length, `${names.join(' + ')}: upstream refuses (${t.error}) and no case says why`);
        continue;
      }
      const r = api.convert(messages, { from: 'ai-sdk', to: kind });
      const theirs = kind === 'anthropic' ? { system: t.body.system, messages: joinTurns(t.body.messages) } : { messages: t.body.messages };
      const ours = JSON.parse(JSON.stringify(kind === 'anthropic' ? { system: r.system, messages: joinTurns(r.messages) } : { messages: r.messages }));
      const same = JSON.stringify(normal(theirs)) === JSON.stringify(normal(ours));
      if (!listed.some((d) => !d.same)) {
        assert.ok(same, `${names.join(' + ')}: no case differs, yet the outputs do\n theirs ${JSON.stringify(theirs)}\n ours   ${JSON.stringify(ours)}`);
      }
      for (const d of listed.filter((x) => x.ours.startsWith('reported:'))) {
        const code = d.ours.slice('reported:'.length);
        assert.ok(r.losses.some((l) => l.code === code), `${names.join(' + ')}: ${code} not reported`);
      }
    }
  });
}

test('ai-sdk-ui → ai-sdk: ours (uiToModel) against convertToModelMessages', async () => {
  for (const [name, messages] of Object.entries(UI_CASES)) {
    const theirs = await convertToModelMessages(messages);
    const r = api.uiToModel(messages);
    check('ui', name, theirs, { value: JSON.parse(JSON.stringify(r.messages)), losses: r.losses });
  }
});

test('docs/conversions/oracles.md holds the table: every row, with what we do', () => {
  const doc = readFileSync(new URL('../../docs/conversions/oracles.md', import.meta.url), 'utf8');
  for (const rows of Object.values(DIFFERENCES)) {
    for (const [name, r] of Object.entries(rows)) {
      const ours = r.ours.startsWith('reported:') ? `reported: \`${r.ours.slice(9)}\`` : r.ours;
      assert.ok(doc.includes(`| ${name}${r.same ? ' (*same output*)' : ''} | ${r.theirs} | ${ours} |`), `the doc's row for ${name}`);
    }
  }
});

test('the difference table names only cases that exist', () => {
  for (const [kind, rows] of Object.entries(DIFFERENCES)) {
    const cases = kind === 'ui' ? UI_CASES : MODEL_CASES;
    for (const name of Object.keys(rows)) assert.ok(Object.hasOwn(cases, name), `${kind} | ${name}`);
  }
});
