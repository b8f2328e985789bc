import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { draftOf } from '../../templates/client/form-draft.ts';
import { EMAIL_LIBRARY_VERSION } from '../../templates/constants.ts';
import { categorySlug } from '../../templates/lib/category-slug.ts';
import {
  isEmail,
  isPhone,
  isZip,
  MAIN_FORM_FIELDS,
  POPUP_FORM_FIELDS,
  PROJECT_TYPES,
  requestMailto,
  templateParams,
  validateInquiry,
} from '../../templates/lib/inquiry.ts';
import { PROJECT_ROOT } from '../helpers/fixture.ts';

const complete = {
  full_name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '(408) 555-0100',
  zip: '95050',
  project_type: 'ADU',
  message: 'A backyard ADU.',
};

describe('inquiry validation (spec section 5)', () => {
  it('passes a complete request and names each missing required field', () => {
    expect(validateInquiry(complete, MAIN_FORM_FIELDS)).toEqual({});
    const errors = validateInquiry({ project_type: 'ADU' }, MAIN_FORM_FIELDS);
    expect(Object.keys(errors)).toEqual(['full_name', 'email', 'phone', 'zip', 'message']);
    expect(errors.full_name).toBe('Please enter your full name.');
    expect(validateInquiry({ ...complete, full_name: '   ' }, MAIN_FORM_FIELDS)).toEqual({
      full_name: 'Please enter your full name.',
    });
  });

  it('does not ask the popup for a message', () => {
    const { message: _message, ...popup } = complete;
    expect(validateInquiry(popup, POPUP_FORM_FIELDS)).toEqual({});
    expect(validateInquiry(popup, MAIN_FORM_FIELDS)).toEqual({
      message: 'Please tell us a little about your project.',
    });
  });

  it('accepts a five-digit ZIP or ZIP+4 and nothing else', () => {
    for (const zip of ['95050', '95050-1234', ' 94301 ']) expect(isZip(zip), zip).toBe(true);
    for (const zip of ['9505', '950500', '95050-12', 'ABCDE', '95 050']) expect(isZip(zip), zip).toBe(false);
    expect(validateInquiry({ ...complete, zip: '9505' }, MAIN_FORM_FIELDS)).toEqual({
      zip: 'Please enter a 5-digit ZIP code, such as 95050.',
    });
  });

  it('wants a phone number with at least ten digits, written any usual way', () => {
    for (const phone of ['(408) 555-0100', '408-555-0100', '408.555.0100', '+1 408 555 0100', '4085550100']) {
      expect(isPhone(phone), phone).toBe(true);
    }
    for (const phone of ['555-0100', '408-555-010', 'call me', '408-555-0100 ext 5']) {
      expect(isPhone(phone), phone).toBe(false);
    }
  });

  it('checks the email format', () => {
    for (const email of ['ada@example.com', 'a.b+c@mail.example.org']) expect(isEmail(email), email).toBe(true);
    for (const email of ['ada', 'ada@', 'ada@example', 'ada @example.com', '@example.com']) {
      expect(isEmail(email), email).toBe(false);
    }
  });

  it('only accepts one of the seven project types', () => {
    for (const type of PROJECT_TYPES) {
      expect(validateInquiry({ ...complete, project_type: type }, MAIN_FORM_FIELDS)).toEqual({});
    }
    expect(validateInquiry({ ...complete, project_type: 'Pool' }, MAIN_FORM_FIELDS)).toEqual({
      project_type: 'Please choose a project type.',
    });
  });
});

