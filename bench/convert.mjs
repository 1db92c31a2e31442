// The benchmark's conversion groups: for each pair, four 100-message conversations of the source
// format (fixtures-convert.mjs) converted in turn by ours (`convert(list, { from, to })`), by a
// hand-written JS mapping of the same pair (the baseline; peers-convert.mjs) and by that mapping
// after zod has validated the input, and beside them our check of the source alone
// (`validateMany`, which every conversion keeps). Target (issue 14): ours at most 2x zod + the
// hand-written mapping. run.mjs measures these groups like its own (section 7); this file holds
// their fixtures, rows, the names the rows' ops use, and their fixture checks: before anything is
// timed, the hand-written mappings must give exactly our messages (ids and timestamps we generate
// left out).
//
// A pair whose format a built package does not convert (a build without conversions) is shown
// as "not in this build"; its hand-written mappings are still checked against each other and its
// fixtures against our validator.

import { isDeepStrictEqual } from 'node:util';
import * as FC from './fixtures-convert.mjs';
import * as P from './peers-convert.mjs';
import { checklist } from './harness.mjs';

const pkg = await import('../pkg/index.mjs');
const { convert } = pkg;

const SEEDS = [1, 2, 3, 4];
const PAIRS = [
  { from: 'kernel', to: 'openai', fixture: FC.kernelConversation, hand: P.kernelToOpenAI, what: 'Kernel conversations (system, inputs with a few images, reasoning, tool calls and results, replies)' },
  { from: 'openai', to: 'kernel', fixture: FC.openaiConversation, hand: P.openAIToKernel, what: 'OpenAI chats (a few image parts, tool calls, tool messages, replies)', fresh: ['id', 'timestamp'] },
  { from: 'bedrock', to: 'openai', fixture: FC.bedrockResponses, hand: P.bedrockToOpenAI, what: 'Bedrock AgentResponses of a run (tool calls, messages)' },
  { from: 'swarm', to: 'openai', fixture: FC.swarmConversation, hand: P.swarmToOpenAI, what: 'swarm histories (images as strings or bytes, tool calls, payloads, flush/resque)' },
  { from: 'agens', to: 'openai', fixture: FC.agensConversation, hand: P.agensToOpenAI, what: 'Agens steps (struct form, tool calls with key/value arguments, results)' },
  { from: 'openai', to: 'swarm', fixture: FC.openaiConversation, hand: P.openAIToSwarm, what: 'OpenAI chats (a few image parts, tool calls, tool messages, replies)' },
  // A prompt: the messages and the lifted `system` (both compared; the ops count the messages).
  { from: 'openai', to: 'anthropic', fixture: FC.openaiConversation, hand: P.openAIToAnthropic, what: 'OpenAI chats (a few image parts, tool calls, tool messages, replies)', prompt: true },
  { from: 'openai', to: 'ai-sdk', fixture: FC.openaiConversation, hand: P.openAIToAiSdk, what: 'OpenAI chats (a few image parts, tool calls, tool messages, replies)' },
];

const name = (format) => ({ kernel: 'Kernel', openai: 'OpenAI', bedrock: 'Bedrock', swarm: 'Swarm', agens: 'Agens', anthropic: 'Anthropic', 'ai-sdk': 'AiSdk' })[format];

for (const p of PAIRS) {
  p.id = `convert-${p.from}-${p.to}`;
  p.inputs = SEEDS.map((seed) => p.fixture(seed));
  p.handName = `hand${name(p.from)}To${name(p.to)}`;
  p.zodName = `zod${name(p.from)}To${name(p.to)}`;
  p.checkName = `check${name(p.from)}`;
  p.withZod = P.withZod(p.from, p.hand);
  p.options = { from: p.from, to: p.to };
  // Does the built package convert this pair? (It rejects a format it has no mapping for.)
  try {
    convert([], p.options);
    p.available = true;
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
    p.available = false;
  }
}

/** What the ops of these rows (compiled by run.mjs's `fresh`) may name. */
export const CONVERT_SCOPE = {
  convert,
  ...Object.fromEntries(PAIRS.flatMap((p) => [[p.handName, p.hand], [p.zodName, p.withZod], [p.checkName, pkg[p.from].validateMany]])),
};

