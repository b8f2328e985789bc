import type { CspAdditions } from '../site-definition.ts';
import type { MediaOrigins } from './media-origins.ts';

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
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`)
    .join('; ');
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
