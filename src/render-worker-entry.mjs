// A render worker's first module. A worker thread does not share the main thread's module loader, so it
// registers tsx itself (with the project's tsconfig, for the JSX setting) before it imports TypeScript.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('./render-worker.ts');
