/**
 * A SHA-256 as its 32 bytes, a character each (latin1), made by documentDigest. A build holds one for every page
 * until its site files (the service worker's version hashes every file, and the HTML budgets' figures are kept
 * by it): 48 bytes of the heap a page, where the hex took 80 (3.2 MB at 100,026 pages).
 */
export type Sha256 = string & { readonly sha256: unique symbol };

/** The digest in hex; its first `bytes` bytes only, when given. */
export function hexOf(digest: Sha256, bytes = 32): string {
  return Buffer.from(digest, 'latin1').toString('hex', 0, bytes);
}
