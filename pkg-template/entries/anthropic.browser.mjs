import api from './validate.browser.mjs';
const { anthropic } = api;
export const {
  validate, validateMany, validateJson, is, assert, schema, toJSON, fromJSON, ROLES, MessageParam,
} = anthropic;
export default anthropic;
