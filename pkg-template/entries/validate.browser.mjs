// Browsers and bundlers, the entries of the seed formats (kernel.browser.mjs and the like): the
// validation wasm of their family, built without the conversions and without the other
// families' shapes (pkg/web-validate), so a page that imports these entries and not the root
// downloads about half of the whole wasm. It is fetched beside this file and instantiated before
// the module finishes loading (top-level await). Not an entry of its own. The Anthropic and AI
// SDK entries have loaders of their own (validate-anthropic.browser.mjs,
// validate-ai-sdk.browser.mjs): a page that imports entries of two families downloads both
// wasms (or imports the root, for one wasm with everything).
import init, * as wasm from './web-validate/agent_messages.js';
import { createApi } from './api.mjs';
import { page } from './page.browser.mjs';

// One turn, so that the rest of the page's modules start: if the root entry is among them, it
// is loading the whole wasm by now (native modules, or a bundle that places it first), and the
// format entries are the root's namespaces, as in Node. Otherwise (a page without the root, or
// a bundle that runs this first) the validation wasm; the Kernel registry is shared all the same.
await null;
const api = page.root
  ? await page.root
  : await init({ module_or_path: new URL('./web-validate/agent_messages_bg.wasm', import.meta.url) }).then(() => createApi(wasm));
export default api;
