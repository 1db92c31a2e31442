// Node, ESM: the same instance as require() gets, so both module systems share one registry.
import api from './index.cjs';
export const { kernel, swarm, agens, bedrock, openai, anthropic, aiSdk, convert, detectFormat, checkConversation, swarmHistory, kernelRender, /* shortcuts */
  ValidationError, AgentMessagesError, generateUid, version } = api;
export default api;
