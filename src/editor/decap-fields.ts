import type { FieldPresentation } from '../core/editor-options.ts';
import { SiteError } from '../core/errors.ts';
import type { JsonSchema } from './json-schema.ts';

/** A field of Decap CMS's configuration (https://decapcms.org/docs/widgets/), as far as the generator writes them. */
export interface DecapField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  /** Decap tests a non-empty value with `RegExp(pattern[0]).test(value)` and shows pattern[1] when it fails. */
  pattern?: [string, string];
  options?: string[];
  value_type?: 'int' | 'float';
  min?: number;
  max?: number;
  fields?: DecapField[];
  field?: DecapField;
  summary?: string;
  label_singular?: string;
  collapsed?: boolean;
  format?: string;
  date_format?: string;
  time_format?: boolean;
  picker_utc?: boolean;
  modes?: string[];
  choose_url?: boolean;
}

/** A rule of the schema the editor cannot hold, so only the build refuses it: where, and what zod says. */
export interface BuildOnlyRule {
  path: string;
  rule: string;
}

/** What the generator needs beyond the schema: the site's presentation, and the data to judge a text's length by. */
export interface FieldContext {
  presentation: FieldPresentation;
  /** The values of a field path in the data today (for `text`: a field that holds long copy gets several lines). */
  valuesAt(path: string): unknown[];
  /** Collects what the editor cannot check. */
  buildOnly: BuildOnlyRule[];
  /** Names the collection in an error. */
  where: string;
}

/** A text longer than this, or with a line break, is edited in a box of several lines. */
const LONG_TEXT = 80;

/** The Decap fields of an object schema's properties (`names` picks and orders them; all when omitted). */
export function fieldsOf(
  schema: JsonSchema,
  context: FieldContext,
  parent = '',
  names?: readonly string[],
): DecapField[] {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  for (const name of names ?? []) {
    if (!(name in properties)) {
      throw new SiteError(
        'EDITOR_INVALID',
        `${context.where}: the editor lists the field "${name}", which its schema does not have.`,
        { field: name, hint: `Use one of: ${Object.keys(properties).join(', ')}.` },
      );
    }
  }
  return (names ?? Object.keys(properties)).map((name) =>
    fieldOf(name, properties[name]!, required.has(name), context, parent ? `${parent}.${name}` : name),
  );
}

/** One property as a Decap field: its widget, whether it is required, and every constraint Decap can check. */
export function fieldOf(
  name: string,
  schema: JsonSchema,
  required: boolean,
  context: FieldContext,
  path: string,
): DecapField {
  const { presentation } = context;
  const base: DecapField = {
    name,
    label: presentation.labels?.[path] ?? labelOf(name),
    widget: 'string',
    ...(required ? {} : { required: false }),
  };
  const hint = presentation.hints?.[path] ?? schema.description;
  if (hint) base.hint = hint;
  for (const rule of schema['x-build-only'] ?? []) context.buildOnly.push({ path, rule });
  const widget = presentation.widgets?.[path];
  if (widget === 'hidden') return { ...base, widget: 'hidden' };
  switch (schema.type) {
    case 'object':
      return { ...base, widget: 'object', collapsed: false, fields: fieldsOf(schema, context, path) };
    case 'array':
      return listField(base, schema, context, path);
    case 'integer':
    case 'number':
      return numberField(base, schema);
    case 'boolean':
      return { ...base, widget: 'boolean' };
    case 'string':
      return stringField(base, schema, context, path, widget);
    default:
      throw new SiteError(
        'EDITOR_INVALID',
        `${context.where}: the field ${path} is a ${describe(schema)}, which the editor has no widget for.`,
        {
          field: path,
          hint: 'Leave the field out of the editor (list the fields it shows), or give it one type.',
        },
      );
  }
}

function listField(base: DecapField, schema: JsonSchema, context: FieldContext, path: string): DecapField {
  const items = schema.items ?? {};
  const list: DecapField = { ...base, widget: 'list', collapsed: true };
  const singular = context.presentation.singulars?.[path];
  if (singular) list.label_singular = singular;
  if (schema.minItems !== undefined) list.min = schema.minItems;
  if (schema.maxItems !== undefined) list.max = schema.maxItems;
  if (items.type === 'object') {
    list.fields = fieldsOf(items, context, path);
    const summary = context.presentation.summaries?.[path] ?? firstText(list.fields);
    if (summary) list.summary = summary;
    return list;
  }
  // A list of single values: each item is the one field, named after the list.
  const {
    name: _name,
    label: _label,
    required: _required,
    hint: _hint,
    ...item
  } = fieldOf(base.name, items, true, context, path);
  return { ...list, field: { name: base.name, label: base.label, ...item } };
}

