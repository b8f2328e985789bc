// Compiles the engine once per `vitest run`, before any test file starts: tests import src/ itself, but what they
// spawn or start as compiled JavaScript (bin/site.mjs, the check worker, the build process of `site serve`) must run
// the same sources, and bin/site.mjs never checks them (see bin/compile-engine.mjs).
import { compileEngine } from '../bin/compile-engine.mjs';

export default async function setup(): Promise<void> {
  await compileEngine();
}
