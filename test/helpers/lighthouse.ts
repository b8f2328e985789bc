import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
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
}

/** Debian's Chromium started once for many Lighthouse runs. */
export async function startLighthouseChrome(): Promise<{ port: number; close(): Promise<void> }> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  return { port: chrome.port, close: async () => chrome.kill() };
}

/** Runs Lighthouse 12 with its mobile defaults (simulated slow 4G, mid-range phone) on `url`. */
export async function runLighthouse(url: string, port: number, categories: Category[]): Promise<LighthouseSummary> {
  const lhr = await auditOnce(url, port, categories);
  const numeric = (id: string) => lhr.audits[id]?.numericValue;
  const requests = (lhr.audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined)?.items ?? [];
  const failing = Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable')
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
    if (!RETRYABLE.has(error.code) || attempt === ATTEMPTS) throw new Error(`Lighthouse could not audit ${url}: ${error.code} ${error.message}`);
  }
}
