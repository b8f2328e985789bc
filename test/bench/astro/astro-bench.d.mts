/** Installs a bench project's package.json once into the cache, and returns its folder. */
export declare function ensureInstalled(options?: {
  project?: string;
  name?: string;
  log?: (line: string) => void;
  npm?: string;
}): string;
/** Installs the Astro project's dependencies once into the cache, and returns its folder. */
export declare function ensureAstro(options?: { log?: (line: string) => void; npm?: string }): string;
/** The command that builds the Astro project once, for the caller to spawn and time. */
export declare function astroBuildCommand(options: {
  data?: string;
  outDir: string;
  node?: string;
  silent?: boolean;
  dir?: string;
}): { command: string; args: string[]; cwd: string; env: NodeJS.ProcessEnv };
/** The HTML files a build wrote. */
export declare function countPages(outDir: string): number;
