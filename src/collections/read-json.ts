// Its ES module build (the package's `module`): the engine bundle cannot follow the UMD build's `require` calls.
import { parse, type ParseError } from 'jsonc-parser/lib/esm/main.js';
import { SiteError } from '../core/errors.ts';

/** Parses JSON text; a syntax error becomes DATA_JSON_INVALID with the line and column. */
export function parseJsonFile(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SiteError('DATA_JSON_INVALID', `${file}${lineAndColumn(message, text)}: ${message}`, {
      file,
      cause: error,
    });
  }
}

/**
 * `:line:column` of a syntax error. V8 says "at position N" for most, but nothing for "Unexpected token" and
 * "Unexpected end of JSON input": then jsonc-parser, held to strict JSON, finds the first error.
 */
function lineAndColumn(message: string, text: string): string {
  const position = /position (\d+)/.exec(message)?.[1];
  const errors: ParseError[] = [];
  if (position === undefined) {
    parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  }
  const offset = position === undefined ? errors[0]?.offset : Number(position);
  if (offset === undefined) return '';
  const lines = text.slice(0, offset).split('\n');
  return `:${lines.length}:${lines.at(-1)!.length + 1}`;
}
