// Issue 41's row of `npm run bench`: the first encode of 50 phone photos by `site build` beside @11ty/eleventy-img 6
// on the same photos, widths and formats, and what a rebuild with unchanged photos costs over the same build
// without them. Every figure is a whole process, timed by the caller's timer (run-bench.ts's `timed`).
//
// Run alone (wall clock, CPU and peak memory from /usr/bin/time):  npx tsx test/bench/image-bench.ts [--eleventy-only]
//
// What is matched, so that the two encode the same work:
// - the files: AVIF and WebP at each width no wider than the upright photo, and one JPEG at the widest of them
//   (src/images/photo-index.ts). eleventy-img makes its formats at every width, so it is asked twice per photo:
//   AVIF and WebP at the widths, JPEG at the fallback's width. Both turn the photo upright (EXIF orientation 6).
// - the encoder settings: ours (sharp's defaults but for ENCODE_OPTIONS in src/images/photo-index.ts: AVIF at
//   effort 3) are given to eleventy-img explicitly (sharpAvifOptions and the others), for its own sharp (0.33.5 in
//   eleventy-img 6.0.4, whose defaults are 0.34.5's; ours is 0.34.5).
// - the caches: eleventy-img's off (useCache: false) and a new output folder each time; ours moved aside before
//   each first encode (node_modules/.cache/site/images of the site's own copy), the templates' caches left warm.
// - the threads: both run sharp as it comes, on libuv's 4 threads with libvips' own inside. How many encodes run at
//   once is each tool's own choice and part of what is measured: eleventy-img queues 8 photos at a time and starts
//   every file of each, ours one encode per core (src/images/site-images.ts).
// What is not: eleventy-img keeps the photo's colour profile (Display P3) where ours converts it to sRGB, and ours
// builds a small site around the photos (a copy of test/fixtures/basic, 9 pages) where eleventy-img only encodes.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENCODE_OPTIONS } from '../../src/images/photo-index.ts';
import { LOCAL_PHOTO_WIDTHS } from '../../templates/lib/image-urls.ts';
import { linkPackages } from '../helpers/linked-packages.ts';
import { photoSet } from '../helpers/sample-photos.ts';
import { benchRequire } from './bench-tools.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** One whole process as the caller's timer measures it. */
export interface ProcessRun {
  seconds: number;
  cpuSeconds: number;
  peakMiB: number;
}
export type TimeProcess = (
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
) => Promise<ProcessRun>;

const PHOTOS = 50;
/** The real site's widths (templates/site.config.ts), all within the photos' upright 3024 px. */
const WIDTHS: number[] = [...LOCAL_PHOTO_WIDTHS];
const FALLBACK_WIDTH = Math.max(...WIDTHS.filter((width) => width <= 3024));
/** sharp's defaults (the same in 0.33.5 and 0.34.5), which our encoder changes where ENCODE_OPTIONS says. */
const SHARP_DEFAULTS = {
  avif: { quality: 50, effort: 4, chromaSubsampling: '4:4:4' },
  webp: { quality: 80, effort: 4 },
  jpeg: { quality: 80 },
};
/** Our encoder's settings, given to eleventy-img's sharp explicitly. */
const MATCHED = {
  sharpAvifOptions: { ...SHARP_DEFAULTS.avif, ...ENCODE_OPTIONS.avif },
  sharpWebpOptions: { ...SHARP_DEFAULTS.webp, ...ENCODE_OPTIONS.webp },
  sharpJpegOptions: { ...SHARP_DEFAULTS.jpeg, ...ENCODE_OPTIONS.jpeg },
};
const IMAGE_FILE = /\.(avif|webp|jpe?g|png)$/;

/** A Node process (CommonJS, as eleventy-img is) in which eleventy-img (argv[1]) encodes the job's photos (argv[2]). */
const ELEVENTY_SCRIPT = `
const [library, job] = [process.argv[1], JSON.parse(process.argv[2])];
const Image = require(library);
const files = require('node:fs').readdirSync(job.photos).map((name) => require('node:path').join(job.photos, name));
const common = { ...job.matched, outputDir: job.out, useCache: false };
Promise.all(files.flatMap((file) => [
  Image(file, { ...common, widths: job.widths, formats: ['avif', 'webp'] }),
  Image(file, { ...common, widths: [job.fallback], formats: ['jpeg'] }),
])).catch((error) => { console.error(error); process.exitCode = 1; });
`;

/** Files and bytes of the images in `dir` (not below it). */
function imagesIn(dir: string): { files: number; bytes: number } {
  const names = readdirSync(dir).filter((name) => IMAGE_FILE.test(name));
  return { files: names.length, bytes: names.reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0) };
}

/**
 * A copy of test/fixtures/basic at `dir` that declares `data/images` at WIDTHS, with its own node_modules (links to
 * the project's packages) so that its caches are its own. Its imports of the engine are rewritten to reach src/ from
 * wherever it lies, as the engine wants (templates import src/index.ts by a relative path).
 */
