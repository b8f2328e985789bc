import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { ENGINE_BUNDLE, engineFile } from './engine-files.ts';

/** The engine's worker threads: each a module at the top of src/, and an entry of the compiled engine. */
export type EngineWorker = 'render-worker' | 'write-worker';

/**
 * Starts one of the engine's worker threads: the compiled engine's entry when the engine runs compiled, else the
 * TypeScript module by way of worker-entry.mjs, which registers tsx first.
 */
export function startEngineWorker(name: EngineWorker, options: WorkerOptions = {}): Worker {
  if (ENGINE_BUNDLE) return new Worker(path.join(ENGINE_BUNDLE, `${name}.js`), options);
  return new Worker(engineFile('worker-entry.mjs'), { ...options, argv: [name] });
}
