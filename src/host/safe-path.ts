/** A request path after the traversal checks: the decoded path, or why it was refused. */
export type DecodedPath = { ok: true; path: string } | { ok: false; reason: string };

// Checked on the raw target because decoding would turn them into separators the resolver could not tell apart.
const FORBIDDEN_ESCAPE = /%(?:2f|5c|00)/i;
const MALFORMED_ESCAPE = /%(?![0-9a-f]{2})/i;

/** Decodes the path part of a request target, refusing anything that could name a file outside the served folder. */
export function decodeRequestPath(rawPath: string): DecodedPath {
  if (!rawPath.startsWith('/')) return refuse('The path must start with a slash.');
  if (rawPath.includes('\\') || rawPath.includes('\0')) {
    return refuse('Backslashes and NUL bytes are not allowed in a path.');
  }
  if (FORBIDDEN_ESCAPE.test(rawPath)) {
    return refuse('Encoded slashes, backslashes and NUL bytes are not allowed in a path.');
  }
  if (MALFORMED_ESCAPE.test(rawPath)) return refuse('The path has malformed percent-encoding.');
  if (hasParentSegment(rawPath)) return refuse('A path may not contain "..".');
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    // Well-formed escapes can still spell invalid UTF-8, such as %ff.
    return refuse('The path has malformed percent-encoding.');
  }
  if (decoded.includes('\\') || decoded.includes('\0')) {
    return refuse('Backslashes and NUL bytes are not allowed in a path.');
  }
  if (hasParentSegment(decoded)) return refuse('A path may not contain "..".');
  return { ok: true, path: decoded };
}

/** The path relative to the served folder, with `.` segments and repeated slashes gone: `//etc/passwd` → `etc/passwd`. */
export function relativeSegments(decodedPath: string): string[] {
  return decodedPath.split('/').filter((segment) => segment !== '' && segment !== '.');
}

function hasParentSegment(path: string): boolean {
  return path.split('/').includes('..');
}

function refuse(reason: string): DecodedPath {
  return { ok: false, reason };
}
