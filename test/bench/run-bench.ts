// `npm run bench`: how fast `site build` is and how much memory it takes beside Astro 5 building the same pages, on
// one or more Node versions in the same run. Not part of `npm test`: figures vary with the machine, so they are
// printed and judged against the targets, never asserted.
//
//   npm run bench                          Node 20 (the one running this)
//   npm run bench -- --node 20,24          each version in turn within every round (binaries: test/node-versions.mjs)
//   npm run bench -- --against 5230698     also the engine as it was at that commit (any git ref), in the same rounds
//   BENCH_RUNS=3   runs of each kind (default 5; the 9,999-page builds min(runs, 3))
//   BENCH_HUGE=1   adds 11,111 generated cities (100,026 pages, one build per Node version, about 3 GB written)
//
// Each build is a whole `node bin/site.mjs build` process, timed from spawn to exit, its peak resident memory and
// CPU time (user and system, every thread) read from /usr/bin/time. Kinds of build: "new folder" builds into an
// empty output folder (as CI does); "rebuild" builds into the same folder again (as a site owner's next build);
// "fresh clone" is the first build after `npm ci` on a new clone: its cache (node_modules/.cache/site) emptied, then
// what `npm ci` makes in it (the package's `prepare`: the compiled engine, and at this engine its browser scripts
// and the editor bundle's size) made again, untimed: what a new contributor or a CI without a kept cache waits for.
// Astro builds the same city-service pages from the same data with our own page component (test/bench/astro/).
// Eleventy 3 builds them too, from the same data with the same markup written as template literals
// (test/bench/eleventy/); our times against its are printed as figures, with no target.
// Last, `site serve --watch` on a copy of the real site: how long a saved blog post takes to reach an open page,
// judged against half a second and against a third of this run's warm full build (a save should cost less than
// building the site again). The rounds interleave every kind and Node version, so a slow spell of the machine
// weighs on all alike; the table shows min and median.
//
// With `--against`, the ref is checked out beside this one (a git worktree in the temporary folder, removed at the
// end) with this one's packages, and each of our kinds of build is also run by that checkout, right after ours
// in every round: a change is judged against the engine before it on the same machine in the same minutes, rather
// than against figures written down on another day. The checkout's node_modules is a folder of links to our packages
// with a build cache of its own (node_modules/.cache/site): the engine is compiled into one fixed folder there and
// finds its package from its own file's real path, which a link to our whole node_modules would make ours. A kind is
// met when neither its median time nor its median peak memory is more than 10 % worse than before.
//
// Nothing the bench is done with is deleted before its last build: it is moved aside and deleted at the end. On
// these machines' ext4 (no journal) a new file is given no inode freed in the last minute or more, and each
// creation scans past them: deleting 10,000 files just before a build made its file creations seconds slower.
// The cache a fresh clone's build goes without is held beside it and moved back after, not put aside: the entries of
// the generated cities' builds are what the builds after it would otherwise lose.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, lstat, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeDataWithCities } from '../helpers/generated-data.ts';
import { linkPackages } from '../helpers/linked-packages.ts';
import { nodeBinary, versionOf } from '../node-versions.mjs';
import { astroBuildCommand, countPages, ensureAstro } from './astro/astro-bench.mjs';
import { benchRequire } from './bench-tools.ts';
import { eleventyBuildCommand, ensureEleventy } from './eleventy/eleventy-bench.mjs';
import { sourceLinesTable } from './source-lines.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const HUGE = process.env.BENCH_HUGE === '1';
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const MAJORS = (argument('--node') ?? process.versions.node.split('.')[0]!).split(',');
/** The git ref whose engine is measured beside this one's, if any. */
const AGAINST = argument('--against');
/** The build cache of a checkout (see src/core/cache.ts). */
const cacheOf = (dir: string): string => path.join(dir, 'node_modules', '.cache', 'site');
/** What a fresh clone's cache is not emptied of: the bench's own Node binaries (not a build's). */
const FRESH_CLONE_KEEPS = new Set(['node']);
const TRASH = await mkdtemp(path.join(tmpdir(), 'bench-trash-'));
let trashed = 0;

/** The value after `name` on the command line, if `name` is there. */
function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  if (at < 0) return undefined;
  const value = process.argv[at + 1];
  if (!value || value.startsWith('--')) throw new Error(`${name} needs a value`);
  return value;
}

