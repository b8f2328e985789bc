import type { OutputFile } from './output-file.ts';

/** One `_headers` rule: a path pattern, the headers other matching rules set that it drops, and its headers. */
export interface HeaderRule {
  path: string;
  /** Written `! Name`: Cloudflare Pages drops the header other rules give this path, and this rule's own applies. */
  detach?: readonly string[];
  headers: Record<string, string>;
}

/**
 * What a feature of the site adds to the output beside its pages, through one seam (emit/site-files.ts), which
 * knows features only by this shape: the owner's editor is one.
 */
export interface SiteFeature {
  /** Its name in the build report. */
  name: string;
  files: OutputFile[];
  headerRules: HeaderRule[];
  /** Its paths, each with everything under it: the service worker leaves them to the network, robots.txt to people. */
  ownPaths: string[];
  warnings: string[];
  /** Its line in the build report: where it is and its files' size (a feature is not held to the page budgets). */
  summary: FeatureSummary;
}

/** A feature as the build report shows it. */
export interface FeatureSummary {
  name: string;
  path: string;
  bytes: number;
  gzipBytes: number;
}
