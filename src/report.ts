import { formatCount } from './format-count.ts';

/** What a build did, for the summary and for tests. */
export interface BuildReport {
  pages: number;
  files: number;
  totalBytes: number;
  /** Internal links the link check followed (0 with --no-link-check). */
  linksChecked: number;
  /** The JavaScript pages load: the median and the most a page loads, and how many pages load any. */
  javascript: JavaScriptFigures;
  /** The JavaScript bytes the page at a route path loads (0 for a page with none); undefined for no page. */
  jsBytesOf(path: string): number | undefined;
  stageMs: Record<string, number>;
  /** From the start of the build to its report, and the process's peak resident memory by then. */
  totalMs: number;
  peakRssBytes: number;
  warnings: string[];
}

/** Times each stage of the pipeline under its name; a stage timed in several steps adds up. */
export function createStageTimer(): { time<T>(name: string, run: () => Promise<T> | T): Promise<T>; stages: Record<string, number> } {
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

/** The JavaScript bytes of a build's pages, summed up. */
export interface JavaScriptFigures {
  median: number;
  max: number;
  /** Pages that load any JavaScript. */
  pages: number;
}

/**
 * The figures of each page's JavaScript bytes, from one number a page: not a record keyed by path, whose keys V8
 * makes a second copy of (at 100,026 pages, about 18 MB at the end of the build).
 */
export function javascriptFigures(bytes: Float64Array): JavaScriptFigures {
  const sorted = bytes.slice().sort();
  const median = sorted.length ? (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2 : 0;
  return { median, max: sorted.at(-1) ?? 0, pages: sorted.filter((value) => value > 0).length };
}

/** The summary printed at the end of `site build`. */
export function formatReport(report: BuildReport, outDir: string | undefined): string {
  const { median, max, pages: withJs } = report.javascript;
  const stages = Object.entries(report.stageMs).map(([name, ms]) => `${name} ${Math.round(ms)} ms`).join(', ');
  const lines = [
    `site build: ${report.pages} pages, ${report.files} files, ${formatBytes(report.totalBytes)}${outDir ? ` in ${outDir}` : ' (not written)'}`,
    `  JavaScript per page: median ${formatBytes(median)}, max ${formatBytes(max)} (${withJs} of ${report.pages} pages load any)`,
    `  links: ${report.linksChecked ? `${formatCount(report.linksChecked)} internal links checked, none broken` : 'not checked (--no-link-check)'}`,
    `  stages: ${stages}`,
    `  speed: ${formatCount(report.pages / Math.max(report.totalMs / 1000, 0.001))} pages/s (${(report.totalMs / 1000).toFixed(2)} s in the build), peak memory ${Math.round(report.peakRssBytes / 1024 / 1024)} MiB`,
  ];
  if (report.warnings.length) lines.push(`  ${report.warnings.length} warning${report.warnings.length === 1 ? '' : 's'}:`, ...report.warnings.map((w) => `  ! ${w}`));
  else lines.push('  no warnings');
  return lines.join('\n');
}

/** Bytes as B, kB or MB with one decimal. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${Math.round(bytes)} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/**
 * A single updating line for long builds on a terminal: pages rendered of the total and pages per second. Off in
 * CI and when output is not a TTY, and for small sites, where only the summary prints.
 */
export function createProgress(total: number, stream: NodeJS.WriteStream = process.stderr, threshold = 300): { tick(pages?: number): void; done(): void } {
  const active = total > threshold && stream.isTTY === true && !process.env.CI;
  const start = performance.now();
  let count = 0;
  let lastDraw = 0;
  const draw = () => {
    const seconds = (performance.now() - start) / 1000;
    stream.write(`\r  rendering ${formatCount(count)} of ${formatCount(total)} pages, ${formatCount(count / Math.max(seconds, 0.001))} pages/s`);
  };
  return {
    tick(pages = 1) {
      count += pages;
      if (!active) return;
      const now = performance.now();
      // At most ten redraws a second: the line is for a person, not a log.
      if (now - lastDraw > 100 || count === total) {
        lastDraw = now;
        draw();
      }
    },
    done() {
      if (active) stream.write('\r\x1b[K');
    },
  };
}
