// Runs in Chromium, not under Node: browser.test.mjs serves it as /providers.mjs to a page whose
// import map points `agent-messages` and its subpaths at pkg/*.browser.mjs. The provider formats
// (Anthropic Messages, the AI SDK's ModelMessage and UIMessage) through their subpath entries:
// each entry is the root's namespace, and the cases of providers.cases.mjs give their results in
// window.__result for browser.test.mjs to hold against Node's.
import { anthropic, aiSdk, ValidationError } from 'agent-messages';
import * as A from 'agent-messages/anthropic';
import * as AI from 'agent-messages/ai-sdk';
import { run } from './providers.cases.mjs';

const sameExports = (entry, ns) => Object.keys(ns).filter((n) => entry[n] !== ns[n]);
window.__result = {
  entries: {
    anthropic: { same: A.default === anthropic, differing: sameExports(A, anthropic) },
    aiSdk: { same: AI.default === aiSdk, differing: sameExports(AI, aiSdk), ui: AI.UIMessage === aiSdk.UIMessage },
  },
  cases: run({ anthropic: A.default, aiSdk: AI.default, ValidationError }),
};
