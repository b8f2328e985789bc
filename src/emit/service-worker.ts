import { createHash } from 'node:crypto';
import type { ServiceWorkerManifest } from '../client/service-worker.ts';
import { fileDigest, sha256 } from '../core/cache.ts';
import { bundledClientScript, CLIENT_SCRIPTS, SERVICE_WORKER_MANIFEST } from '../core/client-script.ts';
import { SiteError } from '../core/errors.ts';
import type { OutputFile } from '../core/output-file.ts';
import type { ServiceWorkerOptions } from '../core/site-definition.ts';
import { byCodeUnits } from '../core/text.ts';

/** Where the worker is served; at the root so its scope can be the whole site. */
export const SERVICE_WORKER_FILE = 'service-worker.js';
/** Content-hashed files live here (see bundle-assets.ts), so the worker may serve them from its cache for good. */
const IMMUTABLE_PREFIX = '/assets/';

export interface ServiceWorkerInput {
  options: ServiceWorkerOptions;
  /** The route path of every page. */
  pagePaths: ReadonlySet<string>;
  /** Every page's output file and the SHA-256 (hex) of its document. */
  pageDigests: Iterable<readonly [file: string, digest: string]>;
  /** Every other output file: the worker's version hashes them all. */
  files: readonly OutputFile[];
  /** The stylesheets every page links. */
  styles: readonly string[];
  /** Paths the worker leaves to the network, with everything under them (a feature's own paths). */
  bypass?: readonly string[];
  debug: boolean;
}

/** Builds /service-worker.js: the engine's worker with this build's version and precache list compiled in. */
export async function buildServiceWorker(input: ServiceWorkerInput): Promise<OutputFile> {
  const { options } = input;
  for (const [field, page] of [
    ['offlinePage', options.offlinePage],
    ...(options.precache ?? []).map((p, i) => [`precache[${i}]`, p]),
  ] as const) {
    if (!input.pagePaths.has(page)) {
      throw new SiteError(
        'SERVICE_WORKER_INVALID',
        `serviceWorker.${field} names ${page}, which is not a page of this build.`,
        { file: 'templates/site.config.ts', field: `serviceWorker.${field}` },
      );
    }
  }
  const manifest: ServiceWorkerManifest = {
    version: contentHash(input),
    precache: [...new Set([options.offlinePage, ...(options.precache ?? []), ...input.styles])],
    offlinePage: options.offlinePage,
    immutablePrefix: IMMUTABLE_PREFIX,
    bypass: [...(input.bypass ?? [])],
  };
  const script = await workerScript(input.debug);
  return {
    path: SERVICE_WORKER_FILE,
    contents: script.replace(SERVICE_WORKER_MANIFEST, () => JSON.stringify(manifest)),
  };
}

async function workerScript(debug: boolean): Promise<string> {
  // The bundled worker is the same for every build of one engine; each build writes its manifest in the placeholder's place.
  const text = await bundledClientScript(CLIENT_SCRIPTS.serviceWorker, debug);
  if (text.split(SERVICE_WORKER_MANIFEST).length !== 2) {
    throw new SiteError(
      'BUNDLE_FAILED',
      `Bundling the service worker failed: the bundle must name ${SERVICE_WORKER_MANIFEST} exactly once.`,
    );
  }
  return text;
}

/** A short hash of every output file's path and SHA-256, in path order, so the same build always gets the same version. */
function contentHash(input: ServiceWorkerInput): string {
  const digests = [...input.pageDigests];
  for (const file of input.files) {
    digests.push([file.path, 'source' in file ? fileDigest(file.source) : sha256(file.contents)]);
  }
  const hash = createHash('sha256');
  for (const [file, digest] of digests.sort(([a], [b]) => byCodeUnits(a, b))) {
    hash.update(file).update('\0').update(digest).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}
