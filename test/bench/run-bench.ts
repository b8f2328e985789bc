// `npm run bench`: how fast `site build` is and how much memory it takes, on these machines, as a table of
// min and median over several cold runs. Not part of `npm test`: figures vary with the machine, so they are
// printed, never asserted.
//
//   real site        the shipped data/ (about 125 pages)
//   111 cities       generated data with 111 cities x 9 services (999 city-service pages)
//   1,111 cities     generated data with 1,111 cities (9,999 city-service pages)
//   11,111 cities    only with BENCH_HUGE=1: 99,999 city-service pages, one run of each kind (about 3 GB written)
//   serve            `site serve` answering the home page under autocannon on loopback
//
// Each build is a fresh `node bin/site.mjs build` child, timed from spawn to exit, its peak resident memory and
// its CPU time (user and system, every thread: the work done, which varies less than the wall time on a shared
// machine) read from /usr/bin/time when the machine has it. Each size is measured in these kinds of build:
//   first build      generated data only: the first build of a new data folder, into a new output folder. The
//                    build keeps records of what it validated and measured, keyed by content (see
//                    src/data/validated-files.ts and src/output/budget-figures.ts); this one has none yet. The
//                    first is the generated folder's own; each other run builds a new copy of it.
//   new folder       into an empty output folder, with no spare output (a first build, as in CI)
//   rebuild          into the same output folder again, as a site owner's next `site build` (it writes over the
//                    spare output the build before kept, see src/output/spare-output.ts)
// Under the table, issue 11's targets are judged on the medians, a first build's against its size's time.
//
// Nothing the bench is done with is deleted before the last build: it is moved aside, and deleted at the end.
// These machines' ext4 has no journal, and without one the kernel gives a new file no inode freed in the last
// 60 s (360 s while its inode table is not yet written back, `recently_deleted` in fs/ext4/ialloc.c): each
// new file scans past every such inode. Deleting one 10,026-page output before the next build made that
// build's 10,000 file creations take 6-7 s of kernel time instead of about 1 s: the bench measured its own
// cleanup. A first build in CI, into a fresh clone, has deleted nothing. For the same reason the bench starts
// with `sync`, so what was deleted just before it (a test run, an earlier bench) weighs on its new files for a
// minute at most, not six; a bench run right after deleting many files still shows slower new-folder builds.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SIZES = process.env.BENCH_HUGE === '1' ? [111, 1111, 11111] : [111, 1111];
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
// Where a build keeps the output it replaced (cacheFolder in src/compile/build-cache.ts).
const SPARE = path.join(ROOT, 'node_modules/.cache/site/spare-output');
/** Where finished output folders wait, deleted after the last build (see the top of this file). */
const TRASH = await mkdtemp(path.join(tmpdir(), 'bench-trash-'));
let trashed = 0;

/** Moves `dir` out of the way, if it exists; deleted at once only where it cannot be moved (another file system). */
async function putAside(dir: string): Promise<void> {
  try {
    await rename(dir, path.join(TRASH, String(trashed++)));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    if (code !== 'EXDEV') throw error;
    await rm(dir, { recursive: true, force: true });
  }
}

interface Run {
  seconds: number;
  /** User and system CPU time of the build's process, all its threads: the work done, whatever ran at once. */
  cpuSeconds: number;
  peakMiB: number;
  pages: number;
}

/** One cold build in its own process, into `out`. */
async function buildOnce(args: string[], out: string): Promise<Run> {
  const command = TIME ? [TIME, ['-f', '__PEAK_KB__ %M __CPU__ %U %S', process.execPath, 'bin/site.mjs', 'build', '--out', out, ...args]] as const : [process.execPath, ['bin/site.mjs', 'build', '--out', out, ...args]] as const;
  const started = process.hrtime.bigint();
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(command[0], [...command[1]], { cwd: ROOT, env: { ...process.env, CI: 'true', SOURCE_DATE_EPOCH: '1767225600' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`build exited with ${code}:\n${text}`))));
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const peakKb = Number(/__PEAK_KB__ (\d+)/.exec(output)?.[1] ?? NaN);
  const cpu = /__CPU__ ([\d.]+) ([\d.]+)/.exec(output);
  const cpuSeconds = cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN;
  const pages = Number(/site build: ([\d,]+) pages/.exec(output)?.[1]?.replace(/,/g, '') ?? NaN);
  return { seconds, cpuSeconds, peakMiB: peakKb / 1024, pages };
}

/**
 * A data folder with `count` generated cities: each a copy of Palo Alto's facts and city-service records under a
 * new one-word id and name, so every one of its pages renders the same amount of real content.
 */
