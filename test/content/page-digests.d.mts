/** Each page of a built folder by its address, with the SHA-256 of its HTML. */
export declare function pageDigests(dist: string): Record<string, string>;
/** The addresses of `after` that are new or differ from `before`; all of them when `before` is undefined. */
export declare function changedPages(after: Record<string, string>, before?: Record<string, string>): string[];
