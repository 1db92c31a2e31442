// The benchmark's groups for the other formats: for each message type (swarm IModelMessage,
// agens Message, bedrock AgentResponse and Event, openai ChatCompletionMessageParam, anthropic
// MessageParam, the AI SDK's ModelMessage and UIMessage) a realistic mix of valid messages,
// validated by ours, zod 4 (the baseline: the AI SDK's own schema for ModelMessage) and, for the
// seed formats, ajv, with the target "at most 2x zod 4" as for Kernel. run.mjs measures
// these groups like its own (section 6); this file holds their fixtures' selection, their rows,
// the names the rows' ops use, and their fixture checks.

import * as FF from './fixtures-formats.mjs';
import * as P from './peers-formats.mjs';
import * as FP from './fixtures-providers.mjs';
import * as PP from './peers-providers.mjs';
import { checklist } from './harness.mjs';

const { swarm, agens, bedrock, openai, anthropic, aiSdk } = await import('../pkg/index.mjs');

/** What the ops of these rows (compiled by run.mjs's `fresh`) may name. */
export const FORMAT_SCOPE = {
  swarm, agens, bedrock, openai, anthropic, aiSdk,
  zodAnthropic: PP.zodAnthropic, zodModelMessage: PP.zodModelMessage, zodUIMessage: PP.zodUIMessage,
  zodSwarm: P.zodSwarm, ajvSwarm: P.ajvSwarm,
  zodAgens: P.zodAgens, ajvAgens: P.ajvAgens,
  zodBedrock: P.zodBedrock, ajvBedrock: P.ajvBedrock,
  zodBedrockEvent: P.zodBedrockEvent, ajvBedrockEvent: P.ajvBedrockEvent,
  zodOpenAI: P.zodOpenAI, zodOpenAILoose: P.zodOpenAILoose, ajvOpenAI: P.ajvOpenAI,
};

const swarmMsgs = FF.swarmMessages(48);
const agensMsgs = FF.agensMessages(40);
const bedrockMsgs = FF.bedrockResponses(48);
const eventMsgs = FF.bedrockEvents(48);
const openaiMsgs = FF.openaiMessages(48);
const anthropicMsgs = FP.anthropicMessages(48);
const aiSdkMsgs = FP.aiSdkMessages(48);
const uiMsgs = FP.uiMessages(48);

const mean = (values) => Math.round(FF.meanJsonBytes(values));
const agensFresh = agensMsgs.filter((m) => m.caller === undefined).length;
const agensTools = agensMsgs.filter((m) => m.tool_calls).length;
const eventRuns = eventMsgs.filter((e) => e.type === 'run_start').length;
const eventTools = eventMsgs.filter((e) => e.type.startsWith('tool_')).length;

/**
 * One entry per message type: `format` is the package's namespace (a group's child process
 * warms up on all of that format's fixtures), `ours` the validator's call as the row shows it
 * and as its op runs it, `validate` that validator for the fixture checks.
 */
