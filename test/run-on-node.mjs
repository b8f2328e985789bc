#!/usr/bin/env node
// The tests on another Node version: `node test/run-on-node.mjs <major> [vitest args...]` runs
// `vitest run [args...]` from the repository's root under Node <major> (fetched once by test/node-versions.mjs),
// with CI=true, and exits with vitest's code. For example `node test/run-on-node.mjs 24 test/unit test/build`.
// vitest's worker processes and the builds the tests start run on process.execPath, so on that version too; its
// folder also goes first on PATH, for anything started as plain `node`.
//
// The bench the same way: `node test/node-versions.mjs 24 -- --import tsx test/bench/run-bench.ts`.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { nodeBinary, ROOT, runNode, versionOf } from './node-versions.mjs';

const [major, ...args] = process.argv.slice(2);
if (!major) {
  console.error(
    'Usage: node test/run-on-node.mjs <major> [vitest args...]   for example: node test/run-on-node.mjs 24 test/unit',
  );
  process.exit(2);
}
const VITEST = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
if (!existsSync(VITEST)) {
  console.error(`${VITEST} is missing: run npm ci first.`);
  process.exit(1);
}

try {
  const binary = await nodeBinary(major);
  console.log(`Running vitest on Node ${await versionOf(binary)} (${binary}): vitest run ${args.join(' ')}`.trimEnd());
  process.exitCode = await runNode(binary, [VITEST, 'run', ...args], {
    cwd: ROOT,
    env: { ...process.env, CI: 'true' },
  });
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
}
