import type { AssetBundle } from '../assets/bundle-assets.ts';
import type { OutputFile } from '../output/output-file.ts';
import type { EmittedPage } from '../render/render-page.ts';
import type { PageList } from '../page-list.ts';
import { assertUniqueOutputs, type EndpointRoute } from '../routes/discover-routes.ts';
import type { ServiceWorkerOptions } from '../site-definition.ts';
import { emitHeadersFile, emitSiteFiles, HEADERS_FILE, type EmitInput } from './emit-site-files.ts';
import { redirectsWarnings } from './host-files.ts';
import { publicFiles } from './public-files.ts';
import { buildServiceWorker, SERVICE_WORKER_FILE } from './service-worker.ts';
import { BuildOutput, type PageDocuments } from '../output/build-output.ts';

export interface CollectInput {
  emit: Omit<EmitInput, 'serviceWorker'>;
  pages: PageList<EmittedPage>;
  /** The pages' documents, each at its page's index in `pages`. */
  documents: PageDocuments;
  endpoints: readonly EndpointRoute[];
  endpointFiles: readonly OutputFile[];
  assets: AssetBundle;
  publicDir: string;
  root: string;
  serviceWorker: ServiceWorkerOptions | undefined;
  debug: boolean;
}

/**
 * Every file of the output, each path owned by exactly one producer, in this order: the page documents, the
 * generated site files (sitemap, robots, host config), the endpoints, the bundles, public/, and last the service
 * worker, whose version is the hash of all the others. A generated file or endpoint that collides with another
 * fails the build, and a public file that would replace a produced one is refused by name. `_headers` is made once
 * every other path is known, since no page's block in it may match another file.
 */
export async function collectOutput(input: CollectInput): Promise<{ output: BuildOutput; warnings: string[] }> {
  const emit: EmitInput = { ...input.emit, serviceWorker: input.serviceWorker ? `/${SERVICE_WORKER_FILE}` : undefined };
  const generated = emitSiteFiles(emit);
  const generatedPaths = [...generated.map((file) => file.path), HEADERS_FILE];
  assertUniqueOutputs([...generatedPaths.map((file) => ({ outputFile: file, source: 'the build', params: {} })), ...input.endpoints.map((endpoint) => ({ ...endpoint, params: {} }))]);
  const owners = new Map(generatedPaths.map((file) => [file, 'a generated file']));
  for (const endpoint of input.endpoints) owners.set(endpoint.outputFile, `the endpoint ${endpoint.source}`);
  if (input.serviceWorker) owners.set(SERVICE_WORKER_FILE, 'the service worker');
  // A page's document is found among the pages, not kept in the map: a path for every page of a large site.
  const ownerOf = (file: string) => {
    const page = input.documents.indexOf(file);
    return owners.get(file) ?? (page < 0 ? undefined : `the page ${input.pages.at(page)!.route.source}`);
  };
  const others = [...generated, ...input.endpointFiles, ...input.assets.files, ...(await publicFiles(input.publicDir, input.root, ownerOf))];
  const headers = emitHeadersFile(emit, [...others.map((file) => file.path), HEADERS_FILE, ...(input.serviceWorker ? [SERVICE_WORKER_FILE] : [])]);
  const all = new BuildOutput(input.documents, [headers.file, ...others]);
  const warnings = [...headers.warnings, ...redirectsWarnings(emit.redirects)];
  if (!input.serviceWorker) return { output: all, warnings };
  const worker = await buildServiceWorker({ options: input.serviceWorker, pages: input.pages, files: all, styles: input.assets.styles, debug: input.debug });
  return { output: new BuildOutput(input.documents, [...all.others, worker]), warnings };
}
