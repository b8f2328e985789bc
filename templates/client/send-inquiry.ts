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
 * Resolves when the e-mail service accepted the request: status 200 or the text 'OK'. Anything else rejects:
 * a missing id (without any network call), an error status, a network failure, or no answer within the timeout.
 */
export async function sendInquiry(config: EmailServiceConfig, params: Record<string, string>, timeoutMs = SEND_TIMEOUT_MS): Promise<void> {
  const missing = (['publicKey', 'serviceId', 'templateId'] as const).filter((key) => !config[key]);
  if (missing.length > 0) throw new Error(`the e-mail service is not configured: ${missing.join(', ')} missing`);
  init({ publicKey: config.publicKey }, config.origin);
  const response = await withTimeout(send(config.serviceId, config.templateId, params), timeoutMs);
  if (response.status !== 200 && response.text !== 'OK') throw new Error(`the e-mail service answered ${response.status} ${response.text}`);
}

/** EmailJS has no timeout of its own; without one a hung request would leave the form submitting for ever. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the e-mail service within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