describe('template parameters (spec section 7)', () => {
  it('sends all seven, trimmed, with the source', () => {
    expect(templateParams({ ...complete, full_name: ' Ada Lovelace ' }, 'contact-page', MAIN_FORM_FIELDS)).toEqual({
      ...complete,
      source: 'contact-page',
    });
  });

  it("gives the popup the fixed message and falls back to source 'general'", () => {
    expect(templateParams(complete, 'popup consultation', POPUP_FORM_FIELDS).message).toBe(
      'Popup consultation request',
    );
    expect(templateParams(complete, undefined, MAIN_FORM_FIELDS).source).toBe('general');
  });

  it('names the lib_version @emailjs/browser really sends', () => {
    const pkg = JSON.parse(readFileSync(`${PROJECT_ROOT}/node_modules/@emailjs/browser/package.json`, 'utf8')) as {
      version: string;
    };
    expect(EMAIL_LIBRARY_VERSION).toBe(pkg.version);
  });
});

/** The parts of a mailto: link, decoded: address, subject and body. */
function parseMailto(href: string): { address: string; subject: string | null; body: string | null } {
  const url = new URL(href);
  expect(url.protocol).toBe('mailto:');
  return {
    address: decodeURIComponent(url.pathname),
    subject: url.searchParams.get('subject'),
    body: url.searchParams.get('body'),
  };
}

describe('the request as an email, for when the send fails', () => {
  const typed = {
    ...complete,
    full_name: ' Ada Lovelace',
    message: 'A backyard ADU.\nTwo rooms & a bath, 50% of the lot? #1',
  };

  it('carries every field exactly as typed, with its label, to the business address', () => {
    const href = requestMailto('info@hartwelldesignbuild.example', typed, MAIN_FORM_FIELDS);
    const { address, subject, body } = parseMailto(href);
    expect(address).toBe('info@hartwelldesignbuild.example');
    expect(subject).toBe('Consultation request from Ada Lovelace');
    expect(body).toBe(
      [
        'My request for a free consultation:',
        '',
        'Full Name:  Ada Lovelace',
        'Email Address: ada@example.com',
        'Phone Number: (408) 555-0100',
        'Zip Code: 95050',
        'Project Type: ADU',
        'Your Message:',
        'A backyard ADU.',
        'Two rooms & a bath, 50% of the lot? #1',
      ].join('\r\n'),
    );
    // Characters that would end the subject or body early never appear raw.
    expect(href.slice(href.indexOf('?') + 1).split('&')).toHaveLength(2);
    expect(href).not.toMatch(/[\s#]/);
  });

  it('leaves out the message the popup does not have', () => {
    const { body } = parseMailto(requestMailto('info@example.com', typed, POPUP_FORM_FIELDS));
    expect(body).toContain('Project Type: ADU');
    expect(body).not.toContain('Your Message');
  });

  it('loses the text a raw body would cut off (proof the encoding check can fail)', () => {
    const raw = `mailto:info@example.com?subject=Hi&body=${typed.message}`;
    expect(parseMailto(raw).body).not.toBe(typed.message);
  });
});

describe('the draft holds what the visitor entered (issue 40)', () => {
  const values = {
    full_name: 'Ada',
    email: '',
    phone: '',
    zip: '',
    project_type: 'New Construction Home',
    message: '',
  };

  it('is empty after a visit without typing, so ?service= still chooses the project type next time', () => {
    expect(draftOf(values, new Set())).toEqual({});
  });

  it('keeps only the entered fields, including a project type the visitor chose', () => {
    expect(draftOf(values, new Set(['full_name']))).toEqual({ full_name: 'Ada' });
    expect(draftOf({ ...values, project_type: 'ADU' }, new Set(['full_name', 'project_type']))).toEqual({
      full_name: 'Ada',
      project_type: 'ADU',
    });
  });

  it('would hold the default project type if every field counted (proof the rule can fail)', () => {
    expect(draftOf(values, new Set(MAIN_FORM_FIELDS))).toHaveProperty('project_type', 'New Construction Home');
  });
});

describe('gallery category slugs', () => {
  it('turns a category into the value of ?category=', () => {
    expect(categorySlug('Kitchen Remodel')).toBe('kitchen-remodel');
    expect(categorySlug('ADU')).toBe('adu');
    expect(categorySlug('Full Home Remodeling')).toBe('full-home-remodeling');
  });
});
