// The import rules of .dependency-cruiser.cjs: the repo keeps them, and each rule is shown to catch what it names.
import { cruise, type ICruiseOptions, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, tempDir } from '../helpers/fixture.ts';

let options: ICruiseOptions;

async function cruiseTree(root: string): Promise<ICruiseResult> {
  const result = await cruise(['src', 'templates'], { ...options, baseDir: root }, {});
  if (typeof result.output === 'string') throw new Error('dependency-cruiser returned a report, not a cruise result');
  return result.output;
}

/** One line a violation: `rule: from → to`, with the whole loop for a cycle. */
function describeViolation(violation: IViolation): string {
  const to = violation.cycle?.length ? violation.cycle.map((step) => step.name).join(' → ') : violation.to;
  return `${violation.rule.name}: ${violation.from} → ${to}`;
}

/** A small tree that keeps every rule, in the file types the repo has: .ts, .tsx with JSX, .mjs, `import type`. */
const CLEAN_TREE: Record<string, string> = {
  'src/core/errors.ts': 'export class SiteError extends Error {}\nexport type Code = "A" | "B";\n',
  'src/host/files.ts':
    "import { readFileSync } from 'node:fs';\nimport type { Code } from '../core/errors.ts';\nexport const read = (file: string, code?: Code) => readFileSync(file, 'utf8') + (code ?? '');\n",
  'src/collections/records.ts':
    "import { SiteError } from '../core/errors.ts';\nexport const records = [new SiteError('x')];\n",
  'src/load/load.ts':
    "import { read } from '../host/files.ts';\nimport { records } from '../collections/records.ts';\nexport const load = () => [read('x'), records];\n",
  'src/render/page.tsx':
    "import { load } from '../load/load.ts';\nexport const Page = ({ title }: { title: string }) => <main data-n={load().length}><h1>{title}</h1></main>;\n",
  'src/serve/serve.ts':
    "import { read } from '../host/files.ts';\nimport { SiteError } from '../core/errors.ts';\nexport const serve = () => [read('x'), SiteError];\n",
  'src/client/island-runtime.ts': "import { hydrate } from './hydrate.ts';\nexport const start = () => hydrate();\n",
  'src/client/hydrate.ts': 'export const hydrate = (): number => 1;\n',
  'src/build.ts': "import { Page } from './render/page.tsx';\nexport const build = () => Page({ title: 'x' });\n",
  'src/index.ts':
    "export { build } from './build.ts';\nexport { serve } from './serve/serve.ts';\nexport type { Code } from './core/errors.ts';\n",
  'src/worker-entry.mjs': "const { build } = await import('./build.ts');\nbuild();\n",
  'templates/site.config.ts':
    "import { build, type Code } from '../src/index.ts';\nexport const site = { build, code: 'A' as Code };\n",
  'templates/pages/home.tsx':
    "import { site } from '../site.config.ts';\nimport { Card } from '../components/card.tsx';\nexport default function Home() { return <Card title={String(site.code)} />; }\n",
  'templates/components/card.tsx':
    'import { format } from \'../lib/format.mjs\';\nexport const Card = (props: { title: string }) => <div className="card">{format(props.title)}</div>;\n',
  'templates/lib/format.mjs': 'export const format = (text) => text.trim();\n',
  'data/site.json': '{ "name": "x" }\n',
};

