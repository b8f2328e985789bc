export declare const COMPILED_ENGINE: string;
