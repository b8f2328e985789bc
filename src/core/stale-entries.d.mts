export declare const STALE_MS: number;

export declare function removeStale(folder: string, keep?: string | ReadonlySet<string>): Promise<void>;
