// Our `aiSdk.UIMessage` validator against the AI SDK's own `safeValidateUIMessages` (`ai`
// 7.0.173): on every generated case (ai-sdk-ui-cases.mjs: every role, part type, tool state of
// static and dynamic tools, data parts, and broken variants of each) both must say the same,
// valid or not, except the cases of DECISIONS below, each a documented decision
// (docs/DECISIONS-ai-sdk-ui.md). An unlisted disagreement fails, and so does a decision that no
// longer matches any case (it would hide nothing, and the docs would be stale).
import test from 'node:test';
import assert from 'node:assert/strict';
import { safeValidateUIMessages } from 'ai';
import api from '../../pkg/index.mjs';
import { cases } from './ai-sdk-ui-cases.mjs';

const { aiSdk } = api;

/** Where we and `ai` disagree on purpose: [case name pattern, what we say, reason]. */
export const DECISIONS = [
  [/ output-error.*: missing input$/, 'invalid (tool_state_mismatch)',
    'U3: the d.ts declares `input: I | undefined` on output-error, a required key; the runtime lets it be absent. We follow the type: a part without the key is not the type `useChat` declares (it may be `undefined`).'],
  [/^tool: type "tool-"$/, 'invalid (empty_tool_name)',
    'U4: `tool-${NAME}` names a tool; the runtime takes "tool-" with an empty name, which no tool can have and which converts to a tool call named "".'],
  [/^custom: kind without a dot$/, 'invalid (invalid_format)',
    'U5: the d.ts declares kind as `${string}.${string}` (provider.type); the runtime takes any string.'],
];

test('aiSdk.UIMessage agrees with safeValidateUIMessages on every generated case, or the case is a documented decision', async () => {
  const warn = console.warn;
  // (`ai` warns that output-error's rawInput is deprecated.)
  console.warn = () => {};
  const unlisted = [];
  const used = new Set();
  let valid = 0, invalid = 0;
  try {
    for (const c of cases()) {
      const ours = aiSdk.UIMessage.validate(c.value);
      const theirs = (await safeValidateUIMessages({ messages: [c.value] })).success;
      if (theirs) valid++;
      else invalid++;
      if (ours.ok === theirs) continue;
      const decision = DECISIONS.find(([pattern]) => pattern.test(c.name));
      if (decision && !ours.ok) {
        used.add(decision);
        continue;
      }
      unlisted.push(`${c.name}: ours ${ours.ok ? 'valid' : `invalid (${ours.issues.map((i) => `${i.code} ${JSON.stringify(i.path)}`).join('; ')})`}, ai ${theirs ? 'valid' : 'invalid'}`);
    }
  } finally {
    console.warn = warn;
  }
  assert.deepEqual(unlisted, []);
  assert.deepEqual(DECISIONS.filter((d) => !used.has(d)).map((d) => String(d[0])), [], 'every decision matches a case');
  // Both kinds of case are there in numbers.
  assert.ok(valid > 30 && invalid > 300, `${valid} valid, ${invalid} invalid`);
});

test('every broken variant of a tool state is reported as a state mismatch or at the key that is wrong', () => {
  for (const c of cases().filter((x) => x.how === 'mismatch')) {
    const r = aiSdk.UIMessage.validate(c.value);
    if (r.ok) continue;
    for (const issue of r.issues) {
      assert.ok(['tool_state_mismatch', 'invalid_type', 'invalid_literal'].includes(issue.code), `${c.name}: ${issue.code}`);
      if (issue.code === 'tool_state_mismatch') assert.match(issue.message, new RegExp(`"${c.to}"`), c.name);
    }
  }
});
