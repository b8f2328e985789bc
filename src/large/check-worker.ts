// The worker half of a large build (see build-with-check-worker.ts): it takes each document the main thread renders
// through check → write, and sends back what the later stages need of it. It loads no site and no React, only the
// engine's checker and writer (pages/check-document.ts), so it starts at once and holds little.
import { parentPort } from 'node:worker_threads';
import type { PageCheckSetup } from '../check/page-check.ts';
import { checkDocument, pageCheckSetup, type PageSetup, writeDocument } from '../pages/check-document.ts';
import { type CheckedDocument, type CheckerMessage, type CheckerRequest, serialiseError } from './checker-messages.ts';

const port = parentPort;
if (!port) throw new Error('check-worker runs only as a worker thread.');
const send = (message: CheckerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const decoder = new TextDecoder();
let checking: { setup: PageSetup; pageCheck: PageCheckSetup } | undefined;

port.on('message', (request: CheckerRequest) => {
  try {
    if (request.type === 'setup') {
      checking = { setup: request.setup, pageCheck: pageCheckSetup(request.setup.check) };
      return;
    }
    if (!checking) throw new Error('The check worker was sent pages before its setup.');
    const { setup, pageCheck } = checking;
    const pages = request.documents.map(({ index, route, budget, bytes }): CheckedDocument => {
      const buffer = Buffer.from(bytes);
      const toCheck = { html: decoder.decode(buffer), bytes: buffer, route, budget };
      const facts = checkDocument(toCheck, setup.check, pageCheck);
      writeDocument(toCheck, setup.output);
      // Without a staging folder the document goes back whole, moved rather than copied.
      const document = setup.output === undefined ? bytes : undefined;
      return { index, facts, document };
    });
    send(
      { type: 'checked', pages },
      pages.flatMap(({ document }) => (document ? [document] : [])),
    );
  } catch (error) {
    send({ type: 'error', errors: serialiseError(error) });
  }
});
