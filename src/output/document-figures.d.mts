/** What the build measured of a document: undefined where it was not asked for. */
export interface DocumentFigures {
  /** The gzipped size at level 9; or, for a document well inside its budget, the larger level-1 size. */
  gzipBytes: number | undefined;
  digest: string | undefined;
}

export declare const FAST_GZIP_SHARE: number;

export declare function documentFigures(bytes: Uint8Array, asked: { gzipBudget: number | undefined; digest: boolean }): DocumentFigures;