function numberField(base: DecapField, schema: JsonSchema): DecapField {
  const integer = schema.type === 'integer';
  const field: DecapField = { ...base, widget: 'number', value_type: integer ? 'int' : 'float' };
  const min =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined && integer ? schema.exclusiveMinimum + 1 : undefined);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined && integer ? schema.exclusiveMaximum - 1 : undefined);
  if (min !== undefined) field.min = min;
  // zod writes the largest safe integer as the maximum of every int(): no bound worth showing.
  if (max !== undefined && max < Number.MAX_SAFE_INTEGER) field.max = max;
  return field;
}

function stringField(
  base: DecapField,
  schema: JsonSchema,
  context: FieldContext,
  path: string,
  widget: string | undefined,
): DecapField {
  if (schema.enum) return { ...base, widget: 'select', options: schema.enum.map(String) };
  if (schema.format === 'date') {
    return {
      ...base,
      widget: 'datetime',
      format: 'YYYY-MM-DD',
      date_format: 'YYYY-MM-DD',
      time_format: false,
      picker_utc: true,
    };
  }
  const pattern = patternOf(schema);
  const chosen = widget ?? schema.widget ?? (isLongText(context.valuesAt(path)) ? 'text' : 'string');
  const field: DecapField = { ...base, widget: chosen };
  if (chosen === 'markdown') field.modes = ['raw'];
  if (chosen === 'image') {
    // Decap tests a photo field's pattern on the file's name alone (images/deck.jpg is checked as deck.jpg, and a web
    // address as its last part), so the rule is the build's; the upload button offers only the photo types.
    field.choose_url = true;
    if (pattern) context.buildOnly.push({ path, rule: pattern[1] });
    return field;
  }
  if (pattern) field.pattern = pattern;
  return field;
}

/**
 * Every constraint of a string that JSON Schema states, as the one pattern Decap takes: each part a lookahead from
 * the start, so the value must pass all of them, as zod's checks must all pass. Zod tests a regex anywhere in the
 * value (RegExp.test), so each of its patterns is sought from any position; an anchored one still matches at 0 only.
 */
export function patternOf(schema: JsonSchema): [string, string] | undefined {
  const parts: string[] = [];
  const messages: string[] = [];
  const { minLength: min, maxLength: max } = schema;
  if (min !== undefined || max !== undefined) {
    parts.push(`(?=[\\s\\S]{${min ?? 0},${max ?? ''}}$)`);
    messages.push(lengthMessage(min, max));
  }
  // A required text must say something: zod's trim() runs before min(1), so a value of spaces alone fails it.
  if ((min ?? 0) > 0) parts.push('(?=[\\s\\S]*\\S)');
  const regexes = [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)].filter(
    (pattern): pattern is string => pattern !== undefined,
  );
  const said = schema['x-pattern-messages'] ?? [];
  regexes.forEach((regex, index) => {
    parts.push(`(?=[\\s\\S]*?(?:${regex}))`);
    messages.push(said[index] ?? 'not in the required form');
  });
  if (schema.format === 'uri') {
    parts.push('(?=https?://\\S+$)');
    messages.push('a web address starting with https://');
  }
  if (parts.length === 0) return undefined;
  return [`^${parts.join('')}`, [...new Set(messages)].join('; ')];
}

function lengthMessage(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) {
    return min === max ? `exactly ${min} characters` : `${min} to ${max} characters`;
  }
  if (max !== undefined) return `at most ${max} characters`;
  return min === 1 ? 'not empty' : `at least ${min} characters`;
}

function isLongText(values: readonly unknown[]): boolean {
  return values.some((value) => typeof value === 'string' && (value.length > LONG_TEXT || value.includes('\n')));
}

/** The first plain text field of a list item, for the line a collapsed item shows. */
function firstText(fields: readonly DecapField[]): string | undefined {
  const text = fields.find((field) => field.widget === 'string' || field.widget === 'text');
  return text && `{{fields.${text.name}}}`;
}

/** A field name as a label: `licenseLine` → "License line", `imageAlt` → "Image alt". */
export function labelOf(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function describe(schema: JsonSchema): string {
  if (schema.anyOf || schema.oneOf) return 'choice between shapes';
  return schema.type ? `${schema.type}` : 'value of no single type';
}
