// Sends a consultation request through EmailJS from the browser (spec section 7).
import { init, send } from '@emailjs/browser';
import { SEND_TIMEOUT_MS } from '../constants.ts';

/** The build's public EmailJS settings (never a secret: the browser needs them to send). */
export interface EmailServiceConfig {
  publicKey: string;
  serviceId: string;
  templateId: string;
  /** The API origin, https://api.emailjs.com unless the build points it elsewhere (tests: a fake server). */
  origin: string;
}

/**
 * Resolves when the email service accepted the request: status 200 or the text 'OK'. Anything else rejects
 * with an Error whose message names the cause: a missing id (without any network call), an error status, a
 * refusal (429), a failed or dropped connection, or no answer within the timeout.
 */
export async function sendInquiry(config: EmailServiceConfig, params: Record<string, string>, timeoutMs = SEND_TIMEOUT_MS): Promise<void> {
  const missing = (['publicKey', 'serviceId', 'templateId'] as const).filter((key) => !config[key]);
  if (missing.length > 0) throw new Error(`the email service is not configured: ${missing.join(', ')} missing`);
  init({ publicKey: config.publicKey }, config.origin);
  let response: Answer;
  try {
    response = await withTimeout(send(config.serviceId, config.templateId, params), timeoutMs);
  } catch (error) {
    throw new Error(failureCause(error), { cause: error });
  }
  if (response.status !== 200 && response.text !== 'OK') throw new Error(failureCause(response));
}

/** What EmailJS resolves or rejects with when the service answered. */
interface Answer {
  status: number;
  text: string;
}

/** Why a send failed, in words for the console: 429 is the plan's quota or rate limit, which refuses every request. */
export function failureCause(error: unknown): string {
  if (isAnswer(error)) {
    const answer = `${error.status} ${error.text}`.trim();
    return error.status === 429 ? `the email service refused the request (${answer}): quota or rate limit reached` : `the email service answered ${answer}`;
  }
  // fetch rejects with a TypeError when the connection fails, is refused or drops before an answer.
  if (error instanceof TypeError) return `no connection to the email service (${error.message})`;
  return error instanceof Error ? error.message : String(error);
}

function isAnswer(value: unknown): value is Answer {
  return typeof value === 'object' && value !== null && typeof (value as Answer).status === 'number' && typeof (value as Answer).text === 'string';
}

/** EmailJS has no timeout of its own; without one a hung request would leave the form submitting for ever. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the email service within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
