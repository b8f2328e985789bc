import { spawnSync } from 'node:child_process';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, tempDir, testEnv } from '../helpers/fixture.ts';
import { snapshot } from '../helpers/folder-snapshot.ts';

// `site build --strict` on the real site: a production build refuses the shipped placeholder facts, the missing
// EmailJS ids and the development admin password, and writes nothing; a plain build warns and publishes.

const BIN = path.join(PROJECT_ROOT, 'bin/site.mjs');
const PRODUCTION_ENV = {
  SITE_EMAILJS_PUBLIC_KEY: 'public-key-1',
  SITE_EMAILJS_SERVICE_ID: 'service_1',
  SITE_EMAILJS_TEMPLATE_ID: 'template_1',
  SITE_ADMIN_PASSWORD: 'Walnut-Harbor-52',
  SITE_EDITOR_REPO: 'hartwell/site',
};
const LICENSE_WARNING = 'data/business.json: licenseLine still holds the placeholder CSLB number';

let work: { dir: string; remove(): Promise<void> };
let out: string;

function site(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [BIN, 'build', '--root', PROJECT_ROOT, '--out', out, ...args], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...testEnv(env) },
    timeout: 120_000,
  });
}

/** A copy of data/ in which the owner has put in their own facts and cleared the placeholder marks. */
async function launchReadyData(): Promise<string> {
  const data = path.join(work.dir, 'data');
  await cp(path.join(PROJECT_ROOT, 'data'), data, { recursive: true });
  const businessFile = path.join(data, 'business.json');
  const business = JSON.parse(await readFile(businessFile, 'utf8')) as Record<string, unknown>;
  Object.assign(business, {
    licenseLine: 'CSLB License #1098765 · Class B General Building Contractor',
    url: 'https://www.hartwell-homes.test',
    email: 'office@hartwell-homes.test',
    phone: '(408) 744-2210',
    social: {
      facebook: 'https://www.facebook.com/hartwellhomes',
      instagram: 'https://www.instagram.com/hartwellhomes',
    },
  });
  await writeFile(businessFile, JSON.stringify(business, null, 2));
  await writeFile(path.join(data, 'placeholders.json'), '{}\n');
  return data;
}

beforeAll(async () => {
  work = await tempDir('strict');
  out = path.join(work.dir, 'dist');
});
afterAll(() => work.remove());

describe('site build --strict (production) and the placeholder facts', () => {
  it('a plain build publishes the shipped data and warns for each placeholder, naming the file and the field', () => {
    const result = site([], PRODUCTION_ENV);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      `! ${LICENSE_WARNING} (California law, B&P §7030.5, requires your real license number in all advertising). Put in your own, then delete "licenseLine" under "business.json" in data/placeholders.json.`,
    );
    for (const field of ['url', 'email', 'phone', 'social.facebook', 'social.instagram']) {
      expect(result.stdout).toContain(`! data/business.json: ${field} still holds`);
    }
    expect(result.stdout).toContain('! data/home.json: testimonials still holds sample testimonials');
    expect(result.stdout).toContain(
      '! data/projects.json: projects[].image still holds stock photos shown as your own projects',
    );
  });

  it('refuses the shipped placeholders, writes nothing and leaves the previous output byte for byte', async () => {
    const before = await snapshot(out);
    const result = site(['--strict'], PRODUCTION_ENV);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`[STRICT_WARNING] ${LICENSE_WARNING}`);
    expect(result.stderr).toContain('The build failed; the previous output is unchanged.');
    expect(result.stdout).toBe('');
    expect(await snapshot(out)).toEqual(before);
    expect((await readdir(work.dir)).filter((name) => name !== 'dist')).toEqual([]);
  });

  it('passes once the owner has put in their own facts, and then fails only on a missing EmailJS id or the development password', async () => {
    const data = await launchReadyData();
    const ready = site(['--strict', '--data', data], PRODUCTION_ENV);
    expect(ready.stderr).toBe('');
    expect(ready.status).toBe(0);
    expect(ready.stdout).toContain('  no warnings');
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toContain('CSLB License #1098765');

    const { SITE_EMAILJS_TEMPLATE_ID: _template, SITE_ADMIN_PASSWORD: _password, ...incomplete } = PRODUCTION_ENV;
    const unset = site(['--strict', '--data', data], incomplete);
    expect(unset.status).toBe(1);
    expect(unset.stderr).toContain(
      "[STRICT_WARNING] SITE_EMAILJS_TEMPLATE_ID not set: form submissions will fail with the 'Submission Failed' notice.",
    );
    expect(unset.stderr).toContain(
      '[STRICT_WARNING] SITE_ADMIN_PASSWORD not set: the admin page uses the DEVELOPMENT password',
    );
  });

  it('refuses a mark that names a field the file does not have, so a mistyped mark cannot hide a placeholder', async () => {
    const data = await launchReadyData();
    await writeFile(
      path.join(data, 'placeholders.json'),
      JSON.stringify({ 'business.json': { licenceLine: 'the placeholder CSLB number' } }),
    );
    const mistyped = site(['--data', data], PRODUCTION_ENV);
    expect(mistyped.status).toBe(1);
    expect(mistyped.stderr).toContain(
      '[DATA_CHECK] data/placeholders.json: marks "licenceLine" in business.json, which has no such field.',
    );
  });
});