/** Each case adds files to the clean tree (or replaces some) so that it breaks exactly one rule, once. */
const BROKEN_TREES: Array<{ name: string; files: Record<string, string>; expected: string }> = [
  {
    name: 'a file cycle in src/, closed by a type-only import in a .tsx file',
    files: {
      'src/core/a.ts': "import { b } from './b.tsx';\nexport const a = () => b;\nexport type A = number;\n",
      'src/core/b.tsx': "import type { A } from './a.ts';\nexport const b: A = (<i />, 1);\n",
    },
    expected: 'no-circular: src/core/a.ts → src/core/b.tsx → src/core/a.ts',
  },
  {
    name: 'a cycle in templates/, through a .mjs file',
    files: {
      'templates/lib/format.mjs':
        "import { unit } from './units.ts';\nexport const format = (text) => text.trim() + unit;\n",
      'templates/lib/units.ts':
        "import { format } from './format.mjs';\nexport const unit = 'px';\nexport const px = (n: number) => format(`${n}`);\n",
    },
    expected: 'no-circular: templates/lib/format.mjs → templates/lib/units.ts → templates/lib/format.mjs',
  },
  {
    name: 'a lower layer importing a higher one (core/ → render/)',
    files: { 'src/core/x.ts': "import { Page } from '../render/page.tsx';\nexport const x = Page;\n" },
    expected: 'no-higher-layer: src/core/x.ts → src/render/page.tsx',
  },
  {
    name: 'a folder importing a folder of its own layer (collections/ → host/), type-only',
    files: { 'src/collections/y.ts': "import type { read } from '../host/files.ts';\nexport type Y = typeof read;\n" },
    expected: 'no-higher-layer: src/collections/y.ts → src/host/files.ts',
  },
  {
    name: 'serve/ importing a folder other than core/ and host/',
    files: { 'src/serve/watch.ts': "import { load } from '../load/load.ts';\nexport const watch = load;\n" },
    expected: 'serve-only-core-host: src/serve/watch.ts → src/load/load.ts',
  },
  {
    name: 'client/ importing something else in src/',
    files: { 'src/client/errors.ts': "export { SiteError } from '../core/errors.ts';\n" },
    expected: 'client-only-client: src/client/errors.ts → src/core/errors.ts',
  },
  {
    name: 'a folder importing a root file of src/',
    files: { 'src/render/z.ts': "import { serve } from '../index.ts';\nexport const z = serve;\n" },
    expected: 'no-root-import: src/render/z.ts → src/index.ts',
  },
  {
    name: 'src/ importing templates/',
    files: { 'src/load/site.ts': "import { site } from '../../templates/site.config.ts';\nexport const s = site;\n" },
    expected: 'src-not-to-site: src/load/site.ts → templates/site.config.ts',
  },
  {
    name: 'src/ importing data/',
    files: {
      'src/load/names.ts': "import names from '../../data/site.json' with { type: 'json' };\nexport const n = names;\n",
    },
    expected: 'src-not-to-site: src/load/names.ts → data/site.json',
  },
  {
    name: 'a src/ folder outside the layer map',
    files: {
      'src/util/pad.ts': 'export const pad = (s: string) => ` ${s} `;\n',
      'src/build.ts':
        "import { Page } from './render/page.tsx';\nimport { pad } from './util/pad.ts';\nexport const build = () => Page({ title: pad('x') });\n",
    },
    expected: 'no-unknown-folder: src/build.ts → src/util/pad.ts',
  },
  {
    name: 'an import that does not resolve',
    files: { 'src/core/gone.ts': "export { x } from './missing.ts';\n" },
    expected: 'not-to-unresolvable: src/core/gone.ts → ./missing.ts',
  },
];

async function writeTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
}

let trees: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  options = await extractDepcruiseOptions(path.join(PROJECT_ROOT, '.dependency-cruiser.cjs'));
  trees = await tempDir('dependency-rules');
  await writeTree(path.join(trees.dir, 'clean'), CLEAN_TREE);
  for (const [i, tree] of BROKEN_TREES.entries()) {
    await writeTree(path.join(trees.dir, `broken-${i}`), { ...CLEAN_TREE, ...tree.files });
  }
});

afterAll(async () => {
  await trees?.remove();
});

describe('import rules (.dependency-cruiser.cjs)', () => {
  it('the repo keeps them: src/ and templates/ break none', async () => {
    const result = await cruiseTree(PROJECT_ROOT);
    expect(result.summary.totalCruised).toBeGreaterThan(0);
    expect(result.summary.violations.map(describeViolation)).toEqual([]);
  });

  it('a tree that keeps them passes, with every .ts, .tsx, .mjs file read and every import resolved', async () => {
    const result = await cruiseTree(path.join(trees.dir, 'clean'));
    expect(result.summary.violations.map(describeViolation)).toEqual([]);
    const dependencies = result.modules.flatMap((module) =>
      module.dependencies.map((d) => `${module.source} → ${d.resolved}`),
    );
    // One import of each kind the parser must get right: type-only, from a .tsx with JSX, from and to a .mjs.
    expect(dependencies).toEqual(
      expect.arrayContaining([
        'src/host/files.ts → src/core/errors.ts',
        'src/render/page.tsx → src/load/load.ts',
        'templates/components/card.tsx → templates/lib/format.mjs',
        'src/worker-entry.mjs → src/build.ts',
        'src/index.ts → src/core/errors.ts',
      ]),
    );
  });

  it.each(BROKEN_TREES.map((tree, i) => ({ ...tree, i })))('catches $name', async ({ i, expected }) => {
    const result = await cruiseTree(path.join(trees.dir, `broken-${i}`));
    expect(result.summary.violations.map(describeViolation)).toEqual([expected]);
  });
});