/** Moves `dir` out of the way, if it exists (see the top of this file). */
async function putAside(dir: string): Promise<void> {
  await rename(dir, path.join(TRASH, String(trashed++))).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code === 'EXDEV') await rm(dir, { recursive: true, force: true });
    else if (error.code !== 'ENOENT') throw error;
  });
}

interface Run {
  seconds: number;
  cpuSeconds: number;
  peakMiB: number;
  pages: number;
}

/** One whole process, timed, with its peak memory and CPU time. */
async function timed(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
  pagesOf: (output: string) => number,
): Promise<Run> {
  const [file, list] = TIME ? [TIME, ['-f', '__PEAK_KB__ %M __CPU__ %U %S', command, ...args]] : [command, args];
  const started = process.hrtime.bigint();
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(file, list, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text = (text + chunk.toString()).slice(-50_000)));
    child.stderr.on('data', (chunk: Buffer) => (text = (text + chunk.toString()).slice(-50_000)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`${args.join(' ')} exited with ${code}:\n${text}`)),
    );
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = /__CPU__ ([\d.]+) ([\d.]+)/.exec(output);
  return {
    seconds,
    cpuSeconds: cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN,
    peakMiB: Number(/__PEAK_KB__ (\d+)/.exec(output)?.[1] ?? NaN) / 1024,
    pages: pagesOf(output),
  };
}

const ENV = { ...process.env, CI: 'true', SOURCE_DATE_EPOCH: '1767225600' };

/** One build by the checkout in `project` of `data` (undefined: that checkout's real site) into `out`. */
function ours(
  node: string,
  project: string,
  data: string | undefined,
  out: string,
  extra: string[] = [],
): Promise<Run> {
  const args = ['bin/site.mjs', 'build', '--out', out, ...(data ? ['--data', data] : []), ...extra];
  return timed(node, args, { cwd: project, env: ENV }, (output) =>
    Number(/site build: ([\d,]+) pages/.exec(output)?.[1]?.replace(/,/g, '') ?? NaN),
  );
}

/** A checkout whose `bin/site.mjs` is measured: this one, or `--against`'s, whose rows are labelled "before: ". */
interface Checkout {
  dir: string;
  prefix: '' | 'before: ';
}

/** A Node version of `--node` and its binary. */
interface NodeVersion {
  major: string;
  binary: string;
}

