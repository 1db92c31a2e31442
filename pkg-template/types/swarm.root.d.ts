// The agent-swarm-kit namespace as the root entry exports it (to be typed with the format).
export declare const swarm: { readonly [name: string]: unknown };
