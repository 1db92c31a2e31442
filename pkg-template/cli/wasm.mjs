// The package's Node wasm, as its wasm-bindgen glue exports it (the log classes live only
// there: the facade has no use for them). The same module the package's index.cjs loads, so
// the main thread holds one instance; each worker thread loads its own.
import { createRequire } from 'node:module';

export const glue = createRequire(import.meta.url)('../node/agent_messages.js');
