// Wiring: one tape, one validator per schema number, grouped into a namespace per format.
// The package's entries (pkg-template/entries) call createApi with the wasm module they load:
// the whole build, or (browsers' format entries) the validation build, which has no
// conversion exports and so gets no converters.

import { createAgens } from './agens.mjs';
import { createAiSdk } from './ai-sdk.mjs';
import { createAiSdkUi } from './ai-sdk-ui.mjs';
import { createAnthropic } from './anthropic.mjs';
import { createBedrock } from './bedrock.mjs';
import { numbersOf } from './boundary.mjs';
import { createConverters } from './convert.mjs';
import { AgentMessagesError, ValidationError } from './errors.mjs';
import { createKernel } from './kernel.mjs';
import { createOpenAI } from './openai.mjs';
import { createReviver } from './revive.mjs';
import { createStream } from './stream.mjs';
import { createSwarm } from './swarm.mjs';
import { createTape } from './tape.mjs';
import { createTextBuffer } from './text.mjs';
import { createOptions, validatorMaker } from './validator.mjs';

export { AgentMessagesError, ValidationError };

// What each format adds to its validators (constructors and the like), by format name.
const FORMAT_EXTRAS = {
  kernel: createKernel,
  swarm: createSwarm,
  agens: createAgens,
  bedrock: createBedrock,
  openai: createOpenAI,
  anthropic: createAnthropic,
  'ai-sdk': createAiSdk,
  'ai-sdk-ui': createAiSdkUi,
};
const VERBS = ['validate', 'validateMany', 'validateJson', 'is', 'assert', 'schema', 'toJSON', 'fromJSON'];

// What a format puts in its namespace: a validator per documented type, the module-level verbs
// of its message type (the first schema listed for it) unless the namespace has them already
// (the AI SDK's UIMessage shares `aiSdk` with ModelMessage, whose verbs they are), and its own
// extras.
function addFormat(ns, wasm, validators, numbers, tape, lists, extras) {
  Object.assign(ns, validators);
  const message = Object.values(validators)[0];
  if (message && !Object.hasOwn(ns, 'validate')) for (const verb of VERBS) ns[verb] = message[verb];
  Object.assign(ns, extras(wasm, validators, numbers, tape, lists));
}

export function createApi(wasm) {
  const described = wasm.describe();
  // Every number shared with the wasm, by name (src/boundary.rs declares them).
  const numbers = numbersOf(described);
  const tape = createTape(wasm, described);
  const texts = createTextBuffer(wasm);
  const options = createOptions(numbers);
  const applyRevival = createReviver(numbers);
  const createValidator = validatorMaker(wasm, tape, texts, numbers, options, applyRevival);
  const byFormat = {};
  described.schemas.forEach(([format, name], id) => {
    (byFormat[format] ??= {})[name] = Object.freeze(createValidator(id, name));
  });
  // Every format the wasm describes (its name, title, namespace and named lists of words:
  // Kernel's TYPES, OpenAI's ROLES, ...), in its order; each must have its extras here.
  const namespaces = {};
  // Each format's validator of its message type (the first the wasm describes for it): the AI
  // SDK's two formats share a namespace, whose `validate` is ModelMessage's.
  const messageValidators = {};
  for (const { name, namespace, lists, stream } of described.formats) {
    const extras = FORMAT_EXTRAS[name];
    if (!extras) throw new Error(`agent-messages: the wasm describes a format "${name}" the facade does not know`);
    addFormat((namespaces[namespace] ??= {}), wasm, byFormat[name] ?? {}, numbers, tape, lists, extras);
    // The formats whose streams the package folds: `createAccumulator` and `accumulate` (in
    // a validation-only build, which has no accumulators, each says so when called).
    if (stream) Object.assign(namespaces[namespace], createStream({ wasm, tape, texts, numbers, options }, name));
    const first = Object.values(byFormat[name] ?? {})[0];
    if (first) messageValidators[name] = first;
  }
  for (const ns of Object.values(namespaces)) Object.freeze(ns);
  return Object.freeze({
    ...namespaces,
    ...(typeof wasm.convert_tape === 'function'
      ? createConverters({ wasm, tape, numbers, options, applyRevival }, messageValidators, described)
      : {}),
    ValidationError,
    AgentMessagesError,
    generateUid: () => wasm.generate_uid(),
    version: described.version,
  });
}
