import api from './validate.browser.mjs';
const { aiSdk } = api;
export const {
  validate, validateMany, validateJson, is, assert, schema, toJSON, fromJSON, ROLES, ModelMessage,
  // UIMessage
  UI_ROLES, UIMessage,
} = aiSdk;
export default aiSdk;
