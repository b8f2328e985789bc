// A rendered document's way through check → write, on whichever thread holds it: apart from build-page.ts, which
// renders, so that the check worker loads no React.
import type { HtmlFigures } from '../check/html-figures.ts';
import { checkPage, gzipFigure, type PageCheckSetup, type PageFindings } from '../check/page-check.ts';
import { sha256 } from '../core/cache.ts';
import type { Budgets } from '../core/site-definition.ts';
import { placeFile } from '../output/place-file.ts';
import type { RenderSetup } from '../render/render-page.ts';
import type { Route } from '../routes/find-routes.ts';

/** How every page is checked, as plain data any thread can hold. */
export interface CheckSetup {
  origin: string;
  secrets: readonly string[];
  pagePaths: readonly string[];
  knownFiles: readonly string[];
  budgets: Budgets;
  /** The last build's figures for HTML budgets, by document digest (see html-figures.ts). */
  figures: HtmlFigures;
}

/** The staging folder each document is written into as soon as it is checked. */
export interface OutputSetup {
  dir: string;
  previous: string | undefined;
}

/** How every page is rendered, checked and written: the same on every thread. Without `output`, documents come back. */
export interface PageSetup {
  render: RenderSetup;
  check: CheckSetup;
  output: OutputSetup | undefined;
}

/** What checking a document gives: its findings, and its size in bytes and SHA-256 in hex. */
export type DocumentFacts = { findings: PageFindings; size: number; digest: string };

/** A document to check: `html` as text and `bytes` as UTF-8 (see checkPage), with its route and HTML budget, if any. */
export interface PageDocument {
  html: string;
  bytes: Buffer;
  route: Pick<Route, 'path' | 'outputFile'>;
  budget: number | undefined;
}

/** Checks a page's document: its links, ids, scripts and secrets, and its gzipped size where it has a budget. */
export function checkDocument(
  { html, bytes, route, budget }: PageDocument,
  check: CheckSetup,
  pageCheck: PageCheckSetup,
): DocumentFacts {
  const digest = sha256(bytes);
  const htmlGzip = budget === undefined ? undefined : gzipFigure(bytes, budget, check.figures[digest]);
  return { findings: checkPage(html, bytes, route.path, htmlGzip, pageCheck), size: bytes.byteLength, digest };
}

/** Writes a checked document into the staging folder, if the build writes. */
export function writeDocument({ bytes, route }: PageDocument, output: OutputSetup | undefined): void {
  if (output) placeFile(output.dir, route.outputFile, bytes, output.previous);
}

/** The check's view of the build, from the setup, for a thread that checks pages. */
export function pageCheckSetup(check: CheckSetup): PageCheckSetup {
  return {
    origin: check.origin,
    secrets: check.secrets,
    pagePaths: new Set(check.pagePaths),
    knownFiles: new Set(check.knownFiles),
  };
}