/** The groups of section 7, in run.mjs's group format (plus `verify` and `unavailable`). */
export const CONVERT_GROUPS = PAIRS.map((p) => {
  const outLengths = p.inputs.map((c) => messagesOf(p, p.hand(c)).length);
  const count = p.prompt ? '.messages.length' : '.length';
  const bytes = Math.round(p.inputs.reduce((s, c) => s + FC.jsonBytes(c), 0) / p.inputs.length);
  return {
    id: p.id,
    title: `${p.from} → ${p.to}: ${p.inputs.length} ${p.what}, 100 messages each (${bytes} B of JSON) → ${Math.min(...outLengths)}-${Math.max(...outLengths)} messages`,
    perMsg: 100,
    inputs: p.inputs,
    unavailable: p.available ? undefined : `not in this build (its convert() rejects ${[p.from, p.to].filter((f) => !canConvert(f)).join(' and ')})`,
    verify: () => verifyConvert(p.id),
    rows: [
      { key: 'ours', label: `ours   convert(list, { from: '${p.from}', to: '${p.to}' })`, op: `a => convert(a, { from: '${p.from}', to: '${p.to}' }).messages.length > 0 ? 1 : 0`, target: true, compare: 'hand' },
      { key: 'hand', label: 'hand-written JS mapping (no validation)', op: `a => ${p.handName}(a)${count} > 0 ? 1 : 0`, baseline: true, short: 'the mapping' },
      { key: 'hand-zod', label: 'zod 4 array safeParse of the input + that mapping', op: `a => ${p.zodName}(a)${count} > 0 ? 1 : 0`, short: 'zod + mapping' },
      // What a conversion cannot do without: the check of its untrusted source (walker and
      // validation, no values built), beside the budget the target leaves (2x zod + mapping).
      { key: 'check', label: `ours   ${p.from}.validateMany(list) alone: the source check every conversion keeps (reference)`, op: `a => ${p.checkName}(a).every((r) => r.ok) ? 1 : 0` },
    ],
    // (Issue 14: against zod 4 + the mapping; the ratio to the mapping alone stays beside it.)
    target: { label: `convert ${p.from} → ${p.to} (100 msgs): at most 2x zod 4 + a hand-written mapping`, max: 2, against: 'hand-zod' },
  };
});

/** The messages of a mapping's output (a prompt's are under `messages`). */
function messagesOf(p, out) {
  return p.prompt ? out.messages : out;
}

/** What of our conversion the hand-written mapping must give: the messages, and for a prompt
 * its lifted `system` too. */
function oursOf(p, result) {
  if (!p.prompt) return result.messages;
  return result.system === undefined ? { messages: result.messages } : { system: result.system, messages: result.messages };
}

function canConvert(format) {
  try {
    convert([], { from: format, to: format === 'openai' ? 'kernel' : 'openai' });
    return true;
  } catch {
    return false;
  }
}

/** Our messages and the hand-written ones, with the fields we generate (fresh ids and
 * timestamps, when the source has none) checked for presence and left out. */
function comparable(messages, fresh) {
  if (!fresh) return messages;
  return messages.map((m) => {
    const rest = { ...m };
    for (const k of fresh) {
      if (rest[k] === undefined) throw new Error(`message without ${k}`);
      delete rest[k];
    }
    return rest;
  });
}

/**
 * The fixture checks of one pair (or all, without `id`): ours (where built) converts every
 * fixture to exactly the hand-written mapping's messages, the zod-validated mapping gives the
 * same, zod and our validator accept every fixture message, and zod rejects a broken one.
 * Returns the failures.
 */
export function verifyConvert(id) {
  const { failures, check } = checklist();
  for (const p of PAIRS) {
    if (id && p.id !== id) continue;
    const validate = pkg[p.from].validate;
    p.inputs.forEach((input, n) => {
      const hand = p.hand(input);
      check(`${p.id}: fixture #${n} is valid ${p.from} for ours`, () => input.every((m) => validate(m).ok));
      check(`${p.id}: ${p.from}.validateMany accepts fixture #${n}, one result a message`, () => { const r = pkg[p.from].validateMany(input); return r.length === input.length && r.every((x) => x.ok); });
      check(`${p.id}: the zod-validated mapping gives the hand-written one's messages (#${n})`, () => isDeepStrictEqual(p.prompt ? p.withZod(input) : comparable(p.withZod(input), p.fresh), p.prompt ? hand : comparable(hand, p.fresh)));
      const bad = [...input];
      bad[7] = { ...bad[7], [p.from === 'bedrock' ? 'type' : p.from === 'agens' ? 'input' : p.from === 'kernel' ? 'type' : 'role']: 42 };
      check(`${p.id}: zod rejects fixture #${n} with a broken message`, () => {
        try {
          p.withZod(bad);
          return false;
        } catch {
          return true;
        }
      });
      check(`${p.id}: ${p.from}.validateMany rejects that broken message alone (#${n})`, () => pkg[p.from].validateMany(bad).every((r, i) => r.ok === (i !== 7)));
      if (!p.available) return;
      check(`${p.id}: the hand-written mapping gives our messages for fixture #${n}`, () => {
        if (p.prompt) {
          const ours = oursOf(p, convert(input, p.options));
          if (isDeepStrictEqual(ours, hand)) return true;
          if (ours.system !== hand.system) throw new Error(`system: ours ${JSON.stringify(ours.system)?.slice(0, 80)} vs ${JSON.stringify(hand.system)?.slice(0, 80)}`);
          const at = ours.messages.findIndex((m, i) => !isDeepStrictEqual(m, hand.messages[i]));
          throw new Error(`first difference at output #${at}: ours ${JSON.stringify(ours.messages[at])?.slice(0, 160)} vs ${JSON.stringify(hand.messages[at])?.slice(0, 160)}`);
        }
        const ours = convert(input, p.options).messages;
        const same = isDeepStrictEqual(comparable(ours, p.fresh), comparable(hand, p.fresh));
        if (!same) {
          const at = ours.findIndex((m, i) => !isDeepStrictEqual(comparable([m], p.fresh), comparable([hand[i] ?? {}], p.fresh)));
          throw new Error(`first difference at output #${at}: ours ${JSON.stringify(ours[at])?.slice(0, 160)} vs ${JSON.stringify(hand[at])?.slice(0, 160)}`);
        }
        return true;
      });
    });
  }
  return failures;
}
