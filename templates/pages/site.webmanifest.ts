import type { BuildInfo } from '../../src/index.ts';
import { BACKGROUND_COLOR, THEME_COLOR } from '../constants.ts';
import type { SiteData } from '../collections.ts';

/** The web app manifest, linked from every page: name, colours and the icons of public/. */
export default function manifest({ data }: { data: SiteData; site: BuildInfo }): string {
  const manifest = {
    name: data.business.name,
    short_name: data.business.shortName,
    description: data.business.tagline,
    start_url: '/',
    scope: '/',
    display: 'browser',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' },
    ],
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
