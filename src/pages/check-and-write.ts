// A rendered document's way through check → write, on whichever thread holds it. Apart from the renderer, so that
// the check worker (large/check-worker.ts) loads no React.
import { pageChecker } from '../check/page-check.ts';
import { placeFile } from '../output/place-file.ts';
import type { CheckedDocument, PageSetup, PageSink, RenderedDocument } from './page-loop.ts';

/** Checks each document of a build (its text and its UTF-8 bytes) and writes it into the staging folder, if the build writes. */
export function documentWriter(
  setup: Pick<PageSetup, 'check' | 'output'>,
): (document: RenderedDocument, bytes: Uint8Array) => CheckedDocument {
  const check = pageChecker(setup.check);
  const { output } = setup;
  return ({ index, route, html }, bytes) => {
    const checked = check(route, html, bytes);
    if (output) placeFile(output.dir, route.outputFile, bytes, output.previous);
    return { index, check: checked, document: output ? undefined : bytes };
  };
}

/** The sink of a small site or a watch session: each document checked and written on this thread as it comes. */
export function checkOnThisThread(): PageSink {
  let write: ReturnType<typeof documentWriter> | undefined;
  let receive: (checked: CheckedDocument) => void = () => undefined;
  return {
    open(setup, onChecked) {
      write = documentWriter(setup);
      receive = onChecked;
    },
    take(document) {
      receive(write!(document, Buffer.from(document.html)));
      return undefined;
    },
    async drain() {},
    async close() {},
  };
}