async function generatedData(count: number): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `bench-data-${count}-`));
  await cp(path.join(ROOT, 'data'), dir, { recursive: true });
  const modelCity = await readFile(path.join(dir, 'cities/palo-alto.json'), 'utf8');
  const modelServices = await readFile(path.join(dir, 'city-services/palo-alto.json'), 'utf8');
  const landing = JSON.parse(await readFile(path.join(dir, 'landing-pages.json'), 'utf8')) as { cities: string[] };
  const generated: string[] = [];
  for (let i = landing.cities.length; i < count; i++) {
    const id = `benchtown${i}`;
    // At most five characters longer than "Palo Alto", so every description stays within its 160 characters.
    const name = i < 10_000 ? `Benchtown ${i}` : `Bench ${i}`;
    const rename = (text: string) => text.replaceAll('Palo Alto', name).replaceAll('palo-alto', id);
    await writeFile(path.join(dir, `cities/${id}.json`), rename(modelCity));
    await writeFile(path.join(dir, `city-services/${id}.json`), rename(modelServices));
    generated.push(id);
  }
  await writeFile(path.join(dir, 'landing-pages.json'), JSON.stringify({ ...landing, cities: [...landing.cities, ...generated] }));
  return dir;
}

/** The median of a measure over runs (the upper middle one of an even count). */
function median(runs: readonly Run[], measure: (run: Run) => number): number {
  const values = runs.map(measure).sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)]!;
}

/** How one kind of build went: its runs, and the table row they make. */
interface Measured {
  label: string;
  runs: Run[];
}

function summary({ label, runs }: Measured): string[] {
  const least = (measure: (run: Run) => number) => Math.min(...runs.map(measure));
  const pages = runs[0]!.pages;
  const seconds = median(runs, (run) => run.seconds);
  return [
    label,
    pages.toLocaleString('en-US'),
    `${least((run) => run.seconds).toFixed(2)} s`,
    `${seconds.toFixed(2)} s`,
    Math.round(pages / seconds).toLocaleString('en-US'),
    `${median(runs, (run) => run.cpuSeconds).toFixed(2)} s`,
    `${Math.round(least((run) => run.peakMiB))} MiB`,
    `${Math.round(median(runs, (run) => run.peakMiB))} MiB`,
  ];
}

/** The kinds of build measured at one size (see the top of this file). */
interface SizeRuns {
  /** The first build of a data folder: no record of its data or its pages' figures kept yet. */
  first?: Measured;
  fresh: Measured;
  again: Measured;
}

/**
 * Measures one size. `newData`, for generated data: the arguments of a new copy of its data folder, with no
 * records kept of it yet, for each first build after the one of the folder itself.
 */
async function bench(label: string, args: string[], runs: number, newData?: () => Promise<string[]>): Promise<SizeRuns> {
  const newFolder = async (buildArgs = args): Promise<Run> => {
    await putAside(SPARE);
    const out = await mkdtemp(path.join(tmpdir(), 'bench-out-'));
    const run = await buildOnce(buildArgs, out);
    await putAside(out);
    process.stderr.write('.');
    return run;
  };
  const measured: SizeRuns = { fresh: { label: `${label}, new folder`, runs: [] }, again: { label: `${label}, rebuild`, runs: [] } };
  if (newData) {
    // One run would judge a target on a single figure, and these machines' speed varies by a tenth or more.
    const first: Measured = { label: `${label}, first build of its data`, runs: [await newFolder()] };
    for (let i = 1; i < runs; i++) first.runs.push(await newFolder(await newData()));
    measured.first = first;
  }
  for (let i = 0; i < runs; i++) measured.fresh.runs.push(await newFolder());
  const out = await mkdtemp(path.join(tmpdir(), 'bench-out-'));
  try {
    // Not counted: the first makes the output, the second keeps it as the spare the counted ones write over.
    for (let i = 0; i < 2; i++) await buildOnce(args, out);
    for (let i = 0; i < runs; i++) {
      measured.again.runs.push(await buildOnce(args, out));
      process.stderr.write('.');
    }
    return measured;
  } finally {
    await putAside(out);
    // The next size's first build starts with no spare output, as its new-folder runs do.
    await putAside(SPARE);
  }
}

/**
 * Issue 11's targets, each judged on the medians of the table: met or not, with the figures. Peak memory "does
 * not grow with the site" is read as each tenfold size peaking at most 1.5 times the one below it. A generated
 * data folder's first build is judged against its size's time on the median of its runs.
 */
