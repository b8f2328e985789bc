import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import path from 'node:path';
import { PROJECT_ROOT } from '../fixture.ts';

// Finds the project's .htmlvalidate.mjs the way `npx html-validate dist` does, from the file's folder up.
const validator = new HtmlValidate(new FileSystemConfigLoader());

/** html-validate's findings for one built page, as "file:line:column rule message". */
export async function htmlProblems(html: string, file: string): Promise<string[]> {
  const report = await validator.validateString(html, path.join(PROJECT_ROOT, 'dist', file));
  return report.results.flatMap((result) =>
    result.messages.map((m) => `${file}:${m.line}:${m.column} ${m.ruleId} ${m.message}`),
  );
}