/** `git` in this repository; throws with its output when it fails. */
function git(args: string[]): void {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} exited with ${result.status}:\n${result.stderr}`);
}

/**
 * Compiles the engine of the checkout in `dir` as `npm ci` does (its `prepare`), so no timed build compiles it, a
 * fresh clone's included: bin/compile-engine.mjs, or at older refs bin/engine-bundle.mjs (which compiled per hash of
 * the sources). Refs older still have no such step and compile on their first build.
 */
function compileEngine(dir: string, node: string): void {
  const script = ['bin/compile-engine.mjs', 'bin/engine-bundle.mjs'].find((file) => existsSync(path.join(dir, file)));
  if (!script) return;
  const compiled = spawnSync(node, [script], { cwd: dir, encoding: 'utf8' });
  if (compiled.status !== 0) {
    throw new Error(`${dir}: ${script} exited with ${compiled.status}:\n${compiled.stderr}`);
  }
}

/**
 * Checks `ref` out into `dir` with this checkout's packages linked in (see linkPackages), compiles its engine, and
 * builds its real site once, untimed, so its caches are as warm as ours when the rounds start.
 */
async function checkOut(ref: string, dir: string, node: string): Promise<void> {
  git(['worktree', 'add', '--detach', dir, ref]);
  await linkPackages(ROOT, dir);
  compileEngine(dir, node);
  const out = await mkdtemp(path.join(tmpdir(), 'bench-out-'));
  await ours(node, dir, undefined, out);
  await putAside(out);
}

/** Removes the checkout of `checkOut`, its node_modules first (links removed, not followed): nothing reaches into ours. */
async function removeCheckout(dir: string): Promise<void> {
  await rm(path.join(dir, 'node_modules'), { recursive: true, force: true });
  if (existsSync(dir)) git(['worktree', 'remove', '--force', dir]);
}

/**
 * Moves every entry of `from` that `into` lacks into it, folder by folder. An entry both hold stays `into`'s: cache
 * entries are named by a hash of what made them (the compiled engine's files are made again from the same sources),
 * so both hold the same.
 */
async function mergeInto(from: string, into: string): Promise<void> {
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const target = path.join(into, entry.name);
    const existing = await lstat(target).catch(() => undefined);
    if (!existing) await rename(path.join(from, entry.name), target);
    else if (entry.isDirectory() && existing.isDirectory()) await mergeInto(path.join(from, entry.name), target);
  }
}

/**
 * Runs `build` with the cache as a fresh clone's after `npm ci`: every entry held aside (beside the cache, so a rename
 * moves it), `prepare` run, then the entries moved back beside whatever the build made. What both hold is put aside
 * with the holder.
 */
async function withFreshCloneCache(cache: string, prepare: () => void, build: () => Promise<Run>): Promise<Run> {
  const held = await mkdtemp(path.join(path.dirname(cache), 'site-bench-held-'));
  try {
    for (const name of readdirSync(cache)) {
      if (!FRESH_CLONE_KEEPS.has(name)) await rename(path.join(cache, name), path.join(held, name));
    }
    prepare();
    return await build();
  } finally {
    await mergeInto(held, cache);
    await putAside(held);
  }
}

/**
 * A peer's build of the city-service pages of `data` (Astro's, Eleventy's: `commandOf` says how), timed as a whole
 * process into a new folder (Eleventy writes over what is there).
 */
async function peerBuild(commandOf: typeof astroBuildCommand, node: string, data: string): Promise<Run> {
  const out = await mkdtemp(path.join(tmpdir(), 'bench-peer-'));
  const { command, args, cwd, env } = commandOf({ data, outDir: out, node, silent: true });
  const run = await timed(command, args, { cwd, env: { ...env, SOURCE_DATE_EPOCH: ENV.SOURCE_DATE_EPOCH } }, () =>
    countPages(out),
  );
  await putAside(out);
  return run;
}

/** A data folder with `count` generated cities (see test/helpers/generated-data.ts), in the system's temporary folder. */
async function generatedData(count: number): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `bench-data-${count}-`));
  await writeDataWithCities(dir, count);
  return dir;
}

/** A SHA-256 of every file of a folder, its path and bytes, in path order: equal folders, equal digests. */
function folderDigest(dir: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(dir, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The measured rows of one Node version, by label. */
type Table = Map<string, Run[]>;

function row(label: string, runs: readonly Run[]): string[] {
  const seconds = median(runs.map((run) => run.seconds));
  return [
    label,
    runs[0]!.pages.toLocaleString('en-US'),
    `${Math.min(...runs.map((run) => run.seconds)).toFixed(2)} s`,
    `${seconds.toFixed(2)} s`,
    Math.round(runs[0]!.pages / seconds).toLocaleString('en-US'),
    `${median(runs.map((run) => run.cpuSeconds)).toFixed(2)} s`,
    `${Math.round(median(runs.map((run) => run.peakMiB)))} MiB`,
    `${Math.round(Math.max(...runs.map((run) => run.peakMiB)))} MiB`,
  ];
}

function printTable(title: string, table: Table): void {
  const header = [
    'work',
    'pages',
    'min',
    'median',
    'pages/s (median)',
    'CPU (median)',
    'peak RSS median',
    'peak RSS max',
  ];
  const rows = [header, ...[...table].map(([label, runs]) => row(label, runs))];
  const widths = header.map((_, column) => Math.max(...rows.map((cells) => cells[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(
    `\n${title}\n\n${[
      line(header),
      `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
      ...rows.slice(1).map(line),
    ].join('\n')}`,
  );
}

/** One target's line: met or not, what it is, and the figures it was judged on. */
const verdict = (met: boolean, target: string, figures: string): string =>
  `${met ? 'met    ' : 'NOT MET'}  ${target}: ${figures}`;

