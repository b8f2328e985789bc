import type { BuildOptions, Plugin } from 'esbuild';

export declare const NODE_BUNDLE_OPTIONS: Pick<
  BuildOptions,
  'bundle' | 'splitting' | 'format' | 'platform' | 'target' | 'jsx' | 'chunkNames' | 'logLevel' | 'banner'
>;

export declare function packageOf(specifier: string): string | undefined;

export declare function packageOfFile(file: string): string | undefined;

export declare function packageImports(bundled: (name: string) => boolean): Plugin;
