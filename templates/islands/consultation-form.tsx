import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { clearDraft, readDraft, saveDraft } from '../client/form-draft.ts';
import { fieldElement, projectTypeFromQuery, readValues, restoreFields } from '../client/form-fields.ts';
import { showNotice } from '../client/notices.ts';
import { sendInquiry, type EmailServiceConfig } from '../client/send-inquiry.ts';
import { useHtmlId } from '../lib/html-id.ts';
import {
  DEFAULT_PROJECT_TYPE,
  FIELDS,
  MAIN_FORM_FIELDS,
  NOTICES,
  POPUP_FORM_FIELDS,
  PROJECT_TYPES,
  templateParams,
  validateInquiry,
  type FieldErrors,
  type FieldName,
  type InquiryField,
  type InquirySource,
} from '../lib/inquiry.ts';

export interface ConsultationFormProps {
  source: InquirySource;
  /** `main`: every field (home, contact, landing); `popup`: no message field, closes its dialog on success. */
  variant: 'main' | 'popup';
  /** One column with a shorter message box (landing hero, popup). */
  compact: boolean;
  submitLabel: string;
  emailService: EmailServiceConfig;
  contact: { phone: string; phoneHref: string; email: string };
}

/** Bots fill every field; people never see this one. A filled trap is dropped without sending. */
const TRAP_FIELD = 'website';

/**
 * The consultation request form (spec sections 4, 5, 7, 8): idle, submitting, then success (fields back to
 * their defaults) or failure (fields kept). Fields are uncontrolled, and the draft lives in sessionStorage
 * until a send succeeds, so nothing a visitor types is lost: not before hydration, not on failure, not on reload.
 */
export default function ConsultationForm({ source, variant, compact, submitLabel, emailService, contact }: ConsultationFormProps) {
  const uid = useHtmlId('consultation');
  const fields = variant === 'popup' ? POPUP_FORM_FIELDS : MAIN_FORM_FIELDS;
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const sending = useRef(false);
  // Until this runs the button stays disabled, so the form can never be sent natively (its data in a URL).
  const [ready, setReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    restoreFields(form, fields, readDraft(source), variant === 'main' ? projectTypeFromQuery(window.location.search) : undefined);
    saveDraft(source, readValues(form, fields));
    setReady(true);
  }, [fields, source, variant]);

  function onChange(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    saveDraft(source, readValues(form, fields));
    const name = (event.target as HTMLInputElement).name as FieldName;
    // An error clears as soon as the field is right; it only appears on submit.
    if (errors[name] && !FIELDS[name].check?.(fieldElement(form, name)?.value ?? '')) {
      setErrors(({ [name]: _fixed, ...rest }) => rest);
    }
  }

  function succeed(form: HTMLFormElement) {
    clearDraft(source);
    form.reset();
    setErrors({});
    if (variant === 'popup') form.closest('dialog')?.close();
    showNotice(variant === 'popup' ? NOTICES.popupSuccess : NOTICES.formSuccess);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (sending.current) return;
    if (fieldElement(form, TRAP_FIELD)?.value) return succeed(form);
    const values = readValues(form, fields);
    const found = validateInquiry(values, fields);
    // Rendered before focus moves, so the field is announced with its error.
    flushSync(() => setErrors(found));
    const firstInvalid = fields.find((name) => found[name]);
    if (firstInvalid) return fieldElement(form, firstInvalid)?.focus();

    sending.current = true;
    setSubmitting(true);
    try {
      await sendInquiry(emailService, templateParams(values, source, fields));
      succeed(form);
    } catch (error) {
      console.error('[consultation form] the request was not sent:', error);
      showNotice({ ...NOTICES.failure, variant: 'destructive' });
    } finally {
      sending.current = false;
      flushSync(() => setSubmitting(false));
      // A disabled button drops focus; give it back so a keyboard user can try again where they were.
      if (document.activeElement === document.body || document.activeElement === null) submitRef.current?.focus();
    }
  }

  return (
    <form ref={formRef} className={`consultation-form${compact ? ' is-compact' : ''}`} data-source={source} noValidate onSubmit={onSubmit} onChange={onChange}>
      {fields.map((name) => (
        <Field key={name} field={FIELDS[name]} id={`${uid}-${name}`} error={errors[name]} compact={compact} />
      ))}
      <div className="form-trap" aria-hidden="true">
        <label htmlFor={`${uid}-${TRAP_FIELD}`}>Leave this field empty</label>
        <input id={`${uid}-${TRAP_FIELD}`} name={TRAP_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button ref={submitRef} className="button button-primary button-large field-wide" type="submit" disabled={!ready || submitting}>
        {submitting ? 'Submitting...' : submitLabel}
      </button>
      <p className="form-alt field-wide">
        Prefer to talk? Call <a className="tel" href={contact.phoneHref}>{contact.phone}</a> or e-mail <a href={`mailto:${contact.email}`}>{contact.email}</a>.
      </p>
    </form>
  );
}

function Field({ field, id, error, compact }: { field: InquiryField; id: string; error: string | undefined; compact: boolean }) {
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.name,
    required: true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;
  const wide = field.kind === 'select' || field.kind === 'textarea';
  return (
    <div className={`field${wide ? ' field-wide' : ''}${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{field.label}</label>
      {field.kind === 'select' ? (
        <select {...common} defaultValue={DEFAULT_PROJECT_TYPE}>
          {PROJECT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      ) : field.kind === 'textarea' ? (
        <textarea {...common} rows={compact ? 3 : 5} maxLength={field.maxLength} defaultValue="" />
      ) : (
        <input {...common} type={field.kind} inputMode={field.inputMode} autoComplete={field.autoComplete} maxLength={field.maxLength} defaultValue="" />
      )}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
