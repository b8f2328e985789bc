import { DEFAULT_PROJECT_TYPE, PROJECT_TYPES, type InquirySource } from '../constants.ts';
import type { SiteData } from '../site.config.ts';
import { telHref } from './footer.tsx';

/**
 * The consultation request form (spec section 5). Sending goes through EmailJS from the browser, so the
 * submit button stays disabled until the form's script is running; without JavaScript the note below
 * offers the phone and e-mail instead, and nothing a visitor types is sent into the void.
 */
export function ConsultationForm({ source, data, idPrefix, compact = false }: { source: InquirySource; data: SiteData; idPrefix: string; compact?: boolean }) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form className={`consultation-form${compact ? ' is-compact' : ''}`} data-source={source}>
      <input type="hidden" name="source" value={source} />
      <div className="field">
        <label htmlFor={id('full_name')}>Full Name</label>
        <input id={id('full_name')} name="full_name" type="text" autoComplete="name" required />
      </div>
      <div className="field">
        <label htmlFor={id('email')}>Email Address</label>
        <input id={id('email')} name="email" type="email" autoComplete="email" required />
      </div>
      <div className="field">
        <label htmlFor={id('phone')}>Phone Number</label>
        <input id={id('phone')} name="phone" type="tel" autoComplete="tel" required />
      </div>
      <div className="field">
        <label htmlFor={id('zip')}>Zip Code</label>
        <input id={id('zip')} name="zip" type="text" inputMode="numeric" autoComplete="postal-code" required />
      </div>
      <div className="field field-wide">
        <label htmlFor={id('project_type')}>Project Type</label>
        <select id={id('project_type')} name="project_type" defaultValue={DEFAULT_PROJECT_TYPE}>
          {PROJECT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <div className="field field-wide">
        <label htmlFor={id('message')}>Your Message</label>
        <textarea id={id('message')} name="message" rows={compact ? 3 : 5} required />
      </div>
      <button className="button button-primary button-large field-wide" type="submit" disabled data-needs-script="">
        Request Free Consultation
      </button>
      <noscript>
        <p className="form-note field-wide">
          Sending this form needs JavaScript. Call us at <a href={telHref(data.business.phone)}>{data.business.phone}</a> or e-mail{' '}
          <a href={`mailto:${data.business.email}`}>{data.business.email}</a>, and we'll be in touch within 24-48 hours.
        </p>
      </noscript>
    </form>
  );
}
