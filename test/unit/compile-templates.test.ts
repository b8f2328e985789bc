import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SiteErrorList } from '../../src/core/errors.ts';
import { compileTemplates } from '../../src/load/compile-templates.ts';
import { packageOf, packageOfFile } from '../../src/load/node-bundle-options.mjs';
import { templateFiles } from '../../src/load/template-files.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';
import { emptyFoldersPerTest } from '../helpers/temp-dirs.ts';

const folder = emptyFoldersPerTest('compile-templates');

async function writeFiles(root: string, files: Record<string, string>): Promise<void> {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
}

/** A project (under test/tmp, so React resolves from the project's node_modules) with packages of its own. */
async function project(page: string): Promise<{ root: string; dirs: Parameters<typeof compileTemplates>[0] }> {
  const root = await folder();
  await writeFiles(root, {
    'templates/site.config.ts': 'export default { collections: {}, siteUrl: () => "https://example.com" };\n',
    'templates/pages/index.tsx': page,
    // Plain code in several modules: compiled in.
    'node_modules/plain-words/package.json': JSON.stringify({ name: 'plain-words', main: 'index.js' }),
    'node_modules/plain-words/index.js':
      "const { second } = require('./second.js');\nexports.words = () => 'plain ' + second;\n",
    'node_modules/plain-words/second.js': "exports.second = 'words';\n",
    // Reads a file beside its code: compiled in, it would look beside the bundle.
    'node_modules/own-data/package.json': JSON.stringify({ name: 'own-data', main: 'index.js' }),
    'node_modules/own-data/index.js':
      "const fs = require('node:fs');\nconst path = require('node:path');\nexports.greeting = () => fs.readFileSync(path.join(__dirname, 'greeting.txt'), 'utf8');\n",
    'node_modules/own-data/greeting.txt': 'hello from own-data',
    // A native addon esbuild cannot compile (here not a real one: loading it fails, which the package allows for).
    'node_modules/@scope/native/package.json': JSON.stringify({ name: '@scope/native', main: 'index.js' }),
    'node_modules/@scope/native/index.js':
      "let addon;\ntry { addon = require('./addon.node'); } catch { addon = undefined; }\nexports.native = () => (addon ? 'addon' : 'no addon');\n",
    'node_modules/@scope/native/addon.node': 'not a real addon',
  });
  const templatesDir = path.join(root, 'templates');
  return {
    root,
    dirs: {
      root,
      templatesDir,
      pagesDir: path.join(templatesDir, 'pages'),
      islandsDir: path.join(templatesDir, 'islands'),
    },
  };
}

const PAGE = `import { useId } from 'react';
import { words } from 'plain-words';
import { greeting } from 'own-data';
import { native } from '@scope/native';
export const message = () => [words(), greeting(), native()].join(' / ');
export default function Page() {
  return <p id={useId()}>{message()}</p>;
}
`;

/** The compiled modules' imports of packages, from every file of the compile. */
async function packageImportsOf(moduleFile: string): Promise<string[]> {
  const dir = path.dirname(moduleFile);
  const files = [
    ...(await readdir(dir)).filter((f) => f.endsWith('.js')),
    ...(await readdir(path.join(dir, 'chunks')).catch(() => [])).map((f) => `chunks/${f}`),
  ];
  const texts = await Promise.all(files.map((file) => readFile(path.join(dir, file), 'utf8')));
  return [...new Set(texts.flatMap((text) => [...text.matchAll(/from "([^".][^"]*)"/g)].map((m) => m[1]!)))].sort();
}

describe('the templates compile', () => {
  it('compiles packages in, but React and the packages that need their own files or cannot be compiled', async () => {
    const { root, dirs } = await project(PAGE);
    const compiled = await compileTemplates(dirs, await templateFiles(dirs), path.join(root, 'engine-index.js'));
    const page = compiled[path.join(dirs.pagesDir, 'index.tsx')]!;
    expect(await packageImportsOf(page)).toEqual(['@scope/native', 'own-data', 'react', 'react/jsx-runtime']);
    const module = (await import(pathToFileURL(page).href)) as { message(): string };
    expect(module.message()).toBe('plain words / hello from own-data / no addon');
  });

  it('still names the template and line of a compile error', async () => {
    const { root, dirs } = await project("import { missing } from 'no-such-package';\nexport default () => missing;\n");
    const error = await compileTemplates(dirs, await templateFiles(dirs), path.join(root, 'engine-index.js')).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SiteErrorList);
    expect((error as SiteErrorList).errors.map((e) => [e.code, e.file])).toEqual([
      ['TEMPLATE_LOAD_FAILED', path.join('templates', 'pages', 'index.tsx')],
    ]);
    expect((error as SiteErrorList).errors[0]!.message).toMatch(
      /^templates\/pages\/index\.tsx:1:\d+ failed to compile: Could not resolve "no-such-package"/,
    );
  });
});

