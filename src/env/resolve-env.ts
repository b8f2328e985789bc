import { SiteError, SiteErrorList } from '../errors.ts';
import type { OutputFile } from '../output/output-file.ts';
import type { EnvDefinition, EnvField } from '../site-definition.ts';

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
export function resolveEnv(definition: EnvDefinition | undefined, env: Readonly<Record<string, string | undefined>>, context: { siteUrl: string }): ResolvedEnv {
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
      errors.push(new SiteError('ENV_INVALID', `${name} ${problem}: "${field.access === 'secret' ? '(hidden)' : given}".`, { hint: field.description }));
      continue;
    }
    values[name] = given;
    if (field.access === 'secret') secrets.push(given);
  }
  if (errors.length) throw new SiteErrorList(errors);

  const warnings = [...missingByWarning].map(([warning, names]) => `${names.join(', ')} not set: ${warning}`);
  const publicValues = Object.fromEntries(Object.entries(values).filter(([name]) => definition.fields[name]!.access === 'public'));
  return { public: Object.freeze(definition.derive ? definition.derive(values, context) : publicValues), secrets, warnings };
}

function missing(name: string, field: EnvField): SiteError {
  return new SiteError('ENV_MISSING', `${name} is required by this site and is not set.`, {
    hint: `Set ${name} in the environment of the build${field.description ? `: ${field.description}` : '.'}`,
  });
}

/** The output files that contain a secret value, for SECRET_IN_OUTPUT. Secrets shorter than 4 characters are not looked for. */
export function filesLeakingSecrets(files: readonly { path: string; text: string | Uint8Array | undefined }[], secrets: readonly string[]): string[] {
  const watched = secrets.filter((secret) => secret.length >= 4);
  if (!watched.length) return [];
  // Bytes are searched as they are (Buffer#includes looks for the secret's UTF-8), never decoded into a copy.
  const holds = (text: string | Uint8Array, secret: string) => (typeof text === 'string' ? text.includes(secret) : Buffer.from(text.buffer, text.byteOffset, text.byteLength).includes(secret));
  return files.filter((file) => file.text !== undefined && watched.some((secret) => holds(file.text!, secret))).map((file) => file.path);
}

/** SECRET_IN_OUTPUT for every produced file (copied public files are the project's own) holding a secret value. */
export function secretLeaks(files: readonly OutputFile[], secrets: readonly string[]): SiteError[] {
  const texts = files.map((file) => ({ path: file.path, text: 'contents' in file ? file.contents : undefined }));
  return filesLeakingSecrets(texts, secrets).map((file) => new SiteError('SECRET_IN_OUTPUT', `${file} contains the value of a secret environment variable.`, { file }));
}