const TYPES = [
  {
    id: 'swarm', format: 'swarm', name: 'swarm IModelMessage', ours: 'swarm.validate', validate: swarm.validate, zod: 'zodSwarm', ajv: 'ajvSwarm',
    valid: swarmMsgs, invalid: FF.swarmInvalid(),
    title: `swarm IModelMessage: a session's history, ${swarmMsgs.length} messages, mean ${mean(swarmMsgs)} B (${FF.describeMix(swarmMsgs, 'role')})`,
  },
  {
    id: 'agens', format: 'agens', name: 'agens Message', ours: 'agens.validate', validate: agens.validate, zod: 'zodAgens', ajv: 'ajvAgens',
    valid: agensMsgs, invalid: FF.agensInvalid(),
    title: `agens Message: ${agensMsgs.length} messages, mean ${mean(agensMsgs)} B (${agensFresh} fresh, ${agensMsgs.length - agensFresh} mid-run, ${agensTools} with tool calls)`,
  },
  {
    id: 'bedrock', format: 'bedrock', name: 'bedrock AgentResponse', ours: 'bedrock.validate', validate: bedrock.validate, zod: 'zodBedrock', ajv: 'ajvBedrock',
    valid: bedrockMsgs, invalid: FF.bedrockInvalid(),
    title: `bedrock AgentResponse: ${bedrockMsgs.length} responses, mean ${mean(bedrockMsgs)} B (${FF.describeMix(bedrockMsgs, 'type')})`,
  },
  {
    id: 'bedrock-event', format: 'bedrock', name: 'bedrock Event', ours: 'bedrock.Event.validate', validate: bedrock.Event.validate, zod: 'zodBedrockEvent', ajv: 'ajvBedrockEvent',
    valid: eventMsgs, invalid: FF.bedrockEventInvalid(),
    title: `bedrock Event: ${eventMsgs.length} events of ${eventRuns} runs, mean ${mean(eventMsgs)} B (${eventTools} tool events; ISO 8601 timestamps)`,
  },
  {
    id: 'openai', format: 'openai', name: 'openai ChatCompletionMessageParam', ours: 'openai.validate', validate: openai.validate, zod: 'zodOpenAI', ajv: 'ajvOpenAI',
    valid: openaiMsgs, invalid: FF.openaiInvalid(),
    title: `openai ChatCompletionMessageParam: a chat, ${openaiMsgs.length} messages, mean ${mean(openaiMsgs)} B (${FF.describeMix(openaiMsgs, 'role')})`,
    extraRows: [
      { key: 'zod-loose', label: "zod 4  arguments not JSON.parse'd (looser; reference)", op: 'm => zodOpenAILoose.safeParse(m).success ? 1 : 0' },
    ],
  },
  {
    id: 'anthropic', format: 'anthropic', name: 'anthropic MessageParam', ours: 'anthropic.validate', validate: anthropic.validate, zod: 'zodAnthropic',
    zodLabel: 'zod 4  schema.safeParse(msg) (written from the SDK types)',
    valid: anthropicMsgs, invalid: FP.anthropicInvalid(),
    title: `anthropic MessageParam: a chat, ${anthropicMsgs.length} messages, mean ${mean(anthropicMsgs)} B (${FF.describeMix(anthropicMsgs, 'role')})`,
  },
  {
    id: 'ai-sdk', format: 'aiSdk', name: 'aiSdk ModelMessage', ours: 'aiSdk.validate', validate: aiSdk.validate, zod: 'zodModelMessage',
    zodLabel: "zod 4  the AI SDK's own modelMessageSchema.safeParse(msg)",
    valid: aiSdkMsgs, invalid: FP.aiSdkInvalid(),
    title: `aiSdk ModelMessage: a streamText prompt, ${aiSdkMsgs.length} messages, mean ${mean(aiSdkMsgs)} B (${FF.describeMix(aiSdkMsgs, 'role')})`,
  },
  {
    id: 'ai-sdk-ui', format: 'aiSdk', name: 'aiSdk UIMessage', ours: 'aiSdk.UIMessage.validate', validate: aiSdk.UIMessage.validate, zod: 'zodUIMessage',
    zodLabel: "zod 4  schema.safeParse(msg) (written from ai's runtime schema)",
    valid: uiMsgs, invalid: FP.uiInvalid(),
    title: `aiSdk UIMessage: a useChat history, ${uiMsgs.length} messages, mean ${mean(uiMsgs)} B (${FF.describeMix(uiMsgs, 'role')})`,
  },
];

/** The groups of section 6, in run.mjs's group format (plus `format`). */
export const FORMAT_GROUPS = TYPES.map((t) => ({
  id: t.id,
  format: t.format,
  title: t.title,
  inputs: t.valid,
  rows: [
    { key: 'ours', label: `ours   ${t.ours}(msg)`, op: `m => ${t.ours}(m).ok ? 1 : 0`, target: true },
    { key: 'zod', label: t.zodLabel ?? 'zod 4  schema.safeParse(msg)', op: `m => ${t.zod}.safeParse(m).success ? 1 : 0`, baseline: true },
    ...(t.extraRows ?? []),
    ...(t.ajv ? [{ key: 'ajv', label: 'ajv    compiled validate(msg)', op: `m => ${t.ajv}(m) ? 1 : 0` }] : []),
  ],
  target: { label: `valid objects (${t.name}): at most 2x zod 4`, max: 2 },
}));

/**
 * The fixture checks of one format (or of all, without `format`): ours, zod 4 and ajv accept
 * every valid message and reject every invalid one (ours with issues). Returns the failures.
 */
export function verifyFormats(format) {
  const { failures, check } = checklist();
  for (const t of TYPES) {
    if (format && t.format !== format) continue;
    const ours = t.validate;
    const zod = FORMAT_SCOPE[t.zod];
    const ajv = FORMAT_SCOPE[t.ajv];
    const accepters = { [`ours ${t.ours}`]: (m) => ours(m).ok, [`zod 4 ${t.name}`]: (m) => zod.safeParse(m).success };
    if (ajv) accepters[`ajv ${t.name}`] = (m) => ajv(m);
    if (t.id === 'openai') accepters['zod 4 openai without the refine'] = (m) => P.zodOpenAILoose.safeParse(m).success;
    for (const [name, accept] of Object.entries(accepters)) {
      t.valid.forEach((m, i) => check(`${name} accepts valid fixture #${i}`, () => accept(m) === true));
      for (const c of t.invalid) {
        // The looser reference row takes arguments that are not JSON text: that is its point.
        if (name.includes('without the refine') && c.kind === 'arguments not JSON text') continue;
        check(`${name} rejects invalid: ${c.kind}`, () => accept(c.value) === false);
      }
    }
    for (const c of t.invalid) check(`ours ${t.ours} reports issues for invalid: ${c.kind}`, () => ours(c.value).issues.length > 0);
  }
  return failures;
}
