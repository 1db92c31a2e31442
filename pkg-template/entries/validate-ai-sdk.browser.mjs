// Browsers and bundlers, the entry of the AI SDK's ModelMessage and UIMessage (ai-sdk.browser.mjs): the validation wasm
// of this family alone (pkg/web-validate-ai-sdk: no conversions, no other format's shapes), fetched
// beside this file and instantiated before the module finishes loading (top-level await); the
// root's API instead when the page imports the root too. Not an entry of its own.
import init, * as wasm from './web-validate-ai-sdk/agent_messages.js';
import { createApi } from './api.mjs';
import { page } from './page.browser.mjs';

// One turn, so that a root entry among the page's modules has started loading (see
// validate.browser.mjs).
await null;
const api = page.root
  ? await page.root
  : await init({ module_or_path: new URL('./web-validate-ai-sdk/agent_messages_bg.wasm', import.meta.url) }).then(() => createApi(wasm));
export default api;
