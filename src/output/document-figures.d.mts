/** What the build measured of a document: undefined where it was not asked for. */
export interface DocumentFigures {
  gzipBytes: number | undefined;
  digest: string | undefined;
}

export declare function documentFigures(bytes: Uint8Array, asked: { gzip: boolean; digest: boolean }): DocumentFigures;
