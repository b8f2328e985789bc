// A worker thread's first module when the engine runs as TypeScript (see engine-worker.ts). A worker thread does
// not share the main thread's module loader, so it registers tsx itself (with the project's tsconfig, for the
// JSX setting) before it imports the worker's module, named by its first argument.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import(`./${process.argv[2]}.ts`);
