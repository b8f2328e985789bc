// The gallery filter (spec sections 2 and 4): All (the default) or one category. The choice is kept in the
// address (?category=kitchen-remodel), so a reload or a shared link shows the same projects.
import { categorySlug } from '../lib/category-slug.ts';

const CATEGORY_PARAM = 'category';

export function enhanceGalleryFilter(root: HTMLElement): void {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('.filter-button')];
  const items = [...root.querySelectorAll<HTMLElement>('.gallery-grid > li')];
  const empty = root.querySelector<HTMLElement>('.gallery-empty');
  const status = root.querySelector<HTMLElement>('.gallery-status');
  const all = buttons[0]?.dataset.category ?? 'All';

  const apply = (category: string, remember: boolean) => {
    for (const button of buttons) button.setAttribute('aria-pressed', String(button.dataset.category === category));
    let shown = 0;
    for (const item of items) {
      item.hidden = category !== all && item.dataset.category !== category;
      if (!item.hidden) shown += 1;
    }
    if (empty) empty.hidden = shown > 0;
    if (status) {
      status.textContent =
        shown === 0 ? (empty?.textContent ?? '') : category === all ? `Showing all ${shown} projects.` : `Showing ${shown} ${shown === 1 ? 'project' : 'projects'} in ${category}.`;
    }
    if (remember) {
      const url = new URL(window.location.href);
      if (category === all) url.searchParams.delete(CATEGORY_PARAM);
      else url.searchParams.set(CATEGORY_PARAM, categorySlug(category));
      window.history.replaceState(window.history.state, '', url);
    }
  };

  for (const button of buttons) button.addEventListener('click', () => apply(button.dataset.category ?? all, true));
  const asked = new URLSearchParams(window.location.search).get(CATEGORY_PARAM);
  const fromAddress = buttons.find((button) => button.dataset.category !== all && categorySlug(button.dataset.category ?? '') === asked);
  apply(fromAddress?.dataset.category ?? all, false);
}
