import api from './index.cjs';
export const {
  validate, validateMany, validateJson, is, assert, schema, toJSON, fromJSON, ROLES, UI_ROLES, ModelMessage, UIMessage,
} = api.aiSdk;
export default api.aiSdk;
