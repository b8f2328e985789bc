import type { CspAdditions } from '../core/site-definition.ts';
import { policyText } from '../host/host-files.ts';

/** The other origins the pages' markup loads images and media from, for img-src and media-src. */
export interface MediaOrigins {
  image: string[];
  media: string[];
}

/**
 * The hosts the built pages load images and media from (`image <origin>`, `media <origin>`, as the pages' checks
 * found them), so the CSP allows exactly what the pages use: a new image host works at once, and one no page uses
 * any more leaves the policy.
 */
export function mediaOriginsOf(found: Iterable<string>): MediaOrigins {
  const origins: MediaOrigins = { image: [], media: [] };
  for (const entry of found) {
    const [kind, origin] = entry.split(' ') as ['image' | 'media', string];
    origins[kind].push(origin);
  }
  return { image: origins.image.sort(), media: origins.media.sort() };
}

/**
 * The Content-Security-Policy: scripts only from the site's own files (islands keep data in JSON blocks, so
 * no inline script needs 'unsafe-inline'), styles likewise, images and media from the hosts the pages use,
 * and whatever else the site adds (the origin its forms post to, say).
 */
export function contentSecurityPolicy(additions: CspAdditions, used: MediaOrigins): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", ...used.image, ...(additions['img-src'] ?? [])],
    'media-src': ["'self'", ...used.media, ...(additions['media-src'] ?? [])],
    'font-src': ["'self'", ...(additions['font-src'] ?? [])],
    'connect-src': ["'self'", ...(additions['connect-src'] ?? [])],
    'frame-src': additions['frame-src']?.length ? additions['frame-src'] : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
  };
  return policyText(directives);
}

/** Headers for every response of the site. HSTS only when the site is served over https. */
export function securityHeaders(csp: string, siteUrl: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(siteUrl.startsWith('https:') ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}
