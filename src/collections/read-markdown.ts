import { parse as parseYaml, YAMLParseError } from 'yaml';
import { SiteError } from '../core/errors.ts';

/** A Markdown file split into its front matter (parsed YAML) and its body. */
export interface MarkdownSource {
  frontMatter: unknown;
  body: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** Splits and parses a Markdown file; missing or invalid front matter is an error naming the file. */
export function parseMarkdownFile(text: string, file: string): MarkdownSource {
  const match = FRONT_MATTER.exec(text.replace(/^\uFEFF/, ''));
  if (!match) {
    throw new SiteError('DATA_FRONTMATTER_INVALID', `${file}: no front matter found.`, {
      file,
      hint: 'Start the file with a line of three dashes, the YAML fields, and another line of three dashes.',
    });
  }
  try {
    return { frontMatter: parseYaml(match[1] ?? '') ?? {}, body: text.slice(match[0].length).trim() };
  } catch (error) {
    const where = error instanceof YAMLParseError && error.linePos ? `:${error.linePos[0].line + 1}` : '';
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new SiteError('DATA_FRONTMATTER_INVALID', `${file}${where}: ${message}`, { file, cause: error });
  }
}
