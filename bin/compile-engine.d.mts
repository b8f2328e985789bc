/** The compiled engine's folder: cli.js, index.js, api.js, check-worker.js, engine-files.js and their chunks. */
export declare const ENGINE_FOLDER: string;

/** Compiles the engine (src/) into ENGINE_FOLDER, over the engine there. */
export declare function compileEngine(): Promise<void>;
