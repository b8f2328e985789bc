import type { PageCheck } from '../check/page-check.ts';
import { type ErrorCode, SiteError, SiteErrorList } from '../core/errors.ts';
import type { PageSetup, RenderedDocument } from '../pages/page-loop.ts';

/** One rendered document for the check worker: its page and route, and its UTF-8 bytes, which move to the worker. */
export type DocumentToCheck = Omit<RenderedDocument, 'html'> & { bytes: ArrayBuffer };

/** What the main thread sends the check worker: how to check and write pages (once), then rendered documents, a batch at a time. */
export type CheckerRequest =
  { type: 'setup'; setup: Pick<PageSetup, 'check' | 'output'> } | { type: 'documents'; documents: DocumentToCheck[] };

/** What the check worker sends back: the pages of each batch, checked (with each document when nothing is written), or what went wrong. */
export type CheckerMessage =
  | { type: 'checked'; pages: Array<{ index: number; check: PageCheck; document: ArrayBuffer | undefined }> }
  | { type: 'error'; errors: PlainError[] };

/** An error as plain data, to cross between threads: a SiteError keeps its code, file, field and hint. */
export interface PlainError {
  code?: ErrorCode;
  message: string;
  file?: string | undefined;
  field?: string | undefined;
  hint?: string;
}

export function serialiseError(error: unknown): PlainError[] {
  const errors = error instanceof SiteErrorList ? error.errors : [error];
  return errors.map((e) =>
    e instanceof SiteError
      ? { code: e.code, message: e.message, file: e.file, field: e.field, hint: e.hint }
      : { message: e instanceof Error ? (e.stack ?? e.message) : String(e) },
  );
}

export function reviveErrors(errors: readonly PlainError[]): Error {
  const revived = errors.map((e) =>
    e.code ? new SiteError(e.code, e.message, { file: e.file, field: e.field, hint: e.hint }) : new Error(e.message),
  );
  const other = revived.find((e) => !(e instanceof SiteError));
  if (other) return other;
  return revived.length === 1 ? revived[0]! : new SiteErrorList(revived as SiteError[]);
}
