import { randomBytes } from 'node:crypto';
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const FIXTURES = path.join(PROJECT_ROOT, 'test/fixtures');
const TMP = path.join(PROJECT_ROOT, 'test/tmp');

/**
 * Copies a fixture site to test/tmp/<name>-<random>/ for a test that changes it. The copy sits at the same
 * depth as test/fixtures/<name>, so its relative imports of src/ and its node_modules still resolve.
 */
export async function copyFixture(name: string): Promise<{ root: string; remove(): Promise<void> }> {
  await mkdir(TMP, { recursive: true });
  const root = path.join(TMP, `${name}-${randomBytes(4).toString('hex')}`);
  await cp(path.join(FIXTURES, name), root, { recursive: true });
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

/** A fresh empty folder under test/tmp for build output. */
export async function tempDir(label: string): Promise<{ dir: string; remove(): Promise<void> }> {
  await mkdir(TMP, { recursive: true });
  const dir = path.join(TMP, `${label}-${randomBytes(4).toString('hex')}`);
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The environment a build sees in tests: fixed, and without the developer's own SITE_* variables. */
export function testEnv(extra: Record<string, string> = {}): Record<string, string> {
  // FIXTURE_GREETING: the engine fixture declares it as a required variable (the real site ignores it).
  return { SOURCE_DATE_EPOCH: '1767225600', FIXTURE_GREETING: 'Hello from the environment', ...extra };
}
