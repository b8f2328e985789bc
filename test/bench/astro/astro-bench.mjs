#!/usr/bin/env node
// Astro 5 building our city-service landing pages, for the bench to time beside our engine (see README.md here).
// Plain JavaScript with Node's own modules only, so any Node binary runs it.
//
//   node test/bench/astro/astro-bench.mjs [--data DIR] [--out DIR] [--node PATH] [--runs N] [--keep]
//
// installs the Astro project's dependencies if needed, builds once (or N times) as a whole process, and prints
// the wall seconds and the page count of each build.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository whose templates and data Astro renders. */
export const repoRoot = path.resolve(here, '../../..');
/** The Astro project as kept in the repository: package.json, astro.config.mjs, src/. */
export const projectDir = path.join(here, 'site');
const MARKER = '.site-bench-installed';

/** Where a bench project is installed: node_modules/.cache/site-bench/<name>-<first 12 hex of sha256(package.json)>. */
export function installedDir(project = projectDir, name = 'astro') {
  const digest = createHash('sha256')
    .update(readFileSync(path.join(project, 'package.json')))
    .digest('hex')
    .slice(0, 12);
  return path.join(repoRoot, 'node_modules/.cache/site-bench', `${name}-${digest}`);
}

/** Where the Astro project is installed. */
export const astroDir = () => installedDir();

/**
 * Installs a bench project's package.json once: copies it into installedDir() and runs `npm install --no-audit
 * --no-fund` there (from the registry; into a temporary folder renamed into place, so an interrupted install is not
 * reused). An installed folder is reused. Returns the folder.
 */
