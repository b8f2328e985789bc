import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EmailServiceConfig, failureCause, sendInquiry } from '../../templates/client/send-inquiry.ts';
import { EMAIL_LIBRARY_VERSION } from '../../templates/constants.ts';
import { type FakeEmailJs, startFakeEmailJs } from '../helpers/fake-emailjs.ts';

// @emailjs/browser reads location.pathname (for its optional rate limit); Node has no location.
(globalThis as { location?: { pathname: string } }).location ??= { pathname: '/contact' };

let fake: FakeEmailJs;
let config: EmailServiceConfig;
const params = {
  full_name: 'Ada',
  email: 'ada@example.com',
  phone: '4085550100',
  zip: '95050',
  project_type: 'ADU',
  message: 'Hi',
  source: 'contact-page',
};

beforeAll(async () => {
  fake = await startFakeEmailJs();
  config = { publicKey: 'public-key', serviceId: 'service-id', templateId: 'template-id', origin: fake.origin };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.sends.length = 0;
  fake.answer({ kind: 'ok' });
});

describe('sendInquiry', () => {
  it('posts the spec JSON to /api/v1.0/email/send and resolves on 200 OK', async () => {
    await sendInquiry(config, params);
    expect(fake.sends).toEqual([
      {
        path: '/api/v1.0/email/send',
        origin: undefined,
        body: {
          lib_version: EMAIL_LIBRARY_VERSION,
          user_id: 'public-key',
          service_id: 'service-id',
          template_id: 'template-id',
          template_params: params,
        },
      },
    ]);
  });

  it("fails on any other answer: 500, or a 2xx that is neither 200 nor 'OK'", async () => {
    fake.answer({ kind: 'status', status: 500, text: 'Internal error' });
    await expect(sendInquiry(config, params)).rejects.toThrow('the email service answered 500 Internal error');
    fake.answer({ kind: 'status', status: 202, text: 'Queued' });
    await expect(sendInquiry(config, params)).rejects.toThrow('the email service answered 202 Queued');
    fake.answer({ kind: 'status', status: 201, text: 'OK' });
    await expect(sendInquiry(config, params)).resolves.toBeUndefined();
  });

  it('fails without any network call when an id is missing', async () => {
    for (const key of ['publicKey', 'serviceId', 'templateId'] as const) {
      await expect(sendInquiry({ ...config, [key]: '' }, params)).rejects.toThrow(`${key} missing`);
    }
    expect(fake.sends).toEqual([]);
  });

  it('fails when the service never answers', async () => {
    fake.answer({ kind: 'hang' });
    await expect(sendInquiry(config, params, 200)).rejects.toThrow('no answer from the email service within 0.2 s');
  });

  it('fails when the service cannot be reached, and says there was no connection', async () => {
    await expect(sendInquiry({ ...config, origin: 'http://127.0.0.1:9' }, params)).rejects.toThrow(
      /^no connection to the email service/,
    );
  });

  it('names a refusal (429) as the quota or rate limit, which refuses every request', async () => {
    fake.answer({ kind: 'status', status: 429, text: 'The monthly quota has been reached' });
    await expect(sendInquiry(config, params)).rejects.toThrow(
      'the email service refused the request (429 The monthly quota has been reached): quota or rate limit reached',
    );
    expect(fake.sends).toHaveLength(1);
  });

  it('fails when the connection drops before an answer', async () => {
    fake.answer({ kind: 'drop' });
    await expect(sendInquiry(config, params)).rejects.toThrow(/^no connection to the email service/);
    expect(fake.sends).toHaveLength(1);
  });
});

describe('failureCause, the words the console gets', () => {
  it('tells a refusal from a failure, a lost connection and anything else', () => {
    expect(failureCause({ status: 429, text: 'Too Many Requests' })).toBe(
      'the email service refused the request (429 Too Many Requests): quota or rate limit reached',
    );
    expect(failureCause({ status: 503, text: '' })).toBe('the email service answered 503');
    expect(failureCause(new TypeError('Failed to fetch'))).toBe('no connection to the email service (Failed to fetch)');
    expect(failureCause(new Error('no answer from the email service within 15 s'))).toBe(
      'no answer from the email service within 15 s',
    );
    expect(failureCause('odd')).toBe('odd');
  });

  it('does not call a 500 a quota problem (proof the 429 wording can fail)', () => {
    expect(failureCause({ status: 500, text: 'Internal error' })).not.toContain('quota');
  });
});
