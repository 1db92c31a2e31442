import api from './validate.browser.mjs';
const { aiSdk } = api;
export const {
  validate, validateMany, validateJson, is, assert, schema, toJSON, fromJSON, ROLES, UI_ROLES, ModelMessage, UIMessage,
} = aiSdk;
export default aiSdk;
