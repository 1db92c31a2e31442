import api from './index.cjs';
export const {
  validate, validateMany, validateJson, is, assert, schema, toJSON, fromJSON, ROLES, MessageParam,
} = api.anthropic;
export default api.anthropic;
