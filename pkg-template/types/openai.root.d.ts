// The OpenAI Chat Completions namespace as the root entry exports it (to be typed with the format).
export declare const openai: { readonly [name: string]: unknown };
