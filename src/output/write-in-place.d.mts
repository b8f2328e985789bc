export declare function writeOverSync(file: string, bytes: Uint8Array): boolean;
