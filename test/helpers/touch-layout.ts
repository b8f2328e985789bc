import type { Page } from 'playwright-core';

/** What a person on a phone would trip on in the page as it is now: anything past the screen's right edge, and any control too small to tap. */
export interface LayoutProblems {
  /** The document's width, when it is wider than the screen (sideways scrolling); 0 when it fits. */
  overflow: number;
  /** Visible elements whose box runs past the right edge (inside a scrolling box too), one line each. */
  pastTheEdge: string[];
  /** Visible controls smaller than 44 × 44 px (WCAG 2.5.5), one line each: `button "Publish" 100x36`. */
  tooSmall: string[];
}

/** The smallest tap target a control may have, each way (WCAG 2.5.5; Apple's and Google's guidelines say the same). */
export const TAP_TARGET = 44;

/**
 * Measures the page in the browser. A control is a button, a link outside running text, a field, or an element with a
 * control's role. A wrapper with a control's role is measured by the control inside it, a select's search input by
 * the select around it, and a file input (hidden behind its button) not at all. Boxes of 1 px or less and what lies
 * in a clipped box are screen-reader text and do not count.
 */
export function layoutProblems(page: Page): Promise<LayoutProblems> {
  return page.evaluate((target) => {
    const width = document.documentElement.clientWidth;
    const pastTheEdge: string[] = [];
    const tooSmall: string[] = [];
    const controls =
      'label:has(> input[type=file]), button, a[href], input:not([type=hidden]):not([type=file]), select, textarea, ' +
      '[role=button], [role=option], [role=menuitem], [role=tab], [role=checkbox], [role=switch], [contenteditable=true]';
    const describe = (element: Element, box: DOMRect) => {
      const name = (
        element.getAttribute('aria-label') ??
        element.getAttribute('title') ??
        element.textContent ??
        ''
      ).trim();
      // Decap's class names end in its component's name (css-1gtfcgu-ToolbarContainer): the part worth reading.
      const component = /css-\w+-(\S+)/.exec(String(element.getAttribute('class')))?.[1] ?? '';
      return `${element.tagName.toLowerCase()}${component ? `.${component.slice(0, 40)}` : ''} "${name.slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`;
    };
    /** In a box clipped to nothing, as screen-reader text is (`clip: rect(1px, 1px, 1px, 1px)` and the like). */
    const screenReaderOnly = (element: Element): boolean => {
      for (let at: Element | null = element; at && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at);
        const box = at.getBoundingClientRect();
        if (style.clip !== 'auto' || style.clipPath !== 'none') return true;
        if (style.overflow === 'hidden' && (box.width <= 1 || box.height <= 1)) return true;
      }
      return false;
    };
    for (const element of document.querySelectorAll('body *')) {
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (screenReaderOnly(element)) continue;
      const style = getComputedStyle(element);
      if (box.right > width + 1 && style.position !== 'fixed')
        pastTheEdge.push(`${describe(element, box)} ends at ${Math.round(box.right)} px`);
      if (!element.matches(controls)) continue;
      // A link in running text is exempt (WCAG 2.5.5's inline exception); what lies in an editable area is text.
      if (
        (element.matches('a') && element.closest('p, li')) ||
        element.parentElement?.closest('[contenteditable=true]')
      ) {
        continue;
      }
      const inner = [...element.querySelectorAll('button, a[href], input:not([type=hidden])')].find(
        (child) => child.getBoundingClientRect().width > 1,
      );
      const select = element.matches('input') ? element.closest('[class*=-control], label') : null;
      const tap = (inner ?? select ?? element).getBoundingClientRect();
      if (tap.width < target || tap.height < target) tooSmall.push(describe(element, tap));
    }
    const scroll = document.documentElement.scrollWidth;
    return { overflow: scroll > width ? scroll : 0, pastTheEdge, tooSmall: [...new Set(tooSmall)] };
  }, TAP_TARGET);
}
