import type { BuildConfig } from './config.ts';
import { DEV_ADMIN_PASSWORD } from './config.ts';
import type { RenderedPage } from './render/render-page.ts';

/** Warnings about the environment: the build goes on, but the site owner must know. */
export function configWarnings(config: BuildConfig): string[] {
  const warnings: string[] = [];
  const missing = (
    [
      ['SITE_EMAILJS_PUBLIC_KEY', config.emailjs.publicKey],
      ['SITE_EMAILJS_SERVICE_ID', config.emailjs.serviceId],
      ['SITE_EMAILJS_TEMPLATE_ID', config.emailjs.templateId],
    ] as const
  ).filter(([, value]) => !value);
  if (missing.length) {
    warnings.push(`${missing.map(([name]) => name).join(', ')} not set: form submissions will fail with the 'Submission Failed' notice.`);
  }
  if (config.adminPasswordIsDefault) {
    warnings.push(
      `SITE_ADMIN_PASSWORD is not set: the admin page uses the DEVELOPMENT password "${DEV_ADMIN_PASSWORD}". Set SITE_ADMIN_PASSWORD before you publish.`,
    );
  }
  return warnings;
}

/** Markup the strict Content-Security-Policy would block: inline style attributes and inline event handlers. */
export function htmlWarnings(pages: readonly RenderedPage[]): string[] {
  const warnings: string[] = [];
  for (const page of pages) {
    if (/\sstyle="/.test(page.body)) warnings.push(`${page.route.path}: a style="" attribute, which style-src 'self' blocks; use a class.`);
    if (/\son[a-z]+="/.test(page.body)) warnings.push(`${page.route.path}: an inline event handler attribute, which script-src 'self' blocks.`);
  }
  return warnings;
}
