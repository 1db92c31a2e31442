// Browsers and bundlers: the whole wasm (conversions included, pkg/web) is fetched beside this
// file and instantiated before the module finishes loading (top-level await), so every export
// is ready on import. The format entries of the same page use this API instead of loading the
// validation wasm (page.browser.mjs).
import init, * as wasm from './web/agent_messages.js';
import { createApi } from './api.mjs';
import { page } from './page.browser.mjs';
page.root = init({ module_or_path: new URL('./web/agent_messages_bg.wasm', import.meta.url) }).then(() => createApi(wasm));
const api = await page.root;
export const { kernel, swarm, agens, bedrock, openai, anthropic, aiSdk, convert, detectFormat, checkConversation, swarmHistory, kernelRender, /* shortcuts */
  ValidationError, AgentMessagesError, generateUid, version } = api;
export default api;
