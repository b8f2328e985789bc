import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './fixture.ts';

interface Node {
  '@id': string;
  '@type': string | string[];
  'rdfs:subClassOf'?: { '@id': string } | { '@id': string }[];
  'schema:domainIncludes'?: { '@id': string } | { '@id': string }[];
}

const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The schema.org vocabulary: which types exist, their parents, and which types each property is for. */
export function loadVocabulary() {
  const graph = (
    JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'test/vocab/schemaorg-current-https.jsonld'), 'utf8')) as {
      '@graph': Node[];
    }
  )['@graph'];
  const parents = new Map<string, string[]>();
  const domains = new Map<string, string[]>();
  for (const node of graph) {
    const id = node['@id'].replace(/^schema:/, '');
    const types = list(node['@type']);
    if (types.includes('rdfs:Class')) {
      parents.set(
        id,
        list(node['rdfs:subClassOf']).map((p) => p['@id'].replace(/^schema:/, '')),
      );
    }
    if (types.includes('rdf:Property')) {
      domains.set(
        id,
        list(node['schema:domainIncludes']).map((d) => d['@id'].replace(/^schema:/, '')),
      );
    }
  }
  const ancestors = (type: string): Set<string> => {
    const seen = new Set<string>();
    const walk = (t: string) => {
      if (seen.has(t)) return;
      seen.add(t);
      for (const parent of parents.get(t) ?? []) walk(parent);
    };
    walk(type);
    return seen;
  };
  return {
    /** Problems with one JSON-LD node and everything nested in it, such as "Offer.foo: unknown property". */
    problems(node: unknown, where = ''): string[] {
      if (Array.isArray(node)) return node.flatMap((n, i) => this.problems(n, `${where}[${i}]`));
      if (!node || typeof node !== 'object') return [];
      const object = node as Record<string, unknown>;
      const type = object['@type'];
      if (typeof type !== 'string') {
        return Object.entries(object).flatMap(([k, v]) => this.problems(v, `${where}.${k}`));
      }
      if (!parents.has(type)) return [`${where}: unknown type ${type}`];
      const lineage = ancestors(type);
      const out: string[] = [];
      for (const [key, value] of Object.entries(object)) {
        if (key.startsWith('@')) continue;
        const allowed = domains.get(key);
        if (!allowed) out.push(`${where}.${key}: unknown property`);
        else if (!allowed.some((d) => lineage.has(d))) out.push(`${where}.${key}: not a property of ${type}`);
        out.push(...this.problems(value, `${where}.${key}`));
      }
      return out;
    },
  };
}