async function siteCopy(dir: string): Promise<string> {
  await cp(path.join(ROOT, 'test/fixtures/basic'), dir, { recursive: true });
  for (const entry of readdirSync(path.join(dir, 'templates'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const engine = path.relative(entry.parentPath, path.join(ROOT, 'src/index.ts'));
    await writeFile(file, (await readFile(file, 'utf8')).replace(/(['"])(\.\.\/)+src\/index\.ts\1/g, `'${engine}'`));
  }
  const config = path.join(dir, 'templates/site.config.ts');
  await writeFile(
    config,
    (await readFile(config, 'utf8')).replace(
      'defineSite({',
      `defineSite({\n  images: { dir: 'data/images', widths: ${JSON.stringify(WIDTHS)} },`,
    ),
  );
  await mkdir(path.join(dir, 'data/images'), { recursive: true });
  await linkPackages(ROOT, dir);
  return dir;
}

/** The middle value, or the mean of the middle two (the first encodes run twice). */
const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
};
const seconds = (value: number): string => `${value.toFixed(2)} s`;

/**
 * Measures issue 41's targets and returns the row's lines: a table (first encode by each tool in `rounds`
 * interleaved rounds, rebuilds in `rebuilds`) and the verdicts.
 */
export async function benchImages(
  time: TimeProcess,
  {
    node,
    env,
    rounds,
    rebuilds,
    eleventyOnly = false,
  }: { node: string; env: NodeJS.ProcessEnv; rounds: number; rebuilds: number; eleventyOnly?: boolean },
): Promise<string> {
  const work = await mkdtemp(path.join(tmpdir(), 'bench-images-'));
  try {
    const withPhotos = await siteCopy(path.join(work, 'with-photos'));
    const withoutPhotos = await siteCopy(path.join(work, 'without-photos'));
    const photos = path.join(withPhotos, 'data/images');
    const buildEnv = { ...env, FIXTURE_GREETING: 'Hello from the bench' };
    const build = (site: string, out: string) =>
      time(node, ['bin/site.mjs', 'build', '--root', site, '--out', out], { cwd: ROOT, env: buildEnv });
    const outOf = (label: string) => path.join(work, `${label}-${Math.random().toString(36).slice(2)}`);
    // Each copy's templates compiled once, before any photo is there: the first encodes time photos, not esbuild.
    if (!eleventyOnly) {
      for (const site of [withPhotos, withoutPhotos]) await build(site, outOf('warm-up'));
    }
    await photoSet(photos, PHOTOS);
    const require = benchRequire();
    const eleventyImg = path.dirname(require.resolve('@11ty/eleventy-img/package.json'));
    const versions = `eleventy-img ${
      (require('@11ty/eleventy-img/package.json') as { version: string }).version
    } with sharp ${
      (createRequire(path.join(eleventyImg, 'img.js'))('sharp/package.json') as { version: string }).version
    }`;

    const runs = new Map<string, ProcessRun[]>();
    const add = (label: string, run: ProcessRun) => {
      runs.set(label, [...(runs.get(label) ?? []), run]);
      process.stderr.write('.');
    };
    const output = new Map<string, { files: number; bytes: number }>();
    const [eleventyLabel, firstLabel] = [`${versions}, first encode`, 'site build, first encode (image cache empty)'];
    const eleventy = async () => {
      const out = outOf('eleventy');
      const job = { photos, out, widths: WIDTHS, fallback: FALLBACK_WIDTH, matched: MATCHED };
      add(
        eleventyLabel,
        await time(node, ['-e', ELEVENTY_SCRIPT, path.join(eleventyImg, 'img.js'), JSON.stringify(job)], {
          cwd: ROOT,
          env,
        }),
      );
      output.set(eleventyLabel, imagesIn(out));
    };
    let lastOut = '';
    const ours = async () => {
      const cache = path.join(withPhotos, 'node_modules/.cache/site/images');
      if (existsSync(cache)) await rename(cache, outOf('old-image-cache'));
      lastOut = outOf('site');
      add(firstLabel, await build(withPhotos, lastOut));
      output.set(firstLabel, imagesIn(path.join(lastOut, 'assets')));
    };
    // Interleaved, each tool first in every other round, so a slow spell of the machine weighs on both alike.
    for (let round = 0; round < rounds; round++) {
      for (const run of eleventyOnly ? [eleventy] : round % 2 ? [eleventy, ours] : [ours, eleventy]) await run();
    }

    const verdicts: string[] = [];
    const judge = (target: string, figures: string, met: boolean) =>
      verdicts.push(`${met ? 'met    ' : 'NOT MET'}  ${target}: ${figures}`);
    if (!eleventyOnly) {
      const [warmLabel, plainLabel] = [
        'site build, rebuild, photos unchanged (image cache warm)',
        'site build, rebuild, the same site without photos',
      ];
      const plainOut = outOf('plain');
      await build(withoutPhotos, plainOut);
      for (let round = 0; round < rebuilds; round++) {
        add(warmLabel, await build(withPhotos, lastOut));
        add(plainLabel, await build(withoutPhotos, plainOut));
      }
      const medianOf = (label: string, of: keyof ProcessRun = 'seconds') =>
        median(runs.get(label)!.map((run) => run[of]));
      const expected = PHOTOS * (2 * WIDTHS.length + 1);
      const same = [eleventyLabel, firstLabel].every((label) => output.get(label)?.files === expected);
      const [siteSeconds, eleventySeconds] = [medianOf(firstLabel), medianOf(eleventyLabel)];
      const cpu = `CPU ${seconds(medianOf(firstLabel, 'cpuSeconds'))} against ${seconds(
        medianOf(eleventyLabel, 'cpuSeconds'),
      )}`;
      judge(
        'first encode no slower than eleventy-img 6 (same photos, widths, formats)',
        `${seconds(siteSeconds)} against ${seconds(eleventySeconds)}, ${(siteSeconds / eleventySeconds).toFixed(
          2,
        )}x (${cpu}); ${
          same ? `both wrote the ${expected} files` : `files written differ from the ${expected} expected`
        }`,
        same && siteSeconds <= eleventySeconds,
      );
      const [warm, plain] = [medianOf(warmLabel), medianOf(plainLabel)];
      judge(
        'rebuild with unchanged photos at most 0.3 s more than without them',
        `${seconds(warm)} against ${seconds(plain)}, ${warm >= plain ? '+' : ''}${seconds(warm - plain)}`,
        warm - plain <= 0.3,
      );
    }
    process.stderr.write('\n');
    const header = [
      'work',
      'runs',
      'min',
      'median',
      'CPU (min)',
      'CPU (median)',
      'peak RSS median',
      'image files',
      'image bytes',
    ];
    const rows = [...runs].map(([label, list]) => {
      const written = output.get(label);
      return [
        label,
        String(list.length),
        seconds(Math.min(...list.map((run) => run.seconds))),
        seconds(median(list.map((run) => run.seconds))),
        seconds(Math.min(...list.map((run) => run.cpuSeconds))),
        seconds(median(list.map((run) => run.cpuSeconds))),
        `${Math.round(median(list.map((run) => run.peakMiB)))} MiB`,
        written ? String(written.files) : '',
        written ? `${(written.bytes / 1e6).toFixed(1)} MB` : '',
      ];
    });
    const widths = header.map((_, column) => Math.max(...[header, ...rows].map((cells) => cells[column]!.length)));
    const line = (cells: string[]) => `| ${cells.map((cell, index) => cell.padEnd(widths[index]!)).join(' | ')} |`;
    const title = `Images: ${PHOTOS} phone photos (4032 × 3024 JPEG at quality 90, EXIF orientation 6: upright 3024 px wide), AVIF and WebP at ${WIDTHS.join(
      ', ',
    )} px and a JPEG at ${FALLBACK_WIDTH} px; settings on both sides: AVIF ${JSON.stringify(
      MATCHED.sharpAvifOptions,
    )}, WebP ${JSON.stringify(MATCHED.sharpWebpOptions)}, JPEG ${JSON.stringify(MATCHED.sharpJpegOptions)}`;
    return [
      title,
      '',
      line(header),
      `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
      ...rows.map(line),
      '',
      ...verdicts,
    ].join('\n');
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Run alone: a whole process's wall clock, and its CPU time and peak memory from /usr/bin/time where there is one. */
const timeAlone: TimeProcess = (command, args, options) => {
  const timer = existsSync('/usr/bin/time');
  const started = process.hrtime.bigint();
  const child = spawn(timer ? '/usr/bin/time' : command, timer ? ['-f', '__TIME__ %M %U %S', command, ...args] : args, {
    ...options,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-20_000)));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        return reject(new Error(`${command} ${args.slice(0, 2).join(' ')} exited with ${code}:\n${errors}`));
      }
      const [, peakKiB, user, system] = /__TIME__ (\d+) ([\d.]+) ([\d.]+)/.exec(errors) ?? [];
      resolve({
        seconds: Number(process.hrtime.bigint() - started) / 1e9,
        cpuSeconds: Number(user) + Number(system),
        peakMiB: Number(peakKiB) / 1024,
      });
    });
  });
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // As run-bench.ts runs it: BENCH_RUNS rebuilds (default 5), at most two rounds of first encodes.
  const [env, runs] = [
    { ...process.env, CI: 'true', SOURCE_DATE_EPOCH: '1767225600' },
    Number(process.env.BENCH_RUNS ?? 5),
  ];
  console.log(
    await benchImages(timeAlone, {
      node: process.execPath,
      env,
      rounds: Math.min(runs, 2),
      rebuilds: runs,
      eleventyOnly: process.argv.includes('--eleventy-only'),
    }),
  );
}
