// A rendered document's way through check → write, on whichever thread holds it: apart from finish-page.ts, which
// renders, so that the check worker loads no React (it cost 1,026 pages 0.1 s: see docs/architecture.md, Threads).
import type { AssetManifest } from '../assets/asset-links.ts';
import type { HtmlFigures } from '../check/html-figures.ts';
import { checkPage, gzipFigure, type PageCheckSetup, type PageFindings } from '../check/page-check.ts';
import { sha256 } from '../core/cache.ts';
import type { Budgets } from '../core/site-definition.ts';
import { placeFile } from '../output/place-file.ts';
import type { Route } from '../routes/find-routes.ts';
import type { DocumentShell } from './document.ts';

/** How every page is finished, as plain data any thread can hold. */
export interface FinishSetup {
  assets: AssetManifest;
  shell: DocumentShell;
  check: { origin: string; secrets: readonly string[]; pagePaths: readonly string[]; knownFiles: readonly string[] };
  budgets: Budgets;
  /** The last build's figures for HTML budgets, by document digest (see html-figures.ts). */
  figures: HtmlFigures;
  /** The staging folder each document is written into as soon as it is checked; without one, documents come back. */
  output: { dir: string; previous: string | undefined } | undefined;
}

/** What checking and writing a document gives: its findings, and its size in bytes and SHA-256 in hex. */
export type DocumentFacts = { findings: PageFindings; size: number; digest: string };

/** Checks a page's document (`html` as text, `bytes` as UTF-8: see checkPage; `budget` its HTML budget, if any), then writes it. */
export function checkAndWrite(html: string, bytes: Buffer, route: Pick<Route, 'path' | 'outputFile'>, budget: number | undefined, setup: FinishSetup, check: PageCheckSetup): DocumentFacts {
  const digest = sha256(bytes);
  const htmlGzip = budget === undefined ? undefined : gzipFigure(bytes, budget, setup.figures[digest]);
  const findings = checkPage(html, bytes, route.path, htmlGzip, check);
  if (setup.output) placeFile(setup.output.dir, route.outputFile, bytes, setup.output.previous);
  return { findings, size: bytes.byteLength, digest };
}

/** The check's view of the build, from the setup, for a thread that checks pages. */
export function pageCheckSetup({ check }: FinishSetup): PageCheckSetup {
  return { origin: check.origin, secrets: check.secrets, pagePaths: new Set(check.pagePaths), knownFiles: new Set(check.knownFiles) };
}
