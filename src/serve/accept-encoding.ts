import Negotiator from 'negotiator';

/** A body encoding the server can send. */
export type Encoding = 'br' | 'gzip' | 'identity';

const ENCODINGS: Encoding[] = ['br', 'gzip', 'identity'];

/** The coding the client rates highest (negotiator: `q=0` refuses one, `*` covers the rest), brotli first on a tie. */
export function chooseEncoding(header: string | undefined): Encoding {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': header } });
  // @types/negotiator (0.6) predates the `preferred` option of negotiator 1.0, which breaks ties.
  const encoding = negotiator.encoding as (
    available: Encoding[],
    options: { preferred: Encoding[] },
  ) => Encoding | undefined;
  return encoding.call(negotiator, ENCODINGS, { preferred: ENCODINGS }) ?? 'identity';
}
