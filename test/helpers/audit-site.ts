import fg from 'fast-glob';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, startServer } from './engine.ts';
import { tempDir, testEnv } from './fixture.ts';
import { startStandInMedia } from './stand-in-media.ts';

/** The real site, built and served on 127.0.0.1 with its photo and video hosts replaced by a local stand-in. */
export interface AuditSite {
  url: string;
  /** The external hosts whose requests now go to the stand-in. */
  replacedHosts: string[];
  close(): Promise<void>;
}

/**
 * Builds `root` into a temporary folder, then rewrites every image and media host the build allowed in its
 * CSP (img-src, media-src) to `http://127.0.0.1:<port>/<host>` in the pages and in `_headers`, so the pages
 * load stand-in media under the same policy. Nothing else changes: the audited files are the built ones.
 */
export async function startAuditSite(root: string): Promise<AuditSite> {
  const out = await tempDir('audit-dist');
  const media = await startStandInMedia();
  await build({ root, out: out.dir, env: testEnv() });
  const headers = await readFile(path.join(out.dir, '_headers'), 'utf8');
  const hosts = [
    ...new Set(
      [...headers.matchAll(/(?:img|media)-src ([^;\n]+)/g)]
        .flatMap((m) => m[1]!.split(' '))
        .filter((s) => s.startsWith('https://')),
    ),
  ];
  for (const file of await fg(['**/*.html', '_headers'], { cwd: out.dir })) {
    const absolute = path.join(out.dir, file);
    let text = await readFile(absolute, 'utf8');
    // In a CSP source a path without a trailing slash matches one file only; with it, everything below.
    const suffix = file === '_headers' ? '/' : '';
    for (const host of hosts) text = text.split(host).join(`${media.origin}/${new URL(host).host}${suffix}`);
    await writeFile(absolute, text);
  }
  const server = await startServer({ dir: out.dir, port: 0, host: '127.0.0.1' });
  return {
    url: server.url,
    replacedHosts: hosts,
    async close() {
      await server.close();
      await media.close();
      await out.remove();
    },
  };
}
