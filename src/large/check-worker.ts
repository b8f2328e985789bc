// The worker half of a large build (see render-with-checker.ts): it takes each document the main thread renders
// through check → write, and sends back what the later stages need of it. It loads no site and no React, only the
// engine's checker and writer (render/check-and-write.ts), so it starts at once and holds little.
import { parentPort } from 'node:worker_threads';
import type { PageCheckSetup } from '../check/page-check.ts';
import { checkAndWrite, pageCheckSetup, type FinishSetup } from '../render/check-and-write.ts';
import { ID_SEPARATOR, serialiseError, type CheckedDocument, type CheckerMessage, type CheckerRequest } from './checker-messages.ts';

const port = parentPort;
if (!port) throw new Error('check-worker runs only as a worker thread.');
const send = (message: CheckerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const decoder = new TextDecoder();
let finishing: { setup: FinishSetup; check: PageCheckSetup } | undefined;

port.on('message', (request: CheckerRequest) => {
  try {
    if (request.type === 'setup') {
      finishing = { setup: request.setup, check: pageCheckSetup(request.setup) };
      return;
    }
    if (!finishing) throw new Error('The check worker was sent pages before its setup.');
    const { setup, check } = finishing;
    const pages = request.documents.map(({ index, route, budget, bytes }): CheckedDocument => {
      const buffer = Buffer.from(bytes);
      const facts = checkAndWrite(decoder.decode(buffer), buffer, route, budget, setup, check);
      // Without a staging folder the document goes back whole, moved rather than copied.
      const document = setup.output === undefined ? bytes : undefined;
      return { index, facts: { ...facts, findings: { ...facts.findings, ids: [] } }, ids: facts.findings.ids.join(ID_SEPARATOR), document };
    });
    send({ type: 'checked', pages }, pages.flatMap(({ document }) => (document ? [document] : [])));
  } catch (error) {
    send({ type: 'error', errors: serialiseError(error) });
  }
});