/** Issue 39's targets, and a fresh clone's build against a warm one, judged on the medians of one Node version's table. */
function verdicts(table: Table): string[] {
  const lines: string[] = [];
  const judge = (target: string, figures: string, met: boolean) => lines.push(verdict(met, target, figures));
  const seconds = (label: string) => median(table.get(label)!.map((run) => run.seconds));
  const peak = (label: string) => median(table.get(label)!.map((run) => run.peakMiB));
  const ratio = (kind: string, base: string) => (seconds(kind) / seconds(base)).toFixed(2);
  const real = ['real site, new folder', 'real site, rebuild'];
  judge(
    'real site at most 0.2 x Astro 99 pages, and 150 MiB',
    `${real
      .map(
        (label) => `${label.split(', ')[1]} ${ratio(label, 'Astro, 99 city pages')}x, ${Math.round(peak(label))} MiB`,
      )
      .join('; ')}`,
    real.every((label) => seconds(label) <= 0.2 * seconds('Astro, 99 city pages') && peak(label) <= 150),
  );
  const small = ['999 city pages, new folder', '999 city pages, rebuild'];
  judge(
    '999 city pages at most 0.2 x Astro',
    small.map((label) => `${label.split(', ')[1]} ${ratio(label, 'Astro, 999 city pages')}x`).join('; '),
    small.every((label) => seconds(label) <= 0.2 * seconds('Astro, 999 city pages')),
  );
  const large = ['9,999 city pages, new folder', '9,999 city pages, rebuild'];
  judge(
    '9,999 city pages within 5.0 s and 300 MiB',
    large
      .map((label) => `${label.split(', ')[1]} ${seconds(label).toFixed(2)} s, ${Math.round(peak(label))} MiB`)
      .join('; '),
    large.every((label) => seconds(label) <= 5 && peak(label) <= 300),
  );
  const [fresh, warm] = [seconds('real site, fresh clone'), seconds('real site, new folder')];
  judge(
    "a fresh clone's first build within 1.2x of a build with every cache",
    `median fresh ${fresh.toFixed(2)} s, median with every cache (real site, new folder) ${warm.toFixed(2)} s (ratio ${(
      fresh / warm
    ).toFixed(2)})`,
    fresh <= 1.2 * warm,
  );
  if (table.has('99,999 city pages, new folder')) {
    const most = Math.max(...table.get('99,999 city pages, new folder')!.map((run) => run.peakMiB));
    judge(
      '99,999 city pages within 512 MiB',
      `${seconds('99,999 city pages, new folder').toFixed(2)} s, ${Math.round(most)} MiB`,
      most <= 512,
    );
  }
  return lines;
}

/** Our builds against Eleventy's of the same city pages, on the medians: a figure line for each size, not a target. */
function eleventyRatios(table: Table): string[] {
  const seconds = (label: string) => median(table.get(label)!.map((run) => run.seconds));
  const sizes = [
    ['99', 'real site'],
    ['999', '999 city pages'],
  ] as const;
  return sizes.map(([pages, ours]) => {
    const ratio = (kind: string) => (seconds(`${ours}, ${kind}`) / seconds(`Eleventy, ${pages} city pages`)).toFixed(2);
    return `site / Eleventy, ${pages} city pages: new folder ${ratio('new folder')}, rebuild ${ratio('rebuild')}`;
  });
}

/** Our kinds of build that `--against` runs at the ref too. */
const COMPARED = [
  'real site, fresh clone',
  'real site, new folder',
  'real site, rebuild',
  '999 city pages, new folder',
  '999 city pages, rebuild',
  '9,999 city pages, new folder',
  '9,999 city pages, rebuild',
];

/** `now` against `before` as a signed percentage: "+4.2 %". */
function change(now: number, before: number): string {
  const percent = (now / before - 1) * 100;
  return `${percent < 0 ? '-' : '+'}${Math.abs(percent).toFixed(1)} %`;
}

/** `--against`: each kind met when neither its median time nor its median peak memory is more than 10 % worse than before. */
function againstVerdicts(table: Table): string[] {
  return COMPARED.filter((kind) => table.has(kind) && table.has(`before: ${kind}`)).map((kind) => {
    const [now, before] = [table.get(kind)!, table.get(`before: ${kind}`)!];
    const [seconds, secondsBefore] = [median(now.map((run) => run.seconds)), median(before.map((run) => run.seconds))];
    const [peak, peakBefore] = [median(now.map((run) => run.peakMiB)), median(before.map((run) => run.peakMiB))];
    const figures = `median time ${seconds.toFixed(2)} s vs before ${secondsBefore.toFixed(2)} s (${change(
      seconds,
      secondsBefore,
    )}), peak memory ${Math.round(peak)} vs ${Math.round(peakBefore)} MiB (${change(peak, peakBefore)})`;
    return verdict(seconds <= 1.1 * secondsBefore && peak <= 1.1 * peakBefore, kind, figures);
  });
}

