// The Agens namespace as the root entry exports it (to be typed with the format).
export declare const agens: { readonly [name: string]: unknown };
