import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditSite, startAuditSite } from '../helpers/audit-site.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { runLighthouse, startLighthouseChrome } from '../helpers/lighthouse.ts';

// The full table (every page type, with performance) is `npm run audit`; the suite keeps the three scores
// that do not depend on the machine's speed, on three page types, so a regression fails `npm test`.
let site: AuditSite;
let chrome: { port: number; close(): Promise<void> };

beforeAll(async () => {
  site = await startAuditSite(PROJECT_ROOT);
  chrome = await startLighthouseChrome();
});

afterAll(async () => {
  await chrome?.close();
  await site?.close();
});

describe('Lighthouse 12, mobile', () => {
  it.each(['/', '/adu-contractor-palo-alto', '/contact'])(
    '%s: accessibility, best practices and SEO 100',
    async (path) => {
      const result = await runLighthouse(site.url + path, chrome.port, ['accessibility', 'best-practices', 'seo']);
      expect({ scores: result.scores, failing: result.failing }).toEqual({
        scores: { accessibility: 100, 'best-practices': 100, seo: 100 },
        failing: [],
      });
    },
  );
});
