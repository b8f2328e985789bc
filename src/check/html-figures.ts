import { cacheFolder, keepRecord, readRecord, recordFileFor } from '../core/cache.ts';

/**
 * Each page's figure for its HTML budget from the last build (see gzipFigure), by the SHA-256 of its document: a
 * page whose document is unchanged is not gzipped again. Gzipping was the costliest check of a 10,026-page build,
 * about 2.5 s of CPU time, and a rebuild mostly remakes the same documents.
 */
export type HtmlFigures = Readonly<Record<string, number>>;

/**
 * Where the figures of the project at `root` built from `dataDir` are kept, in node_modules/.cache/site/html-figures/:
 * a record for each data folder, so a build of other data (`--data`) does not drop the figures of the site's own.
 */
export function figuresFile(root: string, dataDir: string): string {
  return recordFileFor(cacheFolder(root, 'html-figures'), `${root}\0${dataDir}`);
}

/** The figures the last build kept; none when there is no record or it cannot be read. */
export async function readFigures(file: string): Promise<HtmlFigures> {
  const record = await readRecord(file);
  return typeof record === 'object' && record !== null && !Array.isArray(record) ? (record as HtmlFigures) : {};
}

/** Keeps this build's figures (and no others) for the next, unless they are the ones kept already. */
export async function keepFigures(file: string, figures: HtmlFigures, before: HtmlFigures): Promise<void> {
  const keys = Object.keys(figures);
  if (keys.length === Object.keys(before).length && keys.every((key) => before[key] === figures[key])) return;
  await keepRecord(file, figures);
}
