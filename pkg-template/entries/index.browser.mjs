// Browsers and bundlers: the wasm is fetched beside this file and instantiated before the
// module finishes loading (top-level await), so every export is ready on import.
import init, * as wasm from './web/agent_messages.js';
import { createApi } from './api.mjs';
await init({ module_or_path: new URL('./web/agent_messages_bg.wasm', import.meta.url) });
const api = createApi(wasm);
export const { kernel, swarm, agens, bedrock, openai, convert, detectFormat, checkConversation, swarmHistory,
  kernelToOpenAI, kernelToSwarm, kernelToAgens, kernelToBedrock, openAIToKernel, openAIToSwarm, openAIToAgens, openAIToBedrock, swarmToKernel, swarmToOpenAI,
  swarmToAgens, swarmToBedrock, agensToKernel, agensToOpenAI, agensToSwarm, agensToBedrock, bedrockToKernel, bedrockToOpenAI, bedrockToSwarm, bedrockToAgens,
  ValidationError, AgentMessagesError, generateUid, version } = api;
export default api;
