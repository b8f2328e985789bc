import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { clearDraft, draftOf, readDraft, saveDraft } from '../client/form-draft.ts';
import { editedFields, fieldElement, projectTypeFromQuery, readValues, restoreFields } from '../client/form-fields.ts';
import { showNotice, type Notice } from '../client/notices.ts';
import { sendInquiry, type EmailServiceConfig } from '../client/send-inquiry.ts';
import { useHtmlId } from '../lib/html-id.ts';
import {
  DEFAULT_PROJECT_TYPE,
  FAILURE_ACTIONS,
  FIELDS,
  MAIN_FORM_FIELDS,
  NOTICES,
  POPUP_FORM_FIELDS,
  PROJECT_TYPES,
  requestMailto,
  templateParams,
  validateInquiry,
  type FieldErrors,
  type FieldName,
  type InquiryField,
  type InquirySource,
  type InquiryValues,
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
 * their defaults) or failure (fields kept, with a prefilled email and the phone number in the notice). Fields
 * are uncontrolled, and the draft of what the visitor entered lives in sessionStorage until a send succeeds,
 * so nothing is lost: not before hydration, not on failure, not on reload. Without a connection the request
 * waits in the page and goes once by itself when the browser is back online.
 */
export default function ConsultationForm({ source, variant, compact, submitLabel, emailService, contact }: ConsultationFormProps) {
  const uid = useHtmlId('consultation');
  const fields = variant === 'popup' ? POPUP_FORM_FIELDS : MAIN_FORM_FIELDS;
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const sending = useRef(false);
  /** The fields the visitor entered (typed, chose, sent or had restored from their draft): only these are saved. */
  const entered = useRef(new Set<FieldName>());
  /** The request made while offline, sent once when the connection returns. */
  const waiting = useRef<Partial<InquiryValues> | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typedEarly = editedFields(form, fields);
    const restored = restoreFields(form, fields, readDraft(source), variant === 'main' ? projectTypeFromQuery(window.location.search) : undefined);
    entered.current = new Set([...typedEarly, ...restored]);
    keepDraft(form);
    // The island's props never change, so this first render's deliver() stays valid for the page's life.
    const sendWaiting = () => {
      const values = waiting.current;
      if (!values || sending.current) return;
      waiting.current = null;
      void deliver(form, values, false);
    };
    window.addEventListener('online', sendWaiting);
    return () => window.removeEventListener('online', sendWaiting);
  }, [fields, source, variant]);

  function keepDraft(form: HTMLFormElement) {
    saveDraft(source, draftOf(readValues(form, fields), entered.current));
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const name = (event.target as HTMLInputElement).name as FieldName;
    if (fields.includes(name)) entered.current.add(name);
    keepDraft(form);
    // An error clears as soon as the field is right; it only appears on submit.
    if (errors[name] && !FIELDS[name].check?.(fieldElement(form, name)?.value ?? '')) {
      setErrors(({ [name]: _fixed, ...rest }) => rest);
    }
  }

  function succeed(form: HTMLFormElement) {
    clearDraft(source);
    entered.current.clear();
    form.reset();
    setErrors({});
    if (variant === 'popup') form.closest('dialog')?.close();
    showNotice(variant === 'popup' ? NOTICES.popupSuccess : NOTICES.formSuccess);
  }

  /** The spec's failure notice, plus what works now: the request as a ready email, and the phone. */
  function failureNotice(values: Partial<InquiryValues>): Notice {
    const items = [
      { text: FAILURE_ACTIONS.email, href: requestMailto(contact.email, values, fields) },
      { text: FAILURE_ACTIONS.call(contact.phone), href: contact.phoneHref },
    ];
    return { ...NOTICES.failure, variant: 'destructive', links: { intro: FAILURE_ACTIONS.intro, items } };
  }

  /** Holds the request until the browser is back online; pressing the button again only updates it. */
  function wait(values: Partial<InquiryValues>) {
    waiting.current = values;
    showNotice({ ...NOTICES.offline, stays: true });
  }

  /** Sends the request; `byVisitor` when it answers the visitor's own press rather than the connection's return. */
  async function deliver(form: HTMLFormElement, values: Partial<InquiryValues>, byVisitor: boolean) {
    if (!navigator.onLine) return wait(values);
    // This send replaces any request still waiting for the connection, so it can never go twice.
    waiting.current = null;
    const buttonHadFocus = document.activeElement === submitRef.current;
    sending.current = true;
    setSubmitting(true);
    try {
      await sendInquiry(emailService, templateParams(values, source, fields));
      succeed(form);
    } catch (error) {
      // The connection went while sending: this is the offline case, not a refusal.
      if (!navigator.onLine) return wait(values);
      console.error('[consultation form] the request was not sent:', error instanceof Error ? error.message : error);
      // The notice takes the focus (its links one Tab away) unless the visitor has since moved on to something else.
      showNotice(failureNotice(values), byVisitor || focusLost() ? submitRef.current : undefined);
    } finally {
      sending.current = false;
      flushSync(() => setSubmitting(false));
      // A disabled button drops focus; give it back so a keyboard user can try again where they were.
      if (buttonHadFocus && focusLost()) submitRef.current?.focus();
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
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
    // Sending confirms every value, the address's project type included, so the draft keeps the whole request.
    for (const name of fields) entered.current.add(name);
    keepDraft(form);
    void deliver(form, values, true);
  }

  return (
    // The button works from the first paint: the island runtime holds a submit made before hydration and makes it
    // again once this has hydrated. method="dialog" makes a submit before any script a no-op (outside a dialog it
    // goes nowhere), so the visitor's details never go into a URL.
    <form ref={formRef} className={`consultation-form${compact ? ' is-compact' : ''}`} method="dialog" data-source={source} noValidate onSubmit={onSubmit} onChange={onChange}>
      {fields.map((name) => (
        <Field key={name} field={FIELDS[name]} id={`${uid}-${name}`} error={errors[name]} compact={compact} />
      ))}
      <div className="form-trap" aria-hidden="true">
        <label htmlFor={`${uid}-${TRAP_FIELD}`}>Leave this field empty</label>
        <input id={`${uid}-${TRAP_FIELD}`} name={TRAP_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button ref={submitRef} className="button button-primary button-large field-wide" type="submit" disabled={submitting}>
        {submitting ? 'Submitting...' : submitLabel}
      </button>
      <p className="form-alt field-wide">
        Prefer to talk? Call <a className="tel" href={contact.phoneHref}>{contact.phone}</a> or email <a href={`mailto:${contact.email}`}>{contact.email}</a>.
      </p>
    </form>
  );
}

/** True when no element holds the focus (a disabled or removed one dropped it). */
function focusLost(): boolean {
  return document.activeElement === document.body || document.activeElement === null;
}

function Field({ field, id, error, compact }: { field: InquiryField; id: string; error: string | undefined; compact: boolean }) {
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.name,
    // A select always holds one of its options, and a required one must open on an empty placeholder (HTML's rule),
    // which the spec's default project type rules out: it is announced as required instead.
    ...(field.kind === 'select' ? { 'aria-required': true } : { required: true }),
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
