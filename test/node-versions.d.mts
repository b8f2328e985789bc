/** The repository's root folder. */
export declare const ROOT: string;
/** Where fetched Node binaries are kept, one folder per major version. */
export declare const CACHE: string;
/** The absolute path of a `node` binary of that major version, fetched from the npm registry the first time. */
export declare function nodeBinary(major: number | string, options?: { log?: (line: string) => void }): Promise<string>;
/** The version a Node binary reports, such as `v24.21.0`. */
export declare function versionOf(binary: string): Promise<string | undefined>;
/** Runs a Node binary with arguments, stdio inherited; resolves to its exit code. */
export declare function runNode(
  binary: string,
  args: readonly string[],
  options?: { cwd?: string; env?: NodeJS.ProcessEnv },
): Promise<number>;
