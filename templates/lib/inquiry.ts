// The consultation request (spec sections 3, 5, 7 and 8): its project types and sources, its fields and how
// each is checked, the template parameters sent to the email service, the notices a visitor sees and the
// email a visitor can send instead. Pure data and functions, shared by the form island and the tests.

export const PROJECT_TYPES = [
  'New Construction Home',
  'Home Addition',
  'ADU',
  'Full Home Remodeling',
  'Kitchen Remodeling',
  'Bathroom Remodeling',
  'Other',
] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];
export const DEFAULT_PROJECT_TYPE: ProjectType = PROJECT_TYPES[0];

/** `/contact?service=…` values (from the landing page's cards) and the project type each preselects. */
export const SERVICE_PARAM_PROJECT_TYPES: Readonly<Record<string, ProjectType>> = {
  'new-construction': 'New Construction Home',
  additions: 'Home Addition',
  remodel: 'Full Home Remodeling',
};

/** Where an inquiry came from; sent as the `source` template parameter. */
export type InquirySource = 'homepage' | 'contact-page' | 'landing-cta' | 'popup consultation' | 'general';
export const DEFAULT_INQUIRY_SOURCE: InquirySource = 'general';
/** The popup has no message field; it sends this instead. */
export const POPUP_MESSAGE = 'Popup consultation request';

/** The notices of spec section 8. */
export const NOTICES = {
  formSuccess: { title: 'Request Submitted!', description: "Thank you for your interest. We'll be in touch within 24-48 hours." },
  popupSuccess: { title: 'Request Submitted!', description: "We'll contact you soon to schedule your free consultation." },
  failure: { title: 'Submission Failed', description: 'Sorry, there was an error sending your message. Please try again later.' },
  /** Not in the spec: a request made without a connection waits in the open page and goes when it returns. */
  offline: { title: "You're Offline", description: "We'll send your request as soon as your connection returns. Please keep this page open." },
} as const;

/** What the failure notice offers under the spec's text: ways to reach the company that work right now. */
export const FAILURE_ACTIONS = {
  intro: 'Or reach us now:',
  email: 'Email us your request',
  call: (phone: string) => `Call ${phone}`,
} as const;

export type FieldName = 'full_name' | 'email' | 'phone' | 'zip' | 'project_type' | 'message';
export type InquiryValues = Record<FieldName, string>;
export type FieldErrors = Partial<Record<FieldName, string>>;

/** One field of the form, named as its template parameter. */
export interface InquiryField {
  name: FieldName;
  label: string;
  kind: 'text' | 'email' | 'tel' | 'select' | 'textarea';
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email';
  maxLength?: number;
  /** What a visitor sees when the value does not pass; undefined for a field that always passes. */
  check?: (value: string) => string | undefined;
}

const filled = (message: string) => (value: string) => (value.trim() === '' ? message : undefined);

/** Email format: something@something.tld, no spaces. */
export const isEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
/** A US ZIP code: five digits, optionally ZIP+4. */
export const isZip = (value: string): boolean => /^\d{5}(?:-\d{4})?$/.test(value.trim());
/** A phone number with at least ten digits, written any way (spaces, dashes, dots, brackets, a leading +1). */
export const isPhone = (value: string): boolean => {
  const digits = value.replace(/\D/g, '');
  return /^[\d\s().+-]+$/.test(value.trim()) && digits.length >= 10 && digits.length <= 15;
};

export const FIELDS: Readonly<Record<FieldName, InquiryField>> = {
  full_name: { name: 'full_name', label: 'Full Name', kind: 'text', autoComplete: 'name', maxLength: 100, check: filled('Please enter your full name.') },
  email: {
    name: 'email',
    label: 'Email Address',
    kind: 'email',
    autoComplete: 'email',
    maxLength: 254,
    check: (value) => (value.trim() === '' ? 'Please enter your email address.' : isEmail(value) ? undefined : 'Please enter a valid email address, such as name@example.com.'),
  },
  phone: {
    name: 'phone',
    label: 'Phone Number',
    kind: 'tel',
    autoComplete: 'tel',
    maxLength: 30,
    check: (value) => (value.trim() === '' ? 'Please enter your phone number.' : isPhone(value) ? undefined : 'Please enter a phone number with at least 10 digits, such as (408) 555-0142.'),
  },
  zip: {
    name: 'zip',
    label: 'Zip Code',
    kind: 'text',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
    maxLength: 10,
    check: (value) => (value.trim() === '' ? 'Please enter your ZIP code.' : isZip(value) ? undefined : 'Please enter a 5-digit ZIP code, such as 95050.'),
  },
  project_type: {
    name: 'project_type',
    label: 'Project Type',
    kind: 'select',
    check: (value) => ((PROJECT_TYPES as readonly string[]).includes(value) ? undefined : 'Please choose a project type.'),
  },
  message: { name: 'message', label: 'Your Message', kind: 'textarea', maxLength: 5000, check: filled('Please tell us a little about your project.') },
};

/** The main form (home, contact, landing) has every field; the popup has no message (spec section 5). */
export const MAIN_FORM_FIELDS: readonly FieldName[] = ['full_name', 'email', 'phone', 'zip', 'project_type', 'message'];
export const POPUP_FORM_FIELDS: readonly FieldName[] = ['full_name', 'email', 'phone', 'zip', 'project_type'];

/** The problem with each field that does not pass, in form order. */
export function validateInquiry(values: Partial<InquiryValues>, fields: readonly FieldName[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const name of fields) {
    const problem = FIELDS[name].check?.(values[name] ?? '');
    if (problem) errors[name] = problem;
  }
  return errors;
}

/** The template parameters of spec section 7: all seven, trimmed, with the popup's fixed message. */
export function templateParams(values: Partial<InquiryValues>, source: InquirySource | undefined, fields: readonly FieldName[]): Record<FieldName | 'source', string> {
  const value = (name: FieldName) => (values[name] ?? '').trim();
  return {
    full_name: value('full_name'),
    email: value('email'),
    phone: value('phone'),
    zip: value('zip'),
    project_type: value('project_type') || DEFAULT_PROJECT_TYPE,
    message: fields.includes('message') ? value('message') : POPUP_MESSAGE,
    source: source ?? DEFAULT_INQUIRY_SOURCE,
  };
}

/**
 * A `mailto:` link whose subject and body carry the visitor's request, each field exactly as typed, so a
 * failed send can still reach the company from the visitor's own mail app (RFC 6068: CRLF line breaks).
 */
export function requestMailto(address: string, values: Partial<InquiryValues>, fields: readonly FieldName[]): string {
  const name = values.full_name?.trim();
  const subject = name ? `Consultation request from ${name}` : 'Consultation request';
  const lines = fields.map((field) => (field === 'message' ? `${FIELDS.message.label}:\n${values.message ?? ''}` : `${FIELDS[field].label}: ${values[field] ?? ''}`));
  const body = ['My request for a free consultation:', '', ...lines].join('\n').replace(/\r?\n/g, '\r\n');
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
