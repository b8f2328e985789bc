import { promises as fs } from 'node:fs';

/** Returns a loader that reads and parses a file again only when its mtime or size changed; a missing file parses as ''. */
export function watchedFile<T>(filePath: string, parse: (text: string) => T): () => Promise<T> {
  let cached: { version: string; value: Promise<T> } | undefined;
  return async () => {
    const version = await versionOf(filePath);
    if (cached?.version !== version) {
      // Keeping the promise, not the value, lets concurrent requests share one read (and one set of warnings).
      const value = version === 'missing' ? Promise.resolve(parse('')) : fs.readFile(filePath, 'utf8').then(parse);
      cached = { version, value };
      value.catch(() => {
        if (cached?.value === value) cached = undefined;
      });
    }
    return cached.value;
  };
}

async function versionOf(filePath: string): Promise<string> {
  try {
    const stat = await fs.stat(filePath);
    return stat.isFile() ? `${stat.mtimeMs}:${stat.size}:${stat.ino}` : 'missing';
  } catch {
    return 'missing';
  }
}
