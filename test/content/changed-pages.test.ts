import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/axe.ts';
import { launchChromium, localContext } from '../helpers/chromium.ts';
import { build, type RunningServer, startServer } from '../helpers/engine.ts';
import { PROJECT_ROOT, tempDir, testEnv } from '../helpers/fixture.ts';
import { changedPages, pageDigests } from './page-digests.mjs';

// The content path's browser check (issue 58): a Publish that changes only data/ goes live after the checks content
// can break, and these are the ones a browser must make. Every page whose HTML the change touched is opened at
// 375 px, a small phone: it must not scroll sideways, and axe (WCAG 2.0-2.2 A and AA) must find nothing.
//
// SITE_DIST names the built folder to check (the deploy workflow's dist/, the very files it uploads); without it the
// site is built here. SITE_PAGES_BEFORE names the digests of the pages last deployed (page-digests.mjs): only the
// pages that differ are opened. Without it, or when the file is missing, every page is.

const SMALL_PHONE = { width: 375, height: 800 };

const given = process.env.SITE_DIST ? path.resolve(PROJECT_ROOT, process.env.SITE_DIST) : undefined;
const built = given ? undefined : await tempDir('content-dist');
if (built) await build({ root: PROJECT_ROOT, out: built.dir, env: testEnv() });
const dist = given ?? built!.dir;
const beforeFile = process.env.SITE_PAGES_BEFORE && path.resolve(PROJECT_ROOT, process.env.SITE_PAGES_BEFORE);
const before =
  beforeFile && existsSync(beforeFile)
    ? (JSON.parse(readFileSync(beforeFile, 'utf8')) as Record<string, string>)
    : undefined;
const digests = pageDigests(dist);
const pages = changedPages(digests, before);

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ dir: dist, port: 0, host: '127.0.0.1' });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await built?.remove();
});

describe(`the pages this change touched (${pages.length} of ${Object.keys(digests).length}), at 375 px`, () => {
  // A context of its own for each page, so that pages checked at once run in renderer processes of their own: the
  // pages of one context share one, and axe (about a second a page here) would take its turn on it.
  it.concurrent.each(pages)('%s fits the screen and passes axe', async (address) => {
    const context = await localContext(browser, { viewport: SMALL_PHONE });
    const page = await context.newPage();
    try {
      await page.goto(server.url + address);
      // Scrolled through as a reader would (lazy photos and "visible" islands start), then back to the top once the
      // web font has arrived, which is what decides the width of every line of text.
      await page.evaluate(async () => {
        window.scrollTo(0, document.body.scrollHeight);
        await document.fonts.ready;
        await new Promise(requestAnimationFrame);
        window.scrollTo(0, 0);
      });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${address} is ${width} px wide at 375 px: it scrolls sideways`).toBeLessThanOrEqual(
        SMALL_PHONE.width,
      );
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
