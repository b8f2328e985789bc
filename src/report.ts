import type { AssetBundle } from './assets/asset-links.ts';
import { type OutputFile, sizeOf } from './core/output-file.ts';
import { formatBytes, formatCount } from './core/text.ts';
import type { BuiltPage } from './pages/page-loop.ts';
import type { FeatureSummary } from './core/site-feature.ts';

/** What a build did, for the summary and for tests. */
export interface BuildReport {
  pages: number;
  files: number;
  totalBytes: number;
  /** Internal links the link check followed (0 with --no-link-check). */
  linksChecked: number;
  /** The JavaScript pages load: the median and the most a page loads, and how many pages load any. */
  javascript: { median: number; max: number; pages: number };
  /** The JavaScript bytes the page at a route path loads (0 for a page with none); undefined for no page. */
  jsBytesOf(path: string): number | undefined;
  /** The site's photos, the files they were encoded to and how many of those this build encoded (the rest came from the cache). */
  images: { photos: number; files: number; encoded: number };
  /** How long each stage took, in the order they ran. */
  stageMs: Record<string, number>;
  /** From the start of the build to its report, and the process's peak resident memory by then. */
  totalMs: number;
  peakRssBytes: number;
  warnings: readonly string[];
  /** The site's features beside its pages: each one's path and files' size, not held to the page budgets. */
  features: FeatureSummary[];
  /** In a watch session, the pages taken unchanged from the last build rather than rendered again. */
  remembered?: number | undefined;
}

/** Times each stage of the pipeline under its name. */
export function createStageTimer(): {
  time<T>(name: string, run: () => Promise<T> | T): Promise<T>;
  stages: Record<string, number>;
} {
  const stages: Record<string, number> = {};
  return {
    stages,
    async time(name, run) {
      const start = performance.now();
      try {
        return await run();
      } finally {
        stages[name] = (stages[name] ?? 0) + performance.now() - start;
      }
    },
  };
}

/** What a build reports of its pages, the other files, the checks and the stages, at its end. */
export function reportOf(input: {
  pages: readonly BuiltPage[];
  paths: readonly string[];
  files: readonly OutputFile[];
  assets: AssetBundle;
  linksChecked: number;
  stageMs: Record<string, number>;
  started: number;
  warnings: readonly string[];
  images: { photos: number; files: readonly unknown[]; encoded: number };
  features: FeatureSummary[];
  remembered?: number | undefined;
}): BuildReport {
  const { pages, files } = input;
  return {
    pages: pages.length,
    files: pages.length + files.length,
    totalBytes:
      pages.reduce((sum, page) => sum + page.facts.size, 0) + files.reduce((sum, file) => sum + sizeOf(file), 0),
    linksChecked: input.linksChecked,
    images: { photos: input.images.photos, files: input.images.files.length, encoded: input.images.encoded },
    ...javascriptOf(pages, input.paths, input.assets),
    stageMs: input.stageMs,
    totalMs: performance.now() - input.started,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    warnings: input.warnings,
    features: input.features,
    remembered: input.remembered,
  };
}

/** The JavaScript each page loads: its islands' modules and its scripts, with what they import. */
export function javascriptOf(
  pages: readonly BuiltPage[],
  paths: readonly string[],
  assets: AssetBundle,
): Pick<BuildReport, 'javascript' | 'jsBytesOf'> {
  const bytes = pages.map((page) => assets.jsBytesFor(page.islands.all, page.meta.scripts ?? []));
  const sorted = Float64Array.from(bytes).sort();
  const middle = (sorted.length - 1) / 2;
  const median = sorted.length ? (sorted[Math.floor(middle)]! + sorted[Math.ceil(middle)]!) / 2 : 0;
  const byPath = new Map(paths.map((path, index) => [path, bytes[index]!]));
  return {
    javascript: { median, max: sorted.at(-1) ?? 0, pages: bytes.filter((value) => value > 0).length },
    jsBytesOf: (path) => byPath.get(path),
  };
}

/** The summary printed at the end of `site build`. */
export function formatReport(report: BuildReport, outDir: string | undefined): string {
  const { median, max, pages: withJs } = report.javascript;
  const stages = Object.entries(report.stageMs)
    .map(([name, ms]) => `${name} ${Math.round(ms)} ms`)
    .join(', ');
  const lines = [
    `site build: ${report.pages} pages, ${report.files} files, ${formatBytes(report.totalBytes)}${
      outDir ? ` in ${outDir}` : ' (not written)'
    }`,
    ...(report.remembered === undefined
      ? []
      : [
          `  pages rendered: ${formatCount(report.pages - report.remembered)}, the other ${formatCount(
            report.remembered,
          )} unchanged since the last build`,
        ]),
    `  JavaScript per page: median ${formatBytes(median)}, max ${formatBytes(
      max,
    )} (${withJs} of ${report.pages} pages load any)`,
    `  links: ${
      report.linksChecked
        ? `${formatCount(report.linksChecked)} internal links checked, none broken`
        : 'not checked (--no-link-check)'
    }`,
    ...(report.images.photos
      ? [
          `  images: ${formatCount(report.images.photos)} photos, ${formatCount(report.images.files)} files, ${formatCount(
            report.images.encoded,
          )} encoded`,
        ]
      : []),
    ...report.features.map(
      (feature) =>
        `  ${feature.name}: ${feature.path}, ${formatBytes(feature.bytes)} (${formatBytes(
          feature.gzipBytes,
        )} gzipped), not held to the page budgets`,
    ),
    `  stages: ${stages}`,
    `  speed: ${formatCount(report.pages / Math.max(report.totalMs / 1000, 0.001))} pages/s (${(
      report.totalMs / 1000
    ).toFixed(2)} s in the build), peak memory ${Math.round(report.peakRssBytes / 1024 / 1024)} MiB`,
  ];
  if (report.warnings.length) {
    lines.push(
      `  ${report.warnings.length} warning${report.warnings.length === 1 ? '' : 's'}:`,
      ...report.warnings.map((w) => `  ! ${w}`),
    );
  } else lines.push('  no warnings');
  return lines.join('\n');
}

/**
 * A single updating line for long builds on a terminal: pages rendered of the total and pages per second. Off in
 * CI and when output is not a TTY, and for small sites, where only the summary prints.
 */
export function createProgress(
  total: number,
  stream: NodeJS.WriteStream = process.stderr,
  threshold = 300,
): { tick(): void; done(): void } {
  const active = total > threshold && stream.isTTY === true && !process.env.CI;
  const start = performance.now();
  let count = 0;
  let lastDraw = 0;
  return {
    tick() {
      count++;
      const now = performance.now();
      // At most ten redraws a second: the line is for a person, not a log.
      if (!active || (now - lastDraw < 100 && count !== total)) return;
      lastDraw = now;
      stream.write(
        `\r  rendering ${formatCount(count)} of ${formatCount(total)} pages, ${formatCount(
          count / Math.max((now - start) / 1000, 0.001),
        )} pages/s`,
      );
    },
    done() {
      if (active) stream.write('\r\x1b[K');
    },
  };
}
