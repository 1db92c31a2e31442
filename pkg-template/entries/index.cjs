'use strict';
// Node, CommonJS: the wasm is compiled synchronously from the file beside this one.
const wasm = require('./node/agent_messages.js');
const { createApi } = require('./api.cjs');
module.exports = createApi(wasm);
