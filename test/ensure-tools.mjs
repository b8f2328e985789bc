#!/usr/bin/env node
// Part of `npm test`: the browser tests drive Debian's Chromium, and the W3C Nu HTML Checker (vnu.jar, from the
// registry's vnu-jar) runs on Java. Install each when it is missing (as root, through apt-get), otherwise say how.
// Never a tool's own download (a test tool's browser, vnu-jar's Java): those fail on these machines.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command, args) {
  execFileSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** The Debian packages to install: each tool that is missing, by the package that gives it. */
const missing = [
  ...(existsSync(CHROMIUM) ? [] : [{ tool: `Chromium at ${CHROMIUM}`, apt: 'chromium' }]),
  ...(spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0
    ? []
    : [{ tool: 'Java (for the W3C Nu HTML Checker)', apt: 'default-jre-headless' }]),
];

if (missing.length) {
  const packages = missing.map(({ apt }) => apt);
  if (process.getuid?.() !== 0) {
    console.error(
      `${missing.map(({ tool }) => tool).join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing. Install with: sudo apt-get install -y ${packages.join(' ')}`,
    );
    process.exit(1);
  }
  console.log(`Installing for the tests: apt-get install -y ${packages.join(' ')}...`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', ...packages]);
}
