/** The service-area grid: hovering or focusing a city's tile highlights the tile and the city's point on the map. */
export function enhanceAreaHighlight(root: HTMLElement): void {
  const highlight = (city: string | undefined) => {
    for (const element of root.querySelectorAll<HTMLElement | SVGElement>('[data-city]')) {
      element.classList.toggle('is-highlighted', element.dataset.city === city);
    }
  };
  const cityOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>('.area-tile')?.dataset.city : undefined);
  root.addEventListener('pointerover', (event) => highlight(cityOf(event.target)));
  root.addEventListener('pointerleave', () => highlight(cityOf(document.activeElement)));
  root.addEventListener('focusin', (event) => highlight(cityOf(event.target)));
  root.addEventListener('focusout', (event) => highlight(cityOf(event.relatedTarget)));
}
