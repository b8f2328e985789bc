import type { BuildOptions } from 'esbuild';

export declare const NODE_BUNDLE_OPTIONS: Pick<BuildOptions, 'bundle' | 'splitting' | 'format' | 'platform' | 'target' | 'packages' | 'jsx' | 'chunkNames' | 'logLevel'>;
