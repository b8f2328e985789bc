import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers the next sends: accept ('OK'), fail with a status, never answer, or drop the connection. */
export type FakeAnswer =
  | { kind: 'ok' }
  | { kind: 'status'; status: number; text: string }
  | { kind: 'hang' }
  | {
      kind: 'drop';
    };

/** One POST the fake received: its path, parsed JSON body and the page's origin. */
export interface RecordedSend {
  path: string;
  body: unknown;
  origin: string | undefined;
}

/** A stand-in for api.emailjs.com on 127.0.0.1: it answers the CORS preflight and records every send. */
export interface FakeEmailJs {
  origin: string;
  sends: RecordedSend[];
  /** Preflight (OPTIONS) requests seen, to prove a send that should not happen made no network call at all. */
  preflights: number;
  answer(answer: FakeAnswer): void;
  close(): Promise<void>;
}

export async function startFakeEmailJs(): Promise<FakeEmailJs> {
  let answer: FakeAnswer = { kind: 'ok' };
  const sends: RecordedSend[] = [];
  const hanging = new Set<http.ServerResponse>();
  const fake = { sends, preflights: 0 };
  const server = http.createServer((req, res) => {
    const cors = {
      'Access-Control-Allow-Origin': req.headers.origin ?? '*',
      'Access-Control-Allow-Headers': 'Content-Type',
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
    };
    if (req.method === 'OPTIONS') {
      fake.preflights += 1;
      res.writeHead(204, cors).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Recorded as text; the test's assertion on the body then fails and shows it.
      }
      sends.push({ path: req.url ?? '', body, origin: req.headers.origin });
      if (answer.kind === 'hang') {
        hanging.add(res);
        return;
      }
      // A connection lost mid-request: the socket closes with no answer at all.
      if (answer.kind === 'drop') {
        req.socket.destroy();
        return;
      }
      const [status, reply] = answer.kind === 'ok' ? [200, 'OK'] : [answer.status, answer.text];
      res.writeHead(status, { ...cors, 'Content-Type': 'text/plain' }).end(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    sends,
    get preflights() {
      return fake.preflights;
    },
    answer(next) {
      answer = next;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
