// The address the not-found page puts in place of a capitalised or slash-ended one (spec section 2), since
// static hosts such as Cloudflare Pages answer those with a 404 rather than a redirect.

/** The lowercase path without trailing slashes that stands for a non-canonical one, or undefined if it is canonical. */
export function canonicalPath(decodedPath: string): string | undefined {
  if (decodedPath === '/') return undefined;
  const canonical = decodedPath.toLowerCase().replace(/\/+$/, '') || '/';
  return canonical === decodedPath ? undefined : canonical;
}
