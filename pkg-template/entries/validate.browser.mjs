// Browsers and bundlers, the format entries (kernel.browser.mjs and the like): the validation
// wasm, built without the conversions (pkg/web-validate), so a page that imports format entries
// and not the root downloads about 60% of the whole wasm. It is fetched beside this file and
// instantiated before the module finishes loading (top-level await). Not an entry of its own.
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
