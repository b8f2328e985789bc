import { SiteError } from '../core/errors.ts';
import { jsonErrorOffset } from './json-error-position.ts';

/** Parses JSON text; a syntax error becomes DATA_JSON_INVALID with the line and column. */
export function parseJsonFile(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const where = positionOf(message, text);
    throw new SiteError('DATA_JSON_INVALID', `${file}${where ? `:${where.line}:${where.column}` : ''}: ${message}`, {
      file,
      cause: error,
    });
  }
}

/** V8 reports "at position N" for some errors and nothing for others; then the offset is found by scanning. */
function positionOf(message: string, text: string): { line: number; column: number } | undefined {
  const pos = /position (\d+)/.exec(message);
  const offset = pos ? Number(pos[1]) : jsonErrorOffset(text);
  if (offset === undefined) return undefined;
  const before = text.slice(0, offset);
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}
