// The popup consultation (spec sections 2 and 4): the floating 'Schedule Now' button appears after 23 s on
// the page; it opens a modal <dialog> with the short form. The browser keeps focus inside the modal, closes it
// on Escape and returns focus to the button; the form island inside hydrates when focus first reaches it.
import { POPUP_DELAY_MS } from '../constants.ts';
import { placeNoticeRegion } from './notices.ts';

export function setUpPopup(trigger: HTMLButtonElement, dialog: HTMLDialogElement): void {
  setTimeout(() => {
    trigger.hidden = false;
  }, POPUP_DELAY_MS);
  trigger.addEventListener('click', () => {
    dialog.showModal();
    // Notices must live inside the modal while it is open: everything outside is inert.
    placeNoticeRegion();
    dialog.querySelector<HTMLElement>('input:not([type="hidden"]):not([tabindex="-1"])')?.focus();
  });
  for (const button of dialog.querySelectorAll<HTMLButtonElement>('[data-close-dialog]')) button.addEventListener('click', () => dialog.close());
  // The dialog's own box has no padding, so a click on the dialog element itself is a click on the backdrop.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => placeNoticeRegion());
}
