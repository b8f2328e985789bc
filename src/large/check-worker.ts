// The worker half of a large build (see check-on-worker.ts): it takes each document the main thread renders
// through check → write, and sends back what the later stages need of it. It loads no site and no React, only the
// engine's checker and writer (pages/check-and-write.ts), so it starts at once and holds little.
import { parentPort } from 'node:worker_threads';
import { documentWriter } from '../pages/check-and-write.ts';
import { type CheckerMessage, type CheckerRequest, serialiseError } from './checker-messages.ts';

const port = parentPort;
if (!port) throw new Error('check-worker runs only as a worker thread.');
const send = (message: CheckerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const decoder = new TextDecoder();
let write: ReturnType<typeof documentWriter> | undefined;

port.on('message', (request: CheckerRequest) => {
  try {
    if (request.type === 'setup') {
      write = documentWriter(request.setup);
      return;
    }
    if (!write) throw new Error('The check worker was sent pages before its setup.');
    const pages = request.documents.map(({ index, route, bytes }) => {
      const buffer = Buffer.from(bytes);
      const checked = write!({ index, route, html: decoder.decode(buffer) }, buffer);
      // Without a staging folder the document goes back whole, moved rather than copied.
      return { index: checked.index, check: checked.check, document: checked.document && bytes };
    });
    send(
      { type: 'checked', pages },
      pages.flatMap(({ document }) => (document ? [document] : [])),
    );
  } catch (error) {
    send({ type: 'error', errors: serialiseError(error) });
  }
});