describe('the templates compile, reused and redirected', () => {
  it('compiles every module once, a folder named by the output, reused while no file that went in changes', async () => {
    const { dirs } = await project(PAGE);
    await writeFiles(dirs.root, {
      'templates/islands/widget.tsx': 'export default function Widget() { return <b>w</b>; }\n',
    });
    const files = await templateFiles(dirs);
    const engine = path.join(dirs.root, 'engine-index.js');
    const compiled = await compileTemplates(dirs, files, engine);
    expect(Object.keys(compiled).sort()).toEqual(
      [
        path.join(dirs.templatesDir, 'site.config.ts'),
        path.join(dirs.pagesDir, 'index.tsx'),
        path.join(dirs.islandsDir, 'widget.tsx'),
      ].sort(),
    );
    const folderOf = (result: Record<string, string>) => path.dirname(result[path.join(dirs.pagesDir, 'index.tsx')]!);
    expect(await compileTemplates(dirs, files, engine)).toEqual(compiled);
    // A package file that went in changes: compiled again, into another folder.
    await writeFile(path.join(dirs.root, 'node_modules/plain-words/second.js'), "exports.second = 'changed';\n");
    const again = await compileTemplates(dirs, files, engine);
    expect(folderOf(again)).not.toBe(folderOf(compiled));
    const module = (await import(pathToFileURL(again[path.join(dirs.pagesDir, 'index.tsx')]!).href)) as {
      message(): string;
    };
    expect(module.message()).toBe('plain changed / hello from own-data / no addon');
  });

  it('sends the templates’ imports of the engine to the running engine, and refuses an import of its inner modules', async () => {
    const { root, dirs } = await project('export default () => null;\n');
    const engineFromPages = path.relative(dirs.pagesDir, path.join(PROJECT_ROOT, 'src'));
    await writeFiles(root, {
      'templates/pages/index.tsx': `import { defineSite } from '${engineFromPages}/index.ts';\nexport const site = defineSite({});\nexport default () => null;\n`,
    });
    const engine = path.join(root, 'engine-index.mjs');
    await writeFile(engine, 'export const defineSite = () => "the running engine";\n');
    const compiled = await compileTemplates(dirs, await templateFiles(dirs), engine);
    const page = (await import(pathToFileURL(compiled[path.join(dirs.pagesDir, 'index.tsx')]!).href)) as {
      site: string;
    };
    expect(page.site).toBe('the running engine');

    await writeFiles(root, {
      'templates/pages/inner.tsx': `import { byCodeUnits } from '${engineFromPages}/core/text.ts';\nexport default () => byCodeUnits('a', 'b');\n`,
    });
    const error = await compileTemplates(dirs, await templateFiles(dirs), engine).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteErrorList);
    expect((error as SiteErrorList).errors.map((e) => [e.code, e.file])).toEqual([
      ['TEMPLATE_LOAD_FAILED', path.join('templates', 'pages', 'inner.tsx')],
    ]);
    expect((error as SiteErrorList).errors[0]!.message).toContain(
      `Templates import the engine through src/index.ts only, not ${path.relative(
        root,
        path.join(PROJECT_ROOT, 'src/core/text.ts'),
      )}.`,
    );
  });
});

describe('package names', () => {
  it('are read from imports and from file paths, scoped ones included', () => {
    expect(
      ['zod', 'zod/mini', '@emailjs/browser', '@scope/pkg/deep/file.js', './local', '/abs/file', 'node:fs'].map(
        packageOf,
      ),
    ).toEqual(['zod', 'zod', '@emailjs/browser', '@scope/pkg', undefined, undefined, undefined]);
    expect(
      [
        'node_modules/zod/v4/core/schemas.js',
        '../../node_modules/@scope/native/index.js',
        '/p/node_modules/a/node_modules/b/x.js',
        'templates/pages/index.tsx',
      ].map(packageOfFile),
    ).toEqual(['zod', '@scope/native', 'b', undefined]);
  });
});
