import { type ErrorCode, SiteError, SiteErrorList } from '../core/errors.ts';
import type { DocumentFacts, PageSetup } from '../pages/check-document.ts';
import type { Route } from '../routes/find-routes.ts';

/** One rendered document for the check worker: its page, where it goes, its HTML budget and its UTF-8 bytes. */
export interface DocumentToCheck {
  index: number;
  route: Pick<Route, 'path' | 'outputFile'>;
  budget: number | undefined;
  bytes: ArrayBuffer;
}

/** What the main thread sends the check worker: how to check and write pages (once), then rendered documents, a batch at a time. */
export type CheckerRequest = { type: 'setup'; setup: PageSetup } | { type: 'documents'; documents: DocumentToCheck[] };

/** One checked page: its facts, and its document when nothing is written. */
export interface CheckedDocument {
  index: number;
  facts: DocumentFacts;
  document: ArrayBuffer | undefined;
}

/** What the check worker sends back: the pages of each batch, checked, or what went wrong. */
export type CheckerMessage = { type: 'checked'; pages: CheckedDocument[] } | { type: 'error'; errors: PlainError[] };

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
