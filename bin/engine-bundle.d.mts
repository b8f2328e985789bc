/** The compiled engine's folder (cli.js, index.js, api.js, check-worker.js), compiling the engine first if its sources changed. */
export declare function compiledEngine(): Promise<string>;