/** `site serve` on loopback, the home page under autocannon for 10 s with 50 connections. */
async function benchServe(out: string): Promise<string> {
  const port = 4400 + Math.floor(Math.random() * 500);
  const server = spawn(process.execPath, ['bin/site.mjs', 'serve', '--dir', out, '--port', String(port)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('site serve did not start within 20 s')), 20_000);
      server.stdout.on('data', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    const autocannon = benchRequire()('autocannon') as typeof import('autocannon');
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/`,
      connections: 50,
      duration: 10,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    return `site serve, home page, 50 connections for 10 s on loopback: ${Math.round(
      result.requests.average,
    ).toLocaleString(
      'en-US',
    )} requests/s on average, ${result.errors} errors, ${result.non2xx} non-2xx, p99 latency ${result.latency.p99} ms`;
  } finally {
    server.kill();
  }
}

/**
 * `site serve --watch` on a copy of the real site (its node_modules linked): a blog post saved `saves` times the way
 * vim and JetBrains IDEs save (written aside, renamed over), one second apart. Each save is timed to the reload
 * event on the live-reload stream, and to the post's page fetched again with the change, as the page reloading
 * would; the issue's target is half a second, and a third of `warmBuild` (seconds: this run's warm full build).
 */
async function benchWatch(warmBuild: number, saves = 9): Promise<string> {
  const copy = await mkdtemp(path.join(tmpdir(), 'bench-watch-'));
  for (const entry of ['bin', 'src', 'templates', 'data', 'public', 'package.json', 'tsconfig.json']) {
    await cp(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
  }
  await linkPackages(ROOT, copy);
  const server = spawn(process.execPath, ['bin/site.mjs', 'serve', '--watch', '--port', '0'], {
    cwd: copy,
    env: ENV,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  let output = '';
  let onOutput = () => {};
  /** When each reload event arrived. */
  const reloads: number[] = [];
  let onReload = () => {};
  for (const stream of [server.stdout, server.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-50_000);
      onOutput();
    });
  }
  /** Resolves when `arm`'s callback is called, or fails after `ms` naming `what`. */
  const next = (what: string, ms: number, arm: (done: () => void) => void) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`site serve --watch: no ${what} within ${ms / 1000} s:\n${output}`)),
        ms,
      );
      arm(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  try {
    await next('server', 120_000, (done) => (onOutput = () => /Serving \S+ at http/.test(output) && done()));
    const url = /Serving \S+ at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
    await new Promise<void>((resolve, reject) => {
      http
        .get(`${url}/__site/livereload`, (response) => {
          response.on('data', (chunk: Buffer) => {
            if (!chunk.toString().includes('event: reload')) return;
            reloads.push(performance.now());
            onReload();
          });
          resolve();
        })
        .on('error', reject);
    });
    const post = path.join(copy, 'data/blog/adu-planning-guide.md');
    const text = await readFile(post, 'utf8');
    const [toEvent, toPage] = [[] as number[], [] as number[]];
    for (let save = 0; save < saves; save++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const marker = `Saved for the bench, ${save}.`;
      let seen = reloads.length;
      const started = performance.now();
      await writeFile(`${post}.tmp`, `${text}\n${marker}\n`);
      await rename(`${post}.tmp`, post);
      // The first reload whose page holds the change (an earlier build may still announce itself).
      for (;;) {
        if (reloads.length === seen) await next('reload event', 30_000, (done) => (onReload = done));
        const event = reloads[seen++]!;
        if (!(await (await fetch(`${url}/blog/adu-planning-guide`)).text()).includes(marker)) continue;
        toEvent.push(event - started);
        toPage.push(performance.now() - started);
        break;
      }
    }
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const served = median(toPage);
    return [
      `site serve --watch, real site, a blog post saved ${saves} times: to the reload event median ${seconds(
        median(toEvent),
      )} (min ${seconds(Math.min(...toEvent))}), to the page reloaded median ${seconds(served)} (min ${seconds(
        Math.min(...toPage),
      )}, max ${seconds(Math.max(...toPage))})`,
      verdict(served <= 500, 'save to reload within 0.5 s', `median ${seconds(served)}`),
      verdict(
        served <= (warmBuild * 1000) / 3,
        'save to served within a third of a warm full build',
        `median ${seconds(served)}, a third of ${warmBuild.toFixed(2)} s is ${(warmBuild / 3).toFixed(2)} s`,
      ),
    ].join('\n');
  } finally {
    server.kill();
    await exited;
    await putAside(copy);
  }
}

/**
 * Issue 41: 50 phone photos encoded by `site build` (first build, image cache empty) beside @11ty/eleventy-img 6 on
 * the same photos, widths and formats, and a rebuild with the photos unchanged against the same site without them.
 */
async function benchImagesRow(): Promise<string> {
  const { benchImages } = await import('./image-bench.ts');
  return benchImages((command, args, options) => timed(command, args, options, () => NaN), {
    node: process.execPath,
    env: ENV,
    rounds: Math.min(RUNS, 2),
    rebuilds: RUNS,
  });
}

spawnSync('sync');
const dirs: string[] = [];
/** Where `--against`'s ref is checked out, in a temporary folder of its own. */
const beforeDir = AGAINST ? path.join(await mkdtemp(path.join(tmpdir(), 'bench-before-')), 'checkout') : undefined;
try {
  ensureAstro();
  ensureEleventy();
  const thisMajor = process.versions.node.split('.')[0];
  const nodes: NodeVersion[] = await Promise.all(
    MAJORS.map(async (major) => ({ major, binary: major === thisMajor ? process.execPath : await nodeBinary(major) })),
  );
  compileEngine(ROOT, nodes[0]!.binary);
  const checkouts: Checkout[] = [{ dir: ROOT, prefix: '' }];
  if (AGAINST && beforeDir) {
    await checkOut(AGAINST, beforeDir, nodes[0]!.binary);
    checkouts.push({ dir: beforeDir, prefix: 'before: ' });
  }
  const [d111, d1111] = [await generatedData(111), await generatedData(1111)];
  dirs.push(d111, d1111);
  const tables = new Map(nodes.map(({ major }) => [major, new Map() as Table]));
  const add = (major: string, label: string, run: Run) => {
    const table = tables.get(major)!;
    table.set(label, [...(table.get(label) ?? []), run]);
    process.stderr.write('.');
  };
  /** One run by each checkout, ours first, each under `label` with its prefix. */
  const byEach = async (node: NodeVersion, label: string, measure: (checkout: Checkout) => Promise<Run>) => {
    for (const checkout of checkouts) add(node.major, `${checkout.prefix}${label}`, await measure(checkout));
  };
  // A rebuild's folder per checkout, Node version and size, built once before the counted runs.
  const rebuildDirs = new Map<string, string>();
  const rebuildInto = async (node: NodeVersion, checkout: Checkout, data: string | undefined) => {
    const key = `${checkout.prefix}${node.major} ${data ?? 'real'}`;
    let out = rebuildDirs.get(key);
    if (!out) {
      out = await mkdtemp(path.join(tmpdir(), 'bench-rebuild-'));
      rebuildDirs.set(key, out);
      await ours(node.binary, checkout.dir, data, out);
    }
    return ours(node.binary, checkout.dir, data, out);
  };
  const newFolder = async (node: NodeVersion, checkout: Checkout, data: string | undefined) => {
    const out = await mkdtemp(path.join(tmpdir(), 'bench-out-'));
    const run = await ours(node.binary, checkout.dir, data, out);
    await putAside(out);
    return run;
  };
  for (let round = 0; round < RUNS; round++) {
    for (const node of nodes) {
      await byEach(node, 'real site, fresh clone', (checkout) =>
        withFreshCloneCache(
          cacheOf(checkout.dir),
          () => compileEngine(checkout.dir, node.binary),
          () => newFolder(node, checkout, undefined),
        ),
      );
      await byEach(node, 'real site, new folder', (checkout) => newFolder(node, checkout, undefined));
      await byEach(node, 'real site, rebuild', (checkout) => rebuildInto(node, checkout, undefined));
      add(node.major, 'Astro, 99 city pages', await peerBuild(astroBuildCommand, node.binary, path.join(ROOT, 'data')));
      add(
        node.major,
        'Eleventy, 99 city pages',
        await peerBuild(eleventyBuildCommand, node.binary, path.join(ROOT, 'data')),
      );
      await byEach(node, '999 city pages, new folder', (checkout) => newFolder(node, checkout, d111));
      await byEach(node, '999 city pages, rebuild', (checkout) => rebuildInto(node, checkout, d111));
      add(node.major, 'Astro, 999 city pages', await peerBuild(astroBuildCommand, node.binary, d111));
      add(node.major, 'Eleventy, 999 city pages', await peerBuild(eleventyBuildCommand, node.binary, d111));
      if (round < Math.min(RUNS, 3)) {
        await byEach(node, '9,999 city pages, new folder', (checkout) => newFolder(node, checkout, d1111));
        await byEach(node, '9,999 city pages, rebuild', (checkout) => rebuildInto(node, checkout, d1111));
      }
    }
  }
  if (HUGE) {
    const d11111 = await generatedData(11111);
    dirs.push(d11111);
    for (const node of nodes) {
      add(node.major, '99,999 city pages, new folder', await newFolder(node, checkouts[0]!, d11111));
    }
  }
  process.stderr.write('\n');
  for (const node of nodes) {
    const table = tables.get(node.major)!;
    const before = AGAINST ? ` ("before": the engine at ${AGAINST})` : '';
    printTable(
      `Node ${await versionOf(
        node.binary,
      )}: site build${before}, Astro 5 and Eleventy 3, whole processes, ${RUNS} rounds (9,999 pages: ${Math.min(RUNS, 3)})`,
      table,
    );
    console.log(`\n${verdicts(table).join('\n')}`);
    console.log(`\n${eleventyRatios(table).join('\n')}`);
    if (AGAINST) {
      console.log(`\nAgainst ${AGAINST}, each kind within 10 % of before:\n${againstVerdicts(table).join('\n')}`);
    }
  }

  // The same input gives the same output on every Node version and with any number of render threads.
  const digests = new Map<string, string[]>();
  for (const node of nodes) {
    for (const [label, data, threads] of [
      ['real site', undefined, '1'],
      ['real site', undefined, '2'],
      ['999 city pages', d111, '1'],
      ['999 city pages', d111, '2'],
    ] as const) {
      const out = await mkdtemp(path.join(tmpdir(), 'bench-same-'));
      await ours(node.binary, ROOT, data, out, ['--workers', threads]);
      digests.set(label, [
        ...(digests.get(label) ?? []),
        `Node ${node.major}, ${threads} thread${threads === '1' ? '' : 's'}: ${folderDigest(out)}`,
      ]);
      await putAside(out);
    }
  }
  for (const [label, found] of digests) {
    const same = new Set(found.map((entry) => entry.split(': ')[1])).size === 1;
    console.log(
      `\n${same ? 'met    ' : 'NOT MET'}  ${label}: byte-identical output on every Node version and thread count\n  ${found.join(
        '\n  ',
      )}`,
    );
  }
  console.log(`\n${await benchServe(rebuildDirs.get(`${nodes[0]!.major} real`)!)}`);
  // A warm full build: this run's median rebuild of the real site on the first Node version.
  const warmBuild = median(
    tables
      .get(nodes[0]!.major)!
      .get('real site, rebuild')!
      .map((run) => run.seconds),
  );
  console.log(`\n${await benchWatch(warmBuild)}`);
  console.log(`\n${await benchImagesRow()}`);
  console.log(
    `\n${await sourceLinesTable(ROOT, beforeDir && AGAINST ? { label: AGAINST, root: beforeDir } : undefined)}`,
  );
  for (const out of rebuildDirs.values()) await putAside(out);
} finally {
  if (beforeDir) {
    await removeCheckout(beforeDir).catch((error: unknown) =>
      console.error(`The checkout of ${AGAINST} in ${beforeDir} could not be removed:`, error),
    );
  }
  for (const dir of [...dirs, ...(beforeDir ? [path.dirname(beforeDir)] : []), TRASH]) {
    await rm(dir, { recursive: true, force: true });
  }
}
