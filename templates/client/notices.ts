// Notices ("toasts", spec section 8): one polite live region per page, rendered empty by the layout so screen
// readers know it before anything is announced. Plain DOM, so a form island can use it without more React.
import { SUCCESS_NOTICE_MS } from '../constants.ts';

export const NOTICE_REGION_ID = 'site-notices';

export interface Notice {
  title: string;
  description: string;
  /** `destructive` for failures: styled as an error and kept until dismissed. */
  variant?: 'default' | 'destructive';
}

/**
 * Puts the live region where a visitor can reach it: inside the open modal dialog (everything outside one is
 * inert and hidden from assistive technology), otherwise at the end of the body.
 */
export function placeNoticeRegion(): HTMLElement | null {
  const region = document.getElementById(NOTICE_REGION_ID);
  if (!region) return null;
  const home = openModalDialog() ?? document.body;
  if (region.parentElement !== home) home.append(region);
  return region;
}

/** Shows a notice in place of any earlier one; a success closes itself after a while, a failure waits to be dismissed. */
export function showNotice(notice: Notice): void {
  const region = placeNoticeRegion();
  if (!region) return;
  const destructive = notice.variant === 'destructive';
  const element = document.createElement('div');
  element.className = destructive ? 'notice notice-destructive' : 'notice';
  const title = document.createElement('p');
  title.className = 'notice-title';
  title.textContent = notice.title;
  const description = document.createElement('p');
  description.className = 'notice-description';
  description.textContent = notice.description;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'notice-close';
  close.setAttribute('aria-label', 'Dismiss notification');
  close.textContent = '×';
  close.addEventListener('click', () => element.remove());
  element.append(title, description, close);
  region.replaceChildren(element);
  if (!destructive) closeLater(element, SUCCESS_NOTICE_MS);
}

/** Closes the notice after `ms`, counting only while neither the pointer nor the focus is on it. */
function closeLater(element: HTMLElement, ms: number): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = () => {
    clearTimeout(timer);
    timer = setTimeout(() => element.remove(), ms);
  };
  const stop = () => clearTimeout(timer);
  element.addEventListener('pointerenter', stop);
  element.addEventListener('pointerleave', start);
  element.addEventListener('focusin', stop);
  element.addEventListener('focusout', start);
  start();
}

function openModalDialog(): HTMLDialogElement | null {
  try {
    return document.querySelector<HTMLDialogElement>('dialog:modal');
  } catch {
    // A browser without :modal: an open dialog is the best guess.
    return document.querySelector<HTMLDialogElement>('dialog[open]');
  }
}
