import { SiteError } from '../errors.ts';
import type { OutputFile } from '../output/output-file.ts';
import type { BuildInfo } from '../page-types.ts';
import type { EndpointRoute } from '../routes/discover-routes.ts';

/** Renders a text endpoint (a feed, a manifest) to its output file; an error names the endpoint's file. */
export function renderEndpoint(endpoint: EndpointRoute, context: { data: unknown; site: BuildInfo }): OutputFile {
  try {
    const contents = endpoint.module.default(context);
    if (typeof contents !== 'string') throw new Error(`returned ${typeof contents}, not a string`);
    return { path: endpoint.outputFile, contents };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SiteError('RENDER_FAILED', `${endpoint.path} (${endpoint.source}) failed to render: ${message}`, { file: endpoint.source, cause: error });
  }
}
