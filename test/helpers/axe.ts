import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: axe-core's tags for them. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** axe-core itself, the copy @axe-core/playwright runs. */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe's WCAG A/AA violations on the page as it is now, one line each: rule, impact and where. axe-core runs in the
 * page itself (evaluated over the DevTools protocol, which the site's CSP does not stop) and returns only what it
 * found wrong: @axe-core/playwright's AxeBuilder also sends back every rule that passed, with each node it checked,
 * which took three times as long on a city page (0.3 s against 0.9 s here).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: AxeRunner }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.flatMap((v) =>
      v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')} ${node.failureSummary ?? ''}`),
    );
  }, WCAG_TAGS);
}

/** What this file uses of axe-core's API in the page. */
interface AxeRunner {
  run(
    context: Document,
    options: { runOnly: { type: 'tag'; values: string[] }; resultTypes: string[] },
  ): Promise<{
    violations: Array<{
      id: string;
      impact?: string | null;
      nodes: Array<{ target: string[]; failureSummary?: string }>;
    }>;
  }>;
}
