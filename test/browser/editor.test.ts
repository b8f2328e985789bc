import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMarkdownFile } from '../../src/collections/read-markdown.ts';
import { launchChromium, localContext } from '../helpers/chromium.ts';
import { PROJECT_ROOT, testEnv } from '../helpers/fixture.ts';
import { phonePhoto, privateMetadataIn } from '../helpers/sample-photos.ts';

// Issue 52, end to end: the owner edits the site in the browser. `site edit` runs on a scratch copy of the project
// (a git repository of its own); Chromium drives the real editor (Decap CMS) at /admin. Each Publish must be one
// commit with the smallest diff, the editor must refuse what the build would, and a --strict build of the result,
// with the owner's facts filled in, must pass and show every change.

let work: { dir: string; remove(): Promise<void> };
/** Outside the project, which is itself a git repository and cannot be copied into a folder of its own. */
async function outsideTheProject(label: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), `${label}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
let scratch: string;
let edit: ChildProcess;
let output = '';
let site: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let photos: string;
const violations: string[] = [];
const otherHosts: string[] = [];
const PHOTOS = { main: 'Deck Photo 1.jpg', second: 'deck-2.jpg', heic: 'iphone.heic' };

const git = (...args: string[]) => execFileSync('git', args, { cwd: scratch, encoding: 'utf8' });
const commits = () => Number(git('rev-list', '--count', 'HEAD').trim());

/** The project as a clone would hold it, in a folder of its own that is a git repository. */
async function scratchCopy(to: string): Promise<void> {
  const skip = new Set(['node_modules', 'dist', '.git', '.scratch', '.wrangler', path.join('test', 'tmp')]);
  await cp(PROJECT_ROOT, to, { recursive: true, filter: (source) => !skip.has(path.relative(PROJECT_ROOT, source)) });
  await symlink(path.join(PROJECT_ROOT, 'node_modules'), path.join(to, 'node_modules'), 'dir');
  execFileSync('git', ['init', '--quiet'], { cwd: to });
  await writeFile(path.join(to, '.git/info/exclude'), 'node_modules\n');
  execFileSync('git', ['config', 'user.name', 'Owner'], { cwd: to });
  execFileSync('git', ['config', 'user.email', 'owner@example.com'], { cwd: to });
  execFileSync('git', ['add', '-A'], { cwd: to });
  execFileSync('git', ['commit', '--quiet', '-m', 'The site'], { cwd: to });
}

beforeAll(async () => {
  work = await outsideTheProject('site-editor');
  scratch = path.join(work.dir, 'site');
  await mkdir(scratch, { recursive: true });
  await scratchCopy(scratch);
  photos = path.join(work.dir, 'photos');
  await mkdir(photos);
  await writeFile(path.join(photos, PHOTOS.main), await phonePhoto({ seed: 5201 }));
  await writeFile(path.join(photos, PHOTOS.second), await phonePhoto({ seed: 5202, orientation: 6 }));
  await writeFile(path.join(photos, PHOTOS.heic), Buffer.from('ftypheic, as an iPhone writes it'));
  edit = spawn(process.execPath, [path.join(scratch, 'bin/site.mjs'), 'edit', '--port', '0', '--backend-port', '0'], {
    cwd: scratch,
    env: { PATH: process.env.PATH ?? '', HOME: work.dir, ...testEnv() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  edit.stdout?.on('data', (chunk) => (output += chunk));
  edit.stderr?.on('data', (chunk) => (output += chunk));
  for (let attempt = 0; attempt < 240 && !/Edit the site at (\S+)/.test(output); attempt++) {
    if (edit.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const url = /Edit the site at (\S+)/.exec(output)?.[1];
  if (!url) throw new Error(`site edit did not start:\n${output}`);
  site = url.replace(/\/admin$/, '');
  browser = await launchChromium();
  context = await localContext(browser, { viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    ),
  );
  page = await context.newPage();
  page.on('console', (message) => {
    if (/Content Security Policy|CSP violation/.test(message.text())) violations.push(message.text());
  });
  page.on('request', (request) => {
    const { hostname, protocol } = new URL(request.url());
    if (!['data:', 'blob:'].includes(protocol) && hostname !== '127.0.0.1') otherHosts.push(request.url());
  });
  // Leaving an entry with changes asks to confirm: leave. An entry opened again offers a stored backup: decline it.
  page.on(
    'dialog',
    (dialog) =>
      void (dialog.type() === 'beforeunload' || /leave this page/i.test(dialog.message())
        ? dialog.accept()
        : dialog.dismiss()),
  );
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (edit && edit.exitCode === null) {
    const exited = new Promise((resolve) => edit.once('exit', resolve));
    edit.kill('SIGINT');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (edit.exitCode === null) edit.kill('SIGKILL');
  }
  await work?.remove();
});

const photo = (name: string) => path.join(photos, name);
/** The one visible field with this label (the collapsed list items keep theirs hidden). */
const field = (label: string): Locator => page.getByLabel(label, { exact: true }).filter({ visible: true });

/**
 * Opens an entry as the owner does: the collection, then its entry's card (a file collection's one entry is named as
 * the collection) or the button for a new one. Decap shows an empty form when the address jumps straight from one
 * entry to another (it loads nothing), so the collection page comes between, as it does when the owner clicks.
 */
async function openEntry(collection: string, entry?: string): Promise<void> {
  await page.goto(`${site}/admin#/collections/${collection}`);
  await page.locator(`a[href$="#/collections/${collection}/${entry ? `entries/${entry}` : 'new'}"]`).click();
  // The form's labels appear once the entry has loaded (the Publish button shows only after a change).
  await page.locator('label').filter({ visible: true }).first().waitFor();
}

