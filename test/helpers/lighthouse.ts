import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// Lighthouse's own choice of a representative run among several (closest to the median FCP and TTI).
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';

export type Category = 'performance' | 'accessibility' | 'best-practices' | 'seo';

/** What one Lighthouse run (mobile defaults) says about a page. */
export interface LighthouseSummary {
  url: string;
  scores: Partial<Record<Category, number>>;
  lcpMs: number | undefined;
  tbtMs: number | undefined;
  cls: number | undefined;
  /** Transferred bytes of every script the page loaded. */
  jsBytes: number;
  /** Transferred bytes of every image the page loaded. */
  imageBytes: number;
  /** The audits that lost points in a scored category, for a message that says why. */
  failing: string[];
  /** With several runs: each run's performance score, in the order they ran. */
  performanceRuns?: number[];
}

type Result = Awaited<ReturnType<typeof auditOnce>>;

/** Debian's Chromium started once for many Lighthouse runs. */
export async function startLighthouseChrome(): Promise<{ port: number; close(): Promise<void> }> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  });
  return { port: chrome.port, close: async () => chrome.kill() };
}

/** Runs Lighthouse 12 with its mobile defaults (simulated slow 4G, mid-range phone) on `url`. */
export async function runLighthouse(url: string, port: number, categories: Category[]): Promise<LighthouseSummary> {
  return summarise(url, await auditOnce(url, port, categories));
}

/**
 * Runs Lighthouse `runs` times on `url` and reports the median of each score and metric, as Lighthouse's guidance on
 * variability advises: one run on a busy 2-core machine can lose ten points to a stray task. The failing audits and
 * the bytes come from the run Lighthouse itself picks as the median one.
 */
export async function runLighthouseMedian(
  url: string,
  port: number,
  categories: Category[],
  runs = 3,
): Promise<LighthouseSummary> {
  const results: Result[] = [];
  for (let run = 0; run < runs; run++) results.push(await auditOnce(url, port, categories));
  const summaries = results.map((lhr) => summarise(url, lhr));
  const median = (values: Array<number | undefined>) => {
    const sorted = values.filter((v): v is number => v !== undefined).sort((a, b) => a - b);
    return sorted.length ? sorted[(sorted.length - 1) >> 1] : undefined;
  };
  const representative = summarise(url, computeMedianRun(results));
  return {
    ...representative,
    scores: Object.fromEntries(categories.map((c) => [c, median(summaries.map((s) => s.scores[c]))])),
    lcpMs: median(summaries.map((s) => s.lcpMs)),
    tbtMs: median(summaries.map((s) => s.tbtMs)),
    cls: median(summaries.map((s) => s.cls)),
    performanceRuns: summaries.map((s) => s.scores.performance ?? 0),
  };
}

function summarise(url: string, lhr: Result): LighthouseSummary {
  const numeric = (id: string) => lhr.audits[id]?.numericValue;
  const requests =
    (
      lhr.audits['network-requests']?.details as
        { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined
    )?.items ?? [];
  const failing = Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 1 &&
          audit.scoreDisplayMode !== 'informative' &&
          audit.scoreDisplayMode !== 'notApplicable',
      )
      .map((audit) => `${category.id}: ${audit.id} (${audit.title}) ${audit.displayValue ?? ''}`.trim()),
  );
  return {
    url,
    scores: Object.fromEntries(Object.values(lhr.categories).map((c) => [c.id, Math.round((c.score ?? 0) * 100)])),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsBytes: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    imageBytes: requests.filter((r) => r.resourceType === 'Image').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    failing,
  };
}

// Lighthouse now and then loses the trace of a load (NO_NAVSTART, NO_FCP); its advice is to run again.
const RETRYABLE = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED']);
const ATTEMPTS = 3;

async function auditOnce(url: string, port: number, categories: Category[]) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: categories });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (!RETRYABLE.has(error.code) || attempt === ATTEMPTS) {
      throw new Error(`Lighthouse could not audit ${url}: ${error.code} ${error.message}`);
    }
  }
}
