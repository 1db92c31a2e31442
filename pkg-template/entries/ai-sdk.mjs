import api from './index.cjs';
export const {
  validate, validateMany, validateJson, is, assert, schema, toJSON, fromJSON, ROLES, ModelMessage,
  // UIMessage
  UI_ROLES, UIMessage,
} = api.aiSdk;
export default api.aiSdk;
