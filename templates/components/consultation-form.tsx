import { DEFAULT_PROJECT_TYPE, PROJECT_TYPES, type InquirySource } from '../constants.ts';
import type { SiteData } from '../site.config.ts';
import { telHref } from './footer.tsx';

/** The required one-line fields of the main form (spec section 5), named as the inquiry's template parameters. */
interface TextField {
  name: string;
  label: string;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  inputMode?: 'numeric';
}

const TEXT_FIELDS: readonly TextField[] = [
  { name: 'full_name', label: 'Full Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email Address', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
  { name: 'zip', label: 'Zip Code', type: 'text', autoComplete: 'postal-code', inputMode: 'numeric' },
];

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
      {TEXT_FIELDS.map((field) => (
        <div className="field" key={field.name}>
          <label htmlFor={id(field.name)}>{field.label}</label>
          <input id={id(field.name)} name={field.name} type={field.type} inputMode={field.inputMode} autoComplete={field.autoComplete} required />
        </div>
      ))}
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
