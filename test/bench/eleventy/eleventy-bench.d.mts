/** Installs the Eleventy project's dependencies once into the cache, and returns its folder. */
export declare function ensureEleventy(options?: { log?: (line: string) => void; npm?: string }): string;
/** The command that builds the Eleventy project once, for the caller to spawn and time. */
export declare function eleventyBuildCommand(options: {
  data?: string;
  outDir: string;
  node?: string;
  silent?: boolean;
  dir?: string;
}): { command: string; args: string[]; cwd: string; env: NodeJS.ProcessEnv };
/** The HTML files a build wrote (the Astro bench's countPages). */
export declare function countPages(outDir: string): number;
