// The browser half of islands: finds each <site-island> marker, waits for its hydration moment, then loads
// the island's module and hydrates it with React. It holds no React itself, so a page pays for React only
// when an island actually hydrates. An island's server-rendered form works before that: a submit inside an island
// not yet hydrated is held, the island hydrated at once, and the submit made again when it has (see heldSubmits).

interface IslandModule {
  /** Resolves once the island has hydrated and its effects have run. */
  hydrate(element: Element, props: unknown, identifierPrefix: string): Promise<void>;
}

const INTERACTION_EVENTS = ['focusin', 'pointerdown', 'pointerover', 'keydown', 'touchstart'] as const;

function readJson(id: string): unknown {
  const text = document.getElementById(id)?.textContent;
  return text ? JSON.parse(text) : {};
}

const moduleUrls = readJson('site-islands') as Record<string, string>;

async function hydrate(element: HTMLElement): Promise<void> {
  if (element.dataset.hydrated) return;
  element.dataset.hydrated = 'pending';
  const name = element.dataset.island ?? '';
  const uid = element.dataset.uid ?? '';
  try {
    const url = moduleUrls[name];
    if (!url) throw new Error(`no module URL for island "${name}"`);
    const module = (await import(/* @vite-ignore */ url)) as IslandModule;
    await module.hydrate(element, readJson(`site-island-props-${uid}`), `${uid}-`);
    element.dataset.hydrated = 'true';
    replayHeldSubmit(element);
  } catch (error) {
    element.dataset.hydrated = 'failed';
    console.error(`[site] island "${name}" failed to hydrate`, error);
  }
}

/** The last submit made inside each island before it hydrated: its form and the button that made it, if any. */
const heldSubmits = new Map<HTMLElement, { form: HTMLFormElement; submitter: HTMLElement | null }>();

// In the capture phase on the document, before React's own listener on the island: until the island has
// hydrated, a submit is neither sent natively (its fields in a URL) nor lost. Only the last is kept, so a form
// pressed twice while React loads is sent once.
document.addEventListener(
  'submit',
  (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const island = form.closest<HTMLElement>('site-island');
    if (!island || island.dataset.hydrated === 'true') return;
    event.preventDefault();
    event.stopPropagation();
    heldSubmits.set(island, { form, submitter: event.submitter });
    void hydrate(island);
  },
  true,
);

/** Makes the island's held submit again, now that React handles it, from the same button where it still can. */
function replayHeldSubmit(island: HTMLElement): void {
  const held = heldSubmits.get(island);
  heldSubmits.delete(island);
  if (!held?.form.isConnected) return;
  const { form, submitter } = held;
  const usable = submitter instanceof HTMLButtonElement && submitter.form === form && !submitter.disabled;
  // Safari before 16 has no requestSubmit: the event alone reaches React's handler, as the visitor's would have.
  if (typeof form.requestSubmit === 'function') form.requestSubmit(usable ? submitter : null);
  else form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
}

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}

// The marker is display: contents and has no box of its own, so the observer watches its children.
function whenVisible(element: HTMLElement, run: () => void): void {
  const children = [...element.children];
  if (children.length === 0 || !('IntersectionObserver' in window)) return whenIdle(run);
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        run();
      }
    },
    { rootMargin: '200px' },
  );
  for (const child of children) observer.observe(child);
}

function whenMedia(query: string, run: () => void): void {
  const list = window.matchMedia(query);
  if (list.matches) return run();
  const onChange = () => {
    if (!list.matches) return;
    list.removeEventListener('change', onChange);
    run();
  };
  list.addEventListener('change', onChange);
}

function whenInteracted(element: HTMLElement, run: () => void): void {
  const onFirst = () => {
    for (const type of INTERACTION_EVENTS) element.removeEventListener(type, onFirst, true);
    run();
  };
  for (const type of INTERACTION_EVENTS) element.addEventListener(type, onFirst, { capture: true, passive: true });
}

for (const element of document.querySelectorAll<HTMLElement>('site-island')) {
  const run = () => void hydrate(element);
  switch (element.dataset.when) {
    case 'idle':
      whenIdle(run);
      break;
    case 'visible':
      whenVisible(element, run);
      break;
    case 'media':
      whenMedia(element.dataset.media ?? 'all', run);
      break;
    case 'interaction':
      whenInteracted(element, run);
      break;
    default:
      run();
  }
}