export function ensureInstalled({
  project = projectDir,
  name = 'astro',
  log = (line) => process.stderr.write(`${line}\n`),
  npm = 'npm',
} = {}) {
  const dir = installedDir(project, name);
  if (!existsSync(path.join(dir, MARKER))) {
    mkdirSync(path.dirname(dir), { recursive: true });
    const staging = mkdtempSync(`${dir}.install-`);
    try {
      cpSync(path.join(project, 'package.json'), path.join(staging, 'package.json'));
      log(`site-bench: installing ${name} into ${path.relative(repoRoot, dir)} (npm install, once)`);
      const started = performance.now();
      const result = spawnSync(
        npm,
        ['install', '--no-audit', '--no-fund', '--no-update-notifier', '--loglevel=error'],
        {
          cwd: staging,
          stdio: ['ignore', 'inherit', 'inherit'],
          env: { ...process.env, npm_config_update_notifier: 'false', ASTRO_TELEMETRY_DISABLED: '1' },
        },
      );
      if (result.error) throw result.error;
      if (result.status !== 0) throw new Error(`npm install failed in ${staging} (exit ${result.status})`);
      writeFileSync(path.join(staging, MARKER), `${new Date().toISOString()}\n`);
      if (existsSync(path.join(dir, MARKER))) {
        // Another process installed it meanwhile, and may be using it.
        rmSync(staging, { recursive: true, force: true });
      } else {
        rmSync(dir, { recursive: true, force: true });
        renameSync(staging, dir);
      }
      log(`site-bench: installed ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw error;
    }
  }
  return dir;
}

/**
 * Installs the Astro project once (ensureInstalled); its own files (astro.config.mjs, src/) are copied again on every
 * call, so an edit to them needs no new install. Returns the folder.
 */
export function ensureAstro(options = {}) {
  const dir = ensureInstalled(options);
  syncSources(projectDir, dir, ['astro.config.mjs', 'src']);
  return dir;
}

/** Copies a peer project's own files (`names`, such as its config and src/) into its installed folder, when they differ. */
export function syncSources(project, dir, names) {
  for (const name of names) {
    const from = path.join(project, name);
    const to = path.join(dir, name);
    if (sameTree(from, to)) continue;
    rmSync(to, { recursive: true, force: true });
    cpSync(from, to, { recursive: true });
  }
}

function sameTree(a, b) {
  if (!existsSync(b)) return false;
  const aDir = readdirSafe(a);
  const bDir = readdirSafe(b);
  if (aDir === undefined || bDir === undefined) return aDir === bDir && readFileSync(a).equals(readFileSync(b));
  return (
    aDir.length === bDir.length &&
    aDir.every((name, index) => name === bDir[index] && sameTree(path.join(a, name), path.join(b, name)))
  );
}

function readdirSafe(file) {
  try {
    return readdirSync(file).sort();
  } catch (error) {
    if (error.code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/**
 * How to build the Astro project once, as one process the caller times: `spawn(command, args, { cwd, env })`.
 * `data` is the data folder (default: the repository's data/), `outDir` where the pages go (emptied by Astro
 * first), `node` the Node binary (default: this one). `silent` passes Astro's --silent (no line per page).
 * Call ensureAstro() first.
 */
export function astroBuildCommand({
  data = path.join(repoRoot, 'data'),
  outDir,
  node = process.execPath,
  silent = false,
  dir = astroDir(),
} = {}) {
  if (!outDir) throw new Error('astroBuildCommand: outDir is required');
  return {
    command: node,
    args: [path.join(dir, 'node_modules/astro/astro.js'), 'build', ...(silent ? ['--silent'] : [])],
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ASTRO_TELEMETRY_DISABLED: '1',
      BENCH_REPO: repoRoot,
      BENCH_DATA: path.resolve(data),
      BENCH_OUT: path.resolve(outDir),
    },
  };
}

/** The HTML files a build wrote (build.format 'file': one file per page). */
export function countPages(outDir) {
  let count = 0;
  for (const entry of readdirSync(outDir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) count++;
  }
  return count;
}

/** Runs one build; resolves with its wall seconds, its exit code and the tail of its output. */
export function runAstroBuild(options) {
  const { command, args, cwd, env } = astroBuildCommand(options);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code, signal) =>
      resolve({ seconds: (performance.now() - started) / 1000, code: code ?? signal, output }),
    );
  });
}

function parseArgs(argv) {
  const options = {
    data: path.join(repoRoot, 'data'),
    out: undefined,
    node: process.execPath,
    runs: 1,
    keep: false,
    silent: false,
  };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    const value = () => {
      const next = argv[++index];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--data') options.data = value();
    else if (arg === '--out') options.out = value();
    else if (arg === '--node') options.node = value();
    else if (arg === '--runs') options.runs = Number(value());
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--silent') options.silent = true;
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write(
        'node test/bench/astro/astro-bench.mjs [--data DIR] [--out DIR] [--node PATH] [--runs N] [--keep] [--silent]\n',
      );
      process.exit(0);
    } else throw new Error(`unknown argument ${arg}`);
  }
  return options;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const dir = ensureAstro();
  const version = spawnSync(options.node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const astroVersion = JSON.parse(readFileSync(path.join(dir, 'node_modules/astro/package.json'), 'utf8')).version;
  const outDir = options.out ? path.resolve(options.out) : mkdtempSync(path.join(os.tmpdir(), 'astro-bench-out-'));
  process.stdout.write(`Astro ${astroVersion} on Node ${version}, data ${path.resolve(options.data)}, out ${outDir}\n`);
  let failed = false;
  for (let run = 1; run <= options.runs; run++) {
    const result = await runAstroBuild({ data: options.data, outDir, node: options.node, silent: options.silent, dir });
    if (result.code !== 0) {
      process.stderr.write(`${result.output}\nastro build failed (exit ${result.code})\n`);
      failed = true;
      break;
    }
    process.stdout.write(`run ${run}: ${result.seconds.toFixed(2)} s wall, ${countPages(outDir)} pages\n`);
  }
  if (!options.out && !options.keep) rmSync(outDir, { recursive: true, force: true });
  process.exitCode = failed ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`astro-bench: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
