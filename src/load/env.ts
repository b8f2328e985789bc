import { SiteError, SiteErrorList } from '../core/errors.ts';
import type { EnvDefinition, EnvField } from '../core/site-definition.ts';

/** The environment as a build sees it: what pages receive, what must never reach the output, what to warn about. */
export interface ResolvedEnv {
  /** What `derive` returned (or the public values as they are): the only part pages and the CSP see. */
  public: Readonly<Record<string, unknown>>;
  /** Secret values taken from the environment; the build fails if any appears in an output file. */
  secrets: string[];
  warnings: string[];
}

/**
 * Reads the variables a site declares from `env`, in declaration order: a required one that is missing fails with
 * ENV_MISSING, a value its `validate` refuses with ENV_INVALID (all of them together); an optional one that is
 * missing takes its default, and its warning is printed once for every variable that shares it.
 */
export function resolveEnv(
  definition: EnvDefinition | undefined,
  env: Readonly<Record<string, string | undefined>>,
  context: { siteUrl: string },
): ResolvedEnv {
  if (!definition) return { public: {}, secrets: [], warnings: [] };
  const errors: SiteError[] = [];
  const values: Record<string, string> = {};
  const secrets: string[] = [];
  const missingByWarning = new Map<string, string[]>();
  for (const [name, field] of Object.entries(definition.fields)) {
    const given = env[name];
    if (given === undefined || given === '') {
      if (field.required) {
        errors.push(missing(name, field));
        continue;
      }
      if (field.warning) missingByWarning.set(field.warning, [...(missingByWarning.get(field.warning) ?? []), name]);
      values[name] = field.default ?? '';
      continue;
    }
    const problem = field.validate?.(given);
    if (problem) {
      errors.push(
        new SiteError('ENV_INVALID', `${name} ${problem}: "${field.access === 'secret' ? '(hidden)' : given}".`, {
          hint: field.description,
        }),
      );
      continue;
    }
    values[name] = given;
    if (field.access === 'secret') secrets.push(given);
  }
  if (errors.length) throw new SiteErrorList(errors);

  const warnings = [...missingByWarning].map(([warning, names]) => `${names.join(', ')} not set: ${warning}`);
  const publicValues = Object.fromEntries(
    Object.entries(values).filter(([name]) => definition.fields[name]!.access === 'public'),
  );
  return {
    public: Object.freeze(definition.derive ? definition.derive(values, context) : publicValues),
    secrets,
    warnings,
  };
}

function missing(name: string, field: EnvField): SiteError {
  return new SiteError('ENV_MISSING', `${name} is required by this site and is not set.`, {
    hint: `Set ${name} in the environment of the build${field.description ? `: ${field.description}` : '.'}`,
  });
}
