import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { engineBundle, engineFile } from '../core/engine-files.ts';

/** Runs `site build` of one project into one folder, as often as asked, one build at a time. */
export interface Builder {
  /** Builds; resolves to true when the build succeeded and swapped its output in. */
  build(): Promise<boolean>;
  /** The build under way, if there is one: it settles when that build has swapped its output in or failed. */
  running(): Promise<boolean> | undefined;
  close(): Promise<void>;
}

/** What the build process answers a build with (build-process.mjs): the exit code and its resident memory. */
interface Done {
  code: number;
  rss: number;
}

/** A build process: `ready` once it has loaded the engine, and its resident memory after its first build. */
interface Warm {
  child: ChildProcess;
  ready: Promise<boolean>;
  firstRss?: number;
}

/**
 * Builds in a separate process that stays up between builds (build-process.mjs), so a rebuild skips starting Node
 * and loading the engine, and runs on code V8 has already optimised: a rebuild of the real site took 0.2-0.6 s of
 * CPU time against 1.3-1.5 s in a new process. It is still a process of its own, so a template that throws, exits
 * or crashes fails that build and never the server; the next build starts a new process.
 *
 * Each build compiles and imports the templates again when any file of them changed (a new content-hashed
 * folder, see load/compile-templates.ts) and reads data/ and public/ again; a module's top-level state lives on
 * only while the templates are unchanged. Every version of the templates imported stays loaded, though (about
 * 7 MiB each for the real site): once the process holds twice the memory it held after its first build, it is
 * replaced by a new one after the build.
 */
export function startBuilder(root: string, outDir: string): Builder {
  const argv = [process.execPath, 'site', 'build', '--root', root, '--out', outDir];
  let closed = false;
  let warm: Warm | undefined;
  let underWay: Promise<boolean> | undefined;
  const start = (): Warm => {
    const started = startProcess();
    // A process that exits between builds is replaced by the next build, not asked.
    started.child.once('exit', () => {
      if (warm === started) warm = undefined;
    });
    return started;
  };

  const buildOnce = async (): Promise<boolean> => {
    const current = (warm ??= start());
    const answer = (await current.ready) ? await request(current.child, argv) : undefined;
    if (!answer) {
      if (!closed) console.error('The build process stopped before the build finished.');
      return false;
    }
    current.firstRss ??= answer.rss;
    if (answer.rss > 2 * current.firstRss && !closed) {
      current.child.kill();
      // Started now, so the next build finds Node and the engine loaded.
      warm = start();
    }
    return answer.code === 0;
  };

  return {
    build() {
      const run = buildOnce().finally(() => {
        if (underWay === run) underWay = undefined;
      });
      underWay = run;
      return run;
    },
    running: () => underWay,
    async close() {
      closed = true;
      const child = warm?.child;
      warm = undefined;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    },
  };
}

/** Starts a build process; `ready` resolves once it has loaded the engine (false if it exited first). */
function startProcess(): Warm {
  // No execArgv: a server started under --inspect must not start its builds under it too.
  const child = fork(engineFile('serve/build-process.mjs'), [path.join(engineBundle(), 'cli.js')], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [],
  });
  const ready = new Promise<boolean>((resolve) => {
    child.once('message', () => resolve(true));
    child.once('exit', () => resolve(false));
    // Also keeps a failed spawn or send from throwing in the server: the build that needed it fails instead.
    child.on('error', () => resolve(false));
  });
  return { child, ready };
}

/** Sends one command line; resolves to the answer, or undefined when the process exits first. */
function request(child: ChildProcess, argv: readonly string[]): Promise<Done | undefined> {
  return new Promise((resolve) => {
    const done = (answer: Done | undefined) => {
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(answer);
    };
    const onMessage = (answer: Done | { ready: true }) => {
      if ('code' in answer) done(answer);
    };
    const onExit = () => done(undefined);
    child.on('message', onMessage);
    child.on('exit', onExit);
    if (child.exitCode !== null || child.signalCode !== null || !child.connected) return done(undefined);
    child.send({ argv });
  });
}
