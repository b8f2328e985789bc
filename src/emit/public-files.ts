import { stat } from 'node:fs/promises';
import path from 'node:path';
import { SiteError, SiteErrorList } from '../core/errors.ts';
import type { OutputFile } from '../core/output-file.ts';

/**
 * The files of public/ (`names`, listed as the site loaded), to copy as they are; a name the build also makes is an
 * error naming both, the other maker as `ownerOf` names it.
 */
export async function publicFiles(
  names: readonly string[],
  publicDir: string,
  root: string,
  ownerOf: (name: string) => string | undefined,
): Promise<OutputFile[]> {
  const errors: SiteError[] = [];
  const files: OutputFile[] = [];
  for (const name of names) {
    const source = path.join(publicDir, name);
    const owner = ownerOf(name) ?? (name.startsWith('assets/') ? 'the bundled assets (assets/)' : undefined);
    if (owner) {
      errors.push(
        new SiteError('PUBLIC_COLLISION', `${path.relative(root, source)} and ${owner} both write ${name}.`, {
          file: path.relative(root, source),
        }),
      );
    } else files.push({ path: name, source, size: (await stat(source)).size });
  }
  if (errors.length > 0) throw new SiteErrorList(errors);
  return files;
}
