import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { PROJECT_ROOT } from '../fixture.ts';

const XSD = readFileSync(path.join(PROJECT_ROOT, 'test/vocab/sitemap-0.9.xsd'), 'utf8');

/** libxml2's (compiled to WebAssembly, no system package) errors validating a sitemap against the sitemaps.org XSD. */
export async function sitemapSchemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'sitemap.xml', contents: xml }],
    schema: [{ fileName: 'sitemap-0.9.xsd', contents: XSD }],
  });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}
