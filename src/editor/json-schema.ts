import * as z from 'zod';

/** The part of JSON Schema (draft 2020-12, as zod writes it) that the editor's fields are made from. */
export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  description?: string;
  /** The editor widget a schema asks for in its zod metadata: `.meta({ widget: 'image' })`. */
  widget?: string;
  /** Each `pattern` of the node (its own, then allOf's) with the message zod gives when it fails. */
  'x-pattern-messages'?: string[];
  /** What zod checks that no JSON Schema keyword says (a refinement): the messages, in order. */
  'x-build-only'?: string[];
}

/** One zod check as zod 4 keeps it (`schema._zod.def.checks`), as far as the editor reads it. */
interface ZodCheckDefinition {
  check?: string;
  format?: string;
  error?: ((issue: { code: string; input: unknown }) => unknown) | string;
}

/**
 * A zod schema as JSON Schema for the input the schema accepts (a transform's input side), with each regex check's
 * message and each refinement's message kept beside it: JSON Schema has no words for them, and the editor shows them.
 * The messages are read from zod 4's definitions (`_zod.def`), the part of zod it documents for tools built on it.
 */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    io: 'input',
    // A refinement is not expressible in JSON Schema: it is kept as a build-only rule (see x-build-only).
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const checks = (
        (zodSchema as unknown as { _zod: { def: { checks?: { _zod: { def: ZodCheckDefinition } }[] } } })._zod.def
          .checks ?? []
      ).map((check) => check._zod.def);
      const patterns = checks
        .filter((check) => check.check === 'string_format' && check.format === 'regex')
        .map(messageOf);
      const refinements = checks.filter((check) => check.check === 'custom').map(messageOf);
      const node = jsonSchema as JsonSchema;
      if (patterns.length > 0) node['x-pattern-messages'] = patterns;
      if (refinements.length > 0) node['x-build-only'] = refinements;
    },
  }) as JsonSchema;
}

function messageOf(check: ZodCheckDefinition): string {
  const error =
    typeof check.error === 'function' ? check.error({ code: check.check ?? 'custom', input: undefined }) : check.error;
  return typeof error === 'string' && error ? error : 'not in the required form';
}