function verdicts(bySize: ReadonlyMap<number, SizeRuns>): string[] {
  const lines: string[] = [];
  const judge = (target: string, figures: string, met: boolean) => lines.push(`${met ? 'met    ' : 'NOT MET'}  ${target}: ${figures}`);
  const seconds = (m: Measured) => median(m.runs, (run) => run.seconds);
  const peak = (m: Measured) => median(m.runs, (run) => run.peakMiB);
  const kinds = (size: SizeRuns) => [size.fresh, size.again];
  const within = (size: SizeRuns, limit: number, measure: (m: Measured) => number, unit: string) => ({
    figures: kinds(size).map((m) => `${m.label.split(', ').at(-1)} ${measure(m).toFixed(unit === 's' ? 2 : 0)} ${unit}`).join(', '),
    met: kinds(size).every((m) => measure(m) <= limit),
  });
  const real = bySize.get(0);
  if (real) {
    const time = within(real, 0.6, seconds, 's');
    const memory = within(real, 150, peak, 'MiB');
    judge('real site within 0.6 s and 150 MiB', `${time.figures}; ${memory.figures}`, time.met && memory.met);
  }
  const small = bySize.get(111);
  if (small) {
    const time = within(small, 1.0, seconds, 's');
    judge('999 city pages within 1.0 s', time.figures, time.met);
  }
  const large = bySize.get(1111);
  if (large) {
    const time = within(large, 4.0, seconds, 's');
    const memory = within(large, 300, peak, 'MiB');
    judge('9,999 city pages within 4.0 s and 300 MiB', `${time.figures}; ${memory.figures}`, time.met && memory.met);
  }
  for (const [size, below] of [[1111, 111], [11111, 1111]] as const) {
    const upper = bySize.get(size);
    const lower = bySize.get(below);
    if (!upper || !lower) continue;
    const ratios = [0, 1].map((kind) => peak(kinds(upper)[kind]!) / peak(kinds(lower)[kind]!));
    judge(
      `peak memory at ${upper.fresh.runs[0]!.pages.toLocaleString('en-US')} pages at most 1.5 times that at ${lower.fresh.runs[0]!.pages.toLocaleString('en-US')}`,
      ratios.map((ratio, kind) => `${kinds(upper)[kind]!.label.split(', ').at(-1)} ${ratio.toFixed(2)}`).join(', '),
      ratios.every((ratio) => ratio <= 1.5),
    );
  }
  // A data folder's first build is cold in a stricter sense than the others (no record of its data or its pages'
  // figures yet), so it is judged against its size's time too.
  const timeLines = new Map<number, number>([[111, 1.0], [1111, 4.0]]);
  for (const [size, { first }] of bySize) {
    if (!first) continue;
    const figures = `${seconds(first).toFixed(2)} s, ${Math.round(peak(first))} MiB (${first.runs.length === 1 ? 'one run' : `median of ${first.runs.length} runs`})`;
    const line = timeLines.get(size);
    const label = `first build of the ${size.toLocaleString('en-US')}-city data, no records of it kept yet`;
    if (line === undefined) lines.push(`         ${label}: ${figures}`);
    else judge(`${label}, within ${line.toFixed(1)} s`, figures, seconds(first) <= line);
  }
  return lines;
}

/** `site serve` on loopback, the home page under autocannon for 10 s with 50 connections. */
async function benchServe(): Promise<string> {
  const out = await mkdtemp(path.join(tmpdir(), 'bench-serve-'));
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/site.mjs', 'build', '--out', out], { cwd: ROOT, env: { ...process.env, CI: 'true' }, stdio: 'ignore' });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`build exited with ${code}`))));
  });
  const port = 4400 + Math.floor(Math.random() * 500);
  const server = spawn(process.execPath, ['bin/site.mjs', 'serve', '--dir', out, '--port', String(port)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('site serve did not start within 20 s')), 20_000);
      server.stdout.on('data', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    const result = await autocannon({ url: `http://127.0.0.1:${port}/`, connections: 50, duration: 10, headers: { 'accept-encoding': 'br, gzip' } });
    return `site serve, home page, 50 connections for 10 s on loopback: ${Math.round(result.requests.average).toLocaleString('en-US')} requests/s on average (${Math.round(result.requests.p50).toLocaleString('en-US')} median), ${result.errors} errors, ${result.non2xx} non-2xx, p99 latency ${result.latency.p99} ms`;
  } finally {
    server.kill();
    await rm(out, { recursive: true, force: true });
  }
}

if (existsSync('/usr/bin/sync') || existsSync('/bin/sync')) spawnSync('sync');

const header = ['work', 'pages', 'min', 'median', 'pages/s (median)', 'CPU (median)', 'peak RSS min', 'peak RSS median'];
const bySize = new Map<number, SizeRuns>();
const dirs: string[] = [];
try {
  bySize.set(0, await bench('real site', [], RUNS));
  for (const count of SIZES) {
    const dir = await generatedData(count);
    dirs.push(dir);
    const newData = async () => {
      const copy = await mkdtemp(path.join(tmpdir(), `bench-data-${count}-`));
      dirs.push(copy);
      await cp(dir, copy, { recursive: true });
      return ['--data', copy];
    };
    bySize.set(count, await bench(`${count.toLocaleString('en-US')} cities (--data)`, ['--data', dir], count > 5000 ? 1 : count > 500 ? Math.min(RUNS, 3) : RUNS, newData));
  }
  process.stderr.write('\n');
  const rows = [header, ...[...bySize.values()].flatMap(({ first, fresh, again }) => [first, fresh, again].flatMap((m) => (m ? [summary(m)] : [])))];
  const widths = header.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`site build, cold, ${RUNS} runs (${Math.min(RUNS, 3)} at 1,111 cities${SIZES.includes(11111) ? ', 1 at 11,111' : ''}); CPU time and peak RSS from ${TIME ? '/usr/bin/time' : 'nowhere (no /usr/bin/time)'}\n`);
  console.log([line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n'));
  console.log(`\nTargets (medians of new-folder builds, of rebuilds, and of a data folder's first builds):\n${verdicts(bySize).join('\n')}`);
  console.log(`\n${await benchServe()}`);
} finally {
  for (const dir of [...dirs, TRASH]) await rm(dir, { recursive: true, force: true });
}
