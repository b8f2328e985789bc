import { SiteError } from '../core/errors.ts';
import type { OutputFile } from '../core/output-file.ts';
import type { BuildInfo } from '../core/page-types.ts';
import type { EndpointRoute } from '../routes/find-routes.ts';

/** Renders the text endpoints (a feed, a manifest) to their output files; an error names the endpoint's file. */
export function renderEndpoints(
  endpoints: readonly EndpointRoute[],
  context: { data: unknown; site: BuildInfo },
): OutputFile[] {
  return endpoints.map((endpoint) => {
    try {
      const contents = endpoint.module.default(context);
      if (typeof contents !== 'string') throw new Error(`returned ${typeof contents}, not a string`);
      return { path: endpoint.outputFile, contents };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new SiteError('RENDER_FAILED', `${endpoint.path} (${endpoint.source}) failed to render: ${message}`, {
        file: endpoint.source,
        cause: error,
      });
    }
  });
}
