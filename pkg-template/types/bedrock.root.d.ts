// The Bedrock Swarm namespace as the root entry exports it (to be typed with the format).
export declare const bedrock: { readonly [name: string]: unknown };
