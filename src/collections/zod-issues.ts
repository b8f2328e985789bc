import type { core } from 'zod';
import { SiteError } from '../core/errors.ts';

type Issue = core.$ZodIssue;

/** Formats a zod issue path as `services[2].faqs[0].answer` (`(root)` for the whole file). */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out || '(root)';
}

/** Turns each zod issue into a DATA_SCHEMA error that names the file, the field and the fix. */
export function schemaErrors(file: string, issues: readonly Issue[], fieldPrefix = ''): SiteError[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => {
        const field = joinField(fieldPrefix, fieldPath([...issue.path, key]));
        return new SiteError('DATA_SCHEMA', `${file}: unknown field "${field}".`, {
          file,
          field,
          hint: `Remove "${key}" or check its spelling; the schema does not know it.`,
        });
      });
    }
    const field = joinField(fieldPrefix, fieldPath(issue.path));
    return [
      new SiteError('DATA_SCHEMA', `${file}: ${field}: ${issue.message}.`, {
        file,
        field,
        hint: hintFor(issue, field),
      }),
    ];
  });
}

function joinField(prefix: string, field: string): string {
  if (!prefix) return field;
  return field === '(root)' ? prefix : field.startsWith('[') ? prefix + field : `${prefix}.${field}`;
}

function hintFor(issue: Issue, field: string): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? `Add the field "${field}" (${article(issue.expected)}).`
        : `Change "${field}" to ${article(issue.expected)}.`;
    case 'too_small':
      return `"${field}" is too small or too short: ${issue.message}.`;
    case 'too_big':
      return `"${field}" is too big or too long: ${issue.message}.`;
    case 'invalid_value':
      return `Set "${field}" to one of: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'invalid_format':
      return `Write "${field}" in the expected format (${issue.format}).`;
    default:
      return `Fix "${field}": ${issue.message}.`;
  }
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}
