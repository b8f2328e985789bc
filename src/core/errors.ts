/**
 * The one catalogue of errors the engine raises. Each entry has a stable code, a title, and a hint that
 * says what to do; the message of each raised error says what happened and why.
 */
export const errorCatalogue = {
  CONFIG_INVALID: {
    title: 'Invalid configuration',
    hint: 'Check the flag or environment variable named in the message.',
  },
  ENV_MISSING: {
    title: 'A required environment variable is not set',
    hint: 'Set the variable named in the message in the environment of the build.',
  },
  ENV_INVALID: {
    title: 'An environment variable has an invalid value',
    hint: 'Fix the value of the variable named in the message.',
  },
  SITE_DEFINITION_INVALID: {
    title: 'Invalid site definition',
    hint: 'templates/site.config.ts must default-export defineSite({...}).',
  },
  DATA_FILE_MISSING: {
    title: 'Data file missing',
    hint: 'Create the file, or point --data at the folder that holds it.',
  },
  DATA_JSON_INVALID: {
    title: 'Data file is not valid JSON',
    hint: 'Fix the syntax at the line and column given (a trailing comma or a missing quote is the usual cause).',
  },
  DATA_FRONTMATTER_INVALID: {
    title: 'Markdown front matter is not valid YAML',
    hint: 'Front matter sits between two lines of three dashes (---) and must be valid YAML.',
  },
  DATA_SCHEMA: { title: 'Data file does not match its schema', hint: 'Fix the field named in the message.' },
  DATA_DUPLICATE_KEY: {
    title: 'Two data records share a key',
    hint: 'Give each record its own key: rename one of them.',
  },
  DATA_CHECK: { title: 'Data records disagree with each other', hint: 'Fix the record named in the message.' },
  DATA_MARKDOWN_FAILED: {
    title: 'A Markdown body could not be rendered to HTML',
    hint: "Fix the file named in the message, or the collection's html renderer in the site definition.",
  },
  TEMPLATE_LOAD_FAILED: {
    title: 'A template module failed to load',
    hint: 'Fix the error in the template file named in the message.',
  },
  ROUTE_INVALID: {
    title: 'Invalid route',
    hint: 'Route paths are lowercase words separated by dashes and slashes; getStaticPaths must return { params } for every [param] of the file name.',
  },
  ROUTE_DUPLICATE_OUTPUT: {
    title: 'Two routes write the same file',
    hint: 'Rename a page file, or change the params so each route has its own path.',
  },
  RENDER_FAILED: {
    title: 'A page failed to render',
    hint: 'Fix the component or the data named in the message; run with --debug for the stack trace.',
  },
  ISLAND_UNKNOWN: {
    title: 'Island component is not in the islands folder',
    hint: 'Move the component into the islands folder as the default export of its own file.',
  },
  ISLAND_PROPS_UNSERIALIZABLE: {
    title: 'Island props cannot be sent to the browser',
    hint: 'Island props must be JSON: strings, finite numbers, booleans, null, arrays and plain objects, without cycles.',
  },
  BUNDLE_FAILED: { title: 'Bundling scripts or styles failed', hint: 'Fix the file and line esbuild names.' },
  SERVICE_WORKER_INVALID: {
    title: 'Invalid service worker settings',
    hint: 'serviceWorker.offlinePage and serviceWorker.precache name page paths of this build, such as /offline.',
  },
  LINK_BROKEN: {
    title: 'Broken internal link',
    hint: 'Fix the link, or add a redirect; `site build --no-link-check` skips this check while debugging.',
  },
  BUDGET_EXCEEDED: {
    title: 'A page is over its budget',
    hint: 'Make the page lighter, or change budgets in the site definition.',
  },
  CSP_BLOCKED: {
    title: 'Inline code the Content-Security-Policy blocks',
    hint: 'Move the code into a page script or island and the styles into the stylesheet; pass data in <script type="application/json">.',
  },
  IMAGE_MISSING: {
    title: 'A photo is missing',
    hint: 'Put the photo in the images folder the site definition declares, or fix the path that names it.',
  },
  IMAGE_UNREADABLE: {
    title: 'A photo cannot be read',
    hint: 'Export it again as JPEG, PNG, WebP, AVIF or HEIC, or remove it from the images folder.',
  },
  IMAGE_ALT_MISSING: {
    title: 'A photo has no alt text',
    hint: 'Describe the photo in alt, or give alt="" to a photo that only decorates.',
  },
  SECRET_IN_OUTPUT: {
    title: 'A secret would be published',
    hint: 'Pass pages only what the env definition derives from a secret (a digest), never the secret itself.',
  },
  PUBLIC_COLLISION: {
    title: 'A public file collides with a generated file',
    hint: 'Rename or remove the file in public/, or change the page route.',
  },
  STRICT_WARNING: {
    title: 'A warning fails a --strict build',
    hint: 'Fix what the warning names; build without --strict to publish a preview anyway.',
  },
  OUTPUT_FAILED: {
    title: 'Writing the output failed',
    hint: 'Check that the output folder is writable and that no other process holds it.',
  },
  EDITOR_INVALID: {
    title: 'The editor cannot be made from the site definition',
    hint: "Fix the site definition's editor entry named in the message.",
  },
  EDITOR_MISSING: { title: "The editor's package is not installed", hint: 'Run npm install.' },
  EDITOR_BUNDLE_CHANGED: {
    title: "Decap's bundle is not the one the engine was written for",
    hint: 'Update the engine to the new bundle (src/editor/decap/README.md).',
  },
  EDIT_REFUSED: { title: 'site edit cannot start', hint: 'Do what the message says, then run site edit again.' },
  SERVE_PORT_IN_USE: { title: 'Port in use', hint: 'Stop the other process, or pass another port with --port.' },
  SERVE_DIR_MISSING: {
    title: 'Nothing to serve',
    hint: 'Run `site build` first, or pass the built folder with --dir.',
  },
} as const satisfies Record<string, { title: string; hint: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export interface SiteErrorDetails {
  /** The user's file the error is about, relative to the project root where possible. */
  file?: string;
  /** The field path inside the file, such as `services[2].faqs[0].answer`. */
  field?: string;
  /** Overrides the catalogue's hint when the fix is more specific. */
  hint?: string;
  cause?: unknown;
}

/** An error the CLI prints as `[CODE] message`, with its hint and file, and exits non-zero. */
export class SiteError extends Error {
  readonly code: ErrorCode;
  readonly title: string;
  readonly hint: string;
  readonly file: string | undefined;
  readonly field: string | undefined;

  constructor(code: ErrorCode, message: string, details: SiteErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'SiteError';
    this.code = code;
    this.title = errorCatalogue[code].title;
    this.hint = details.hint ?? errorCatalogue[code].hint;
    this.file = details.file;
    this.field = details.field;
  }
}

/** Several errors found in one pass (every bad field of every data file), reported together. */
export class SiteErrorList extends Error {
  readonly errors: SiteError[];
  constructor(errors: SiteError[]) {
    super(`${errors.length} error${errors.length === 1 ? '' : 's'}: ${errors.map((e) => e.code).join(', ')}`);
    this.name = 'SiteErrorList';
    this.errors = errors;
  }
}

/** Flattens whatever was thrown into the list of SiteErrors to print; anything else is re-thrown. */
export function siteErrorsOf(error: unknown): SiteError[] | undefined {
  if (error instanceof SiteErrorList) return error.errors;
  if (error instanceof SiteError) return [error];
  return undefined;
}

/** What `--strict` makes of the build's warnings: one error each, so nothing is written. */
export function warningsAsErrors(warnings: readonly string[]): SiteError[] {
  return warnings.map((warning) => new SiteError('STRICT_WARNING', warning));
}

/** Formats one error for the terminal: `[CODE] message`, then the file, the field and the hint. */
export function formatSiteError(error: SiteError, debug = false): string {
  const lines = [`[${error.code}] ${error.message}`];
  if (error.file) lines.push(`  file:  ${error.file}`);
  if (error.field) lines.push(`  field: ${error.field}`);
  lines.push(`  hint:  ${error.hint}`);
  if (debug) {
    lines.push(error.stack ?? '');
    if (error.cause instanceof Error) lines.push(`caused by: ${error.cause.stack ?? error.cause.message}`);
  }
  return lines.join('\n');
}
