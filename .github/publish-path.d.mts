/** Which checks a push needs: `content` when every changed file is under data/, `code` otherwise; `why` for the log. */
export declare function publishPath(files: readonly string[]): { path: 'content' | 'code'; why: string };
/** The files changed since the last commit a successful run of the workflow checked; empty when that cannot be told. */
export declare function changedFiles(options: {
  api: string;
  repository: string;
  sha: string;
  token: string;
  workflow?: string;
}): Promise<string[]>;
/** Where content lives. */
export declare const CONTENT: RegExp;
