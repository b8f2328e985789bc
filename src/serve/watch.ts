import { watch } from 'chokidar';
import path from 'node:path';

/** The folders of a project whose changes rebuild the site. */
const SOURCE_FOLDERS: readonly string[] = ['templates', 'data', 'public'];

/**
 * How long the file events of one save may be apart: an editor that writes a new file and renames it over the old
 * one, or keeps a backup, makes two to four events within a few milliseconds. A save is one rebuild, and this is a
 * tenth of the half second a save may take to reach the browser.
 */
const SETTLE_MS = 50;

/** A running watch; `close` stops it. */
export interface SourceWatch {
  close(): Promise<void>;
}

/**
 * Watches templates/, data/ and public/ under `root` (also one created later) with chokidar, which follows files
 * replaced by a rename and folders added after the start, and calls `onChange` once the events of a change settle.
 * Runs never overlap: changes during a run queue exactly one more. Resolves once the first scan is done, so every
 * change after that is seen.
 */
export async function watchSources(root: string, onChange: () => Promise<void>): Promise<SourceWatch> {
  const runs = settledRuns(onChange);
  const watcher = watch(root, {
    ignoreInitial: true,
    // Events as they happen: the settling above joins a save's events, and chokidar's own wait for a file that
    // reappears would only add 100 ms to every deletion.
    atomic: false,
    // The root is watched so that a source folder created later is seen; the rest of it (node_modules, the output,
    // .git) is never read.
    ignored: (file) => {
      const top = path.relative(root, file).split(path.sep)[0]!;
      return top !== '' && !SOURCE_FOLDERS.includes(top);
    },
  });
  watcher.on('all', (_event, file) => {
    // Editors' swap and lock files (.name.swp, .#name) are not the site.
    if (!path.basename(file).startsWith('.')) runs.trigger();
  });
  watcher.on('error', (error) =>
    console.error(`site serve: watching for changes failed: ${error instanceof Error ? error.message : String(error)}`),
  );
  await new Promise<void>((resolve) => watcher.once('ready', resolve));
  return {
    close: () => {
      runs.cancel();
      return watcher.close();
    },
  };
}

/** Calls `run` once calls to `trigger` stop for SETTLE_MS; triggers during a run queue one more run. */
function settledRuns(run: () => Promise<void>): { trigger(): void; cancel(): void } {
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
        await run().catch((error: unknown) =>
          console.error(`site serve: ${error instanceof Error ? error.message : String(error)}`),
        );
      } while (again);
      running = false;
    }, SETTLE_MS);
  };
  return { trigger, cancel: () => clearTimeout(timer) };
}
