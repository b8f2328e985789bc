import { Island, type HydrateOn, type PageContext } from '../../src/index.ts';
import type { InquirySource } from '../lib/inquiry.ts';
import ConsultationFormIsland, { type ConsultationFormProps } from '../islands/consultation-form.tsx';
import type { SiteData } from '../collections.ts';
import { telHref } from '../lib/phone.ts';
import { siteEnv } from '../site-env.ts';

interface ConsultationFormPlacement {
  context: PageContext<SiteData, unknown>;
  source: InquirySource;
  /** When React takes the form over: never later than the visitor's first interaction with it. */
  hydrate: HydrateOn;
  variant?: ConsultationFormProps['variant'];
  compact?: boolean;
  submitLabel?: string;
}

/**
 * Places the consultation form island with the build's public EmailJS settings. Outside the island, two
 * fallbacks say how to reach the company when the form cannot send: a note for browsers without JavaScript,
 * and one the stylesheet shows when the island's script failed to load.
 */
export function ConsultationForm({ context, source, hydrate, variant = 'main', compact = false, submitLabel = 'Request Free Consultation' }: ConsultationFormPlacement) {
  const { business } = context.data;
  const contact = { phone: business.phone, phoneHref: telHref(business.phone), email: business.email };
  const props: ConsultationFormProps = { source, variant, compact, submitLabel, emailService: siteEnv(context.site.env).emailjs, contact };
  const reach = (
    <>
      Call us at <a className="tel" href={contact.phoneHref}>{contact.phone}</a> or email <a href={`mailto:${contact.email}`}>{contact.email}</a>, and we'll be in touch
      within 24-48 hours.
    </>
  );
  return (
    <>
      <Island component={ConsultationFormIsland} props={props} hydrate={hydrate} />
      <p className="form-note form-script-failed">
        The form could not load, so it cannot send. {reach}
      </p>
      <noscript>
        <p className="form-note">Sending this form needs JavaScript. {reach}</p>
      </noscript>
    </>
  );
}
