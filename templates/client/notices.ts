// Notices ("toasts", spec section 8): one polite live region per page, rendered empty by the layout so screen
// readers know it before anything is announced. Plain DOM, so a form island can use it without more React.
import { SUCCESS_NOTICE_MS } from '../constants.ts';

export const NOTICE_REGION_ID = 'site-notices';

export interface NoticeLink {
  text: string;
  href: string;
}

export interface Notice {
  title: string;
  description: string;
  /** `destructive` for failures: styled as an error and kept until dismissed. */
  variant?: 'default' | 'destructive';
  /** Ways to act right now, listed under the description after a short lead-in. */
  links?: { intro: string; items: readonly NoticeLink[] };
  /** Kept until dismissed or replaced, like a failure (a request waiting for the connection). */
  stays?: boolean;
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

/**
 * Shows a notice in place of any earlier one; a success closes itself after a while, a failure waits to be
 * dismissed. With `returnFocusTo`, the notice takes the focus (its links are then one Tab away, wherever the
 * region sits in the page) and gives it back to that element when dismissed.
 */
export function showNotice(notice: Notice, returnFocusTo?: HTMLElement | null): void {
  const region = placeNoticeRegion();
  if (!region) return;
  const destructive = notice.variant === 'destructive';
  const element = document.createElement('div');
  element.className = destructive ? 'notice notice-destructive' : 'notice';
  const title = paragraph('notice-title', notice.title);
  title.id = `${NOTICE_REGION_ID}-title`;
  const description = paragraph('notice-description', notice.description);
  description.id = `${NOTICE_REGION_ID}-description`;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'notice-close';
  close.setAttribute('aria-label', 'Dismiss notification');
  close.textContent = '×';
  close.addEventListener('click', () => {
    const hadFocus = element.contains(document.activeElement);
    element.remove();
    if (hadFocus) returnFocusTo?.focus();
  });
  element.append(title, description, ...(notice.links ? linkList(notice.links) : []), close);
  region.replaceChildren(element);
  if (returnFocusTo) takeFocus(element);
  if (!destructive && !notice.stays) closeLater(element, SUCCESS_NOTICE_MS);
}

function paragraph(className: string, text: string): HTMLParagraphElement {
  const element = document.createElement('p');
  element.className = className;
  element.textContent = text;
  return element;
}

/** The lead-in and the links, as a list so a screen reader says how many ways there are. */
function linkList(links: NonNullable<Notice['links']>): HTMLElement[] {
  const list = document.createElement('ul');
  list.className = 'notice-links';
  for (const { text, href } of links.items) {
    const link = document.createElement('a');
    link.href = href;
    link.textContent = text;
    const item = document.createElement('li');
    item.append(link);
    list.append(item);
  }
  return [paragraph('notice-links-intro', links.intro), list];
}

/** A named group that takes focus and says its title and text when it does. */
function takeFocus(element: HTMLElement): void {
  element.setAttribute('role', 'group');
  element.setAttribute('aria-labelledby', `${NOTICE_REGION_ID}-title`);
  element.setAttribute('aria-describedby', `${NOTICE_REGION_ID}-description`);
  element.tabIndex = -1;
  element.focus();
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
