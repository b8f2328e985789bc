import { spawn } from 'node:child_process';
import { existsSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { engineFile } from '../core/engine-files.ts';

const BIN = engineFile('../bin/site.mjs');
const SETTLE_MS = 150;

/**
 * Runs `site build` in a child process: every rebuild gets fresh template modules, and a crash in a
 * template cannot take the server down. Resolves to the exit code; output goes to this terminal.
 */
export function runBuildProcess(root: string, outDir: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'build', '--root', root, '--out', outDir], { stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/**
 * Calls `onChange` once changes settle; changes during a run queue exactly one more run.
 * Returns a function that stops watching.
 */
export function watchSources(dirs: readonly string[], onChange: () => Promise<void>): () => void {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  const trigger = () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      do {
        again = false;
        await onChange();
      } while (again);
      running = false;
    }, SETTLE_MS);
  };
  const watchers: FSWatcher[] = dirs.filter((dir) => existsSync(dir)).map((dir) => watch(dir, { recursive: true }, (_event, file) => {
    if (file && path.basename(String(file)).startsWith('.')) return;
    trigger();
  }));
  return () => {
    clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
  };
}