/** Opens the collapsed list item whose summary line reads this (its first button is the expand arrow). */
async function expandItem(summary: string): Promise<void> {
  const item = page
    .locator('div')
    .filter({ has: page.getByText(summary, { exact: true }) })
    .filter({
      has: page.locator('button'),
    })
    .last();
  await item.locator('button').first().click();
}

/** Publishes the open entry and waits (bounded) until the backend's commit has landed; returns the commits made. */
async function publish(): Promise<number> {
  const before = commits();
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByText('Publish now').click();
  for (let attempt = 0; attempt < 60 && commits() === before; attempt++) await page.waitForTimeout(250);
  return commits() - before;
}

/** Tries to publish the open entry: the editor must name the problem, and nothing may reach the files or the history. */
async function publishRefused(reason: string): Promise<void> {
  const before = commits();
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByText('Publish now').click();
  await page.getByText(reason, { exact: true }).first().waitFor();
  await page.waitForTimeout(1000);
  expect(commits()).toBe(before);
  expect(git('status', '--porcelain', 'data')).toBe('');
}

/** The last commit's changed lines per file, as `added deleted path`. */
function lastCommitLines(): string[] {
  return git('show', '--numstat', '--format=', 'HEAD').trim().split('\n');
}

/** Uploads a photo in the open media library and chooses it, once the library shows it under the name it is saved as. */
async function uploadAndChoose(file: string, savedAs: string): Promise<void> {
  await page.locator('input[type=file]').setInputFiles(file);
  await page.getByText(savedAs, { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Choose selected' }).click();
}

/** Chooses an option of a select (Decap draws a react-select), and returns every option it offered. */
async function choose(label: string, option: string): Promise<string[]> {
  await field(label).click();
  const options = await page.getByRole('option').allInnerTexts();
  await page.getByRole('option', { name: option, exact: true }).click();
  return options;
}

describe('the editor at /admin, on site edit', () => {
  it('loads with no CSP violation and no request to another host', async () => {
    await page.goto(`${site}/admin`);
    await page.getByRole('button', { name: /login/i }).click();
    await page.getByRole('link', { name: 'Business facts' }).first().waitFor();
    await openEntry('business', 'business');
    await field('Phone').waitFor();
    expect(violations).toEqual([]);
    expect(otherHosts).toEqual([]);
    expect(output).toMatch(/Edit the site at http:\/\/127\.0\.0\.1:\d+\/admin/);
  }, 120_000);

  it('publishes a new phone number as one commit of one line', async () => {
    await field('Phone').fill('(408) 744-2210');
    expect(await publish()).toBe(1);
    expect(lastCommitLines()).toEqual(['1\t1\tdata/business.json']);
    expect(git('log', '-1', '--format=%s')).toBe('Update Business facts “business”\n');
  }, 120_000);

  it('publishes a changed testimonial as one commit of one line', async () => {
    await openEntry('home', 'home');
    await expandItem('Maria G. · ADU, Milpitas');
    await field('Words of the client').fill(
      'They built a backyard ADU for my mother and handled the drawings, permits and utility lines. She loves her own front door.',
    );
    expect(await publish()).toBe(1);
    expect(lastCommitLines()).toEqual(['1\t1\tdata/home.json']);
  }, 120_000);

  it('adds a project with two photos, refusing an iPhone HEIC on the way, as one commit of the project and its photos', async () => {
    await openEntry('projects', 'projects');
    await page.getByRole('button', { name: 'Add project' }).click();
    await field('Number').fill('7');
    await field('Title').fill('Garden Deck Addition');
    await field('Location').fill('Saratoga, CA');
    const categories = await choose('Category', 'Home Addition');
    expect(categories).toEqual([
      'Custom Home',
      'Home Addition',
      'ADU',
      'Full Home Remodeling',
      'Kitchen Remodel',
      'Bathroom Remodel',
    ]);
    await field('Year completed').fill('2026');
    await field('Summary').fill('A family room addition in Saratoga that opens onto a new deck under the oaks.');
    await field('Description').fill(
      'The owners wanted a room that opens to the garden.\n\nWe added a family room with sliding doors onto a new deck.',
    );
    await page.getByRole('button', { name: 'Add line' }).filter({ visible: true }).click();
    await page
      .getByLabel('Scope of work', { exact: true })
      .filter({ visible: true })
      .last()
      .fill('Family room addition and deck');
    // The upload button offers only what the photo pipeline reads, and a HEIC picked anyway is refused with the reason.
    const chooseImage = page.getByRole('button', { name: 'Choose an image' }).filter({ visible: true });
    await chooseImage.first().click();
    expect(await page.locator('input[type=file]').getAttribute('accept')).toBe('.jpg,.jpeg,.png,.webp,.avif');
    const refused = page.waitForEvent('dialog');
    await page.locator('input[type=file]').setInputFiles(photo(PHOTOS.heic));
    expect((await refused).message()).toMatch(
      /^iphone\.heic: A photo as JPEG, PNG, WebP or AVIF\. An iPhone saves HEIC photos/,
    );
    await uploadAndChoose(photo(PHOTOS.main), 'deck-photo-1.jpg');
    await field('What the main photo shows').fill('A family room with sliding doors open onto a new wood deck');
    await page.getByRole('button', { name: 'Add photo' }).filter({ visible: true }).click();
    await chooseImage.last().click();
    await uploadAndChoose(photo(PHOTOS.second), 'deck-2.jpg');
    await field('What the photo shows').fill('The deck steps down to the garden');
    expect(await publish()).toBe(1);
    const changed = lastCommitLines();
    expect(changed.map((line) => line.split('\t')[2])).toEqual([
      'data/images/deck-2.jpg',
      'data/images/deck-photo-1.jpg',
      'data/projects.json',
    ]);
    // The new project's lines and nothing else: the one before it keeps every line (git sees its "}," as added).
    expect(changed[2]).toBe('20\t0\tdata/projects.json');
  }, 180_000);

  it('writes and publishes a post as one commit of one new file', async () => {
    await openEntry('posts');
    await field('Title').fill('Planning a Deck With a Room Addition');
    await field('Excerpt').fill(
      'A deck built with an addition shares its footings, its permit and its schedule: what to decide first, and what the inspector looks at.',
    );
    await field('Date').fill('2026-11-20');
    await field('Read time').fill('3 min read');
    await choose('Category', 'Home Addition');
    await page.getByRole('button', { name: 'Choose an image' }).filter({ visible: true }).click();
    await page.getByText('deck-photo-1.jpg').click();
    await page.getByRole('button', { name: 'Choose selected' }).click();
    await field('What the cover photo shows').fill('A new deck beside a family room addition');
    // The article is typed as the owner types it, into the raw Markdown editor (a contenteditable), a blank line between blocks.
    await page.locator('[contenteditable=true]').last().click();
    for (const [index, block] of [
      'A deck and an addition are best planned together.',
      '## Footings',
      "The deck can share the addition's footings.",
    ].entries()) {
      if (index > 0) {
        for (let line = 0; line < 2; line++) await page.keyboard.press('Enter');
      }
      await page.keyboard.insertText(block);
    }
    expect(await publish()).toBe(1);
    // One new file: the seven fields of the front matter between its dashes, a blank line, the five lines of the article.
    const file = 'data/blog/planning-a-deck-with-a-room-addition.md';
    expect(lastCommitLines()).toEqual([`15\t0\t${file}`]);
    const text = await readFile(path.join(scratch, file), 'utf8');
    expect(text.endsWith('footings.\n')).toBe(true);
    const post = parseMarkdownFile(text, file);
    expect(post.frontMatter).toEqual({
      title: 'Planning a Deck With a Room Addition',
      excerpt:
        'A deck built with an addition shares its footings, its permit and its schedule: what to decide first, and what the inspector looks at.',
      date: '2026-11-20',
      readTime: '3 min read',
      category: 'Home Addition',
      coverImage: 'images/deck-photo-1.jpg',
      coverAlt: 'A new deck beside a family room addition',
    });
    expect(post.body).toBe(
      "A deck and an addition are best planned together.\n\n## Footings\n\nThe deck can share the addition's footings.",
    );
  }, 120_000);

  it('met no Content Security Policy violation in any of these edits (uploads included)', () => {
    expect(violations).toEqual([]);
  });
});

describe('what the editor refuses to publish', () => {
  it('a fourth testimonial, even a complete one', async () => {
    await openEntry('home', 'home');
    await page.getByRole('button', { name: 'Add testimonial' }).click();
    await field('Number').fill('4');
    await field('Words of the client').fill('They finished our kitchen on the day they promised.');
    await field('Client name').fill('Ana P.');
    await field('Project and city').fill('Kitchen Remodel, San Jose');
    await field('Initials').fill('AP');
    await publishRefused('Testimonials must have exactly 3 item(s).');
  }, 120_000);

  it('an empty required field', async () => {
    await openEntry('projects', 'projects');
    await expandItem('Modern Family Home · Sunnyvale, CA');
    await field('Title').fill('');
    await publishRefused('Title is required.');
  }, 120_000);

  it('a phone written in another form, with the form to use', async () => {
    await openEntry('business', 'business');
    await field('Phone').fill('408-744-2210');
    await publishRefused("Phone didn't match the pattern: write the phone as (408) 555-0142.");
  }, 120_000);
});

describe('the published edits, built for production', () => {
  it("pass --strict with the owner's facts, and show every change, the photos as AVIF and WebP without GPS", async () => {
    const data = path.join(work.dir, 'launch-data');
    await cp(path.join(scratch, 'data'), data, { recursive: true });
    const business = JSON.parse(await readFile(path.join(data, 'business.json'), 'utf8')) as Record<string, unknown>;
    Object.assign(business, {
      licenseLine: 'CSLB License #1098765 · Class B General Building Contractor',
      url: 'https://www.hartwell-homes.test',
      email: 'office@hartwell-homes.test',
      social: {
        facebook: 'https://www.facebook.com/hartwellhomes',
        instagram: 'https://www.instagram.com/hartwellhomes',
      },
    });
    await writeFile(path.join(data, 'business.json'), JSON.stringify(business, null, 2));
    await writeFile(path.join(data, 'placeholders.json'), '{}\n');
    const out = path.join(work.dir, 'dist');
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: work.dir,
      ...testEnv({
        SITE_EMAILJS_PUBLIC_KEY: 'public-key-1',
        SITE_EMAILJS_SERVICE_ID: 'service_1',
        SITE_EMAILJS_TEMPLATE_ID: 'template_1',
        SITE_ADMIN_PASSWORD: 'Walnut-Harbor-52',
        SITE_EDITOR_REPO: 'hartwell/site',
      }),
    };
    const result = execFileSync(
      process.execPath,
      [path.join(scratch, 'bin/site.mjs'), 'build', '--strict', '--data', data, '--out', out],
      { cwd: scratch, env, encoding: 'utf8' },
    );
    expect(result).toMatch(/no warnings/);
    const shows = async (file: string, text: string) => (await readFile(path.join(out, file), 'utf8')).includes(text);
    expect(await shows('index.html', '(408) 744-2210')).toBe(true);
    expect(await shows('index.html', 'They built a backyard ADU for my mother')).toBe(true);
    expect(await shows('gallery/7.html', 'Garden Deck Addition')).toBe(true);
    expect(await shows('blog/planning-a-deck-with-a-room-addition.html', 'The deck can share the addition')).toBe(true);
    const files = (await readdir(out, { recursive: true })).filter((file) => /deck-(photo-1|2)/.test(file));
    for (const name of ['deck-photo-1', 'deck-2']) {
      const own = files.filter((file) => file.includes(name));
      expect(
        own.some((file) => file.endsWith('.avif')),
        name,
      ).toBe(true);
      expect(
        own.some((file) => file.endsWith('.webp')),
        name,
      ).toBe(true);
      for (const file of own) expect(await privateMetadataIn(await readFile(path.join(out, file))), file).toEqual([]);
    }
  }, 600_000);
});
