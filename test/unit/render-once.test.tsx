import { type ReactNode, useId } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Island, IslandContext } from '../../src/render/island.tsx';
import { KEPT_MARKUP, MarkupCache, MarkupCacheContext, RenderOnce } from '../../src/render/render-once.tsx';

/** A footer whose renders are counted, and whose text shows which page's props it was rendered with. */
function countingFooter() {
  const rendered: string[] = [];
  function FooterContent({ label }: { label: string }) {
    rendered.push(label);
    return (
      <>
        <p>
          © {2026} {label}
        </p>
        <a href="/contact">Contact</a>
      </>
    );
  }
  return { rendered, FooterContent };
}

/** One page of a build: the cache is the build's, shared by every page the thread renders. */
function renderPage(cache: MarkupCache | null, page: ReactNode): string {
  return renderToStaticMarkup(<MarkupCacheContext.Provider value={cache}>{page}</MarkupCacheContext.Provider>);
}

describe('RenderOnce', () => {
  it('renders its children once per key in a build, and every page gets the same markup a plain render gives', () => {
    const { rendered, FooterContent } = countingFooter();
    const cache = new MarkupCache();
    const pages = ['one', 'two', 'three'].map((label) =>
      renderPage(
        cache,
        <main>
          <h1>{label}</h1>
          <RenderOnce as="footer" className="site-footer" cacheKey="footer">
            <FooterContent label="Acme" />
          </RenderOnce>
        </main>,
      ),
    );
    expect(rendered).toEqual(['Acme']);
    const plain = renderToStaticMarkup(
      <footer className="site-footer">
        <FooterContent label="Acme" />
      </footer>,
    );
    for (const [index, label] of ['one', 'two', 'three'].entries()) {
      expect(pages[index]).toBe(`<main><h1>${label}</h1>${plain}</main>`);
    }
  });

  it('keeps the markup placed most recently, and renders one it let go again, the same', () => {
    const { rendered, FooterContent } = countingFooter();
    const cache = new MarkupCache();
    const page = (key: string) =>
      renderPage(
        cache,
        <main>
          <RenderOnce as="header" cacheKey="header">
            <FooterContent label="header" />
          </RenderOnce>
          <RenderOnce as="div" cacheKey={key}>
            <FooterContent label={key} />
          </RenderOnce>
        </main>,
      );
    const first = page('city 0');
    for (let city = 1; city <= KEPT_MARKUP; city++) page(`city ${city}`);
    // The header, on every page, is kept, and so are the cities placed most recently; the first city was let go,
    // and comes back the same.
    const again = page('city 0');
    page(`city ${KEPT_MARKUP}`);
    page(`city ${KEPT_MARKUP - 200}`);
    expect(rendered.filter((label) => label === 'header')).toHaveLength(1);
    expect(rendered.filter((label) => label === 'city 0')).toHaveLength(2);
    expect(
      rendered.filter((label) => label === `city ${KEPT_MARKUP}` || label === `city ${KEPT_MARKUP - 200}`),
    ).toHaveLength(2);
    expect(again).toBe(first);
    expect(rendered).toHaveLength(1 + KEPT_MARKUP + 2);
  });

  it('lets a markup go only past what it keeps, the least recently placed first', () => {
    const cache = new MarkupCache();
    const renders: string[] = [];
    const html = (key: string) => cache.html(key, () => (renders.push(key), `<p>${key}</p>`));
    for (let index = 0; index < KEPT_MARKUP; index++) html(`k${index}`);
    html('k0'); // now the most recent: k1 is the least
    html('new'); // one past what it keeps
    expect(renders).toHaveLength(KEPT_MARKUP + 1);
    expect(html('k0')).toBe('<p>k0</p>');
    expect(html(`k${KEPT_MARKUP - 1}`)).toBe(`<p>k${KEPT_MARKUP - 1}</p>`);
    expect(renders).toHaveLength(KEPT_MARKUP + 1);
    expect(html('k1')).toBe('<p>k1</p>');
    expect(renders.slice(KEPT_MARKUP)).toEqual(['new', 'k1']);
  });

  it('renders each key of its own, and a new build afresh', () => {
    const { rendered, FooterContent } = countingFooter();
    const page = (cache: MarkupCache, label: string) =>
      renderPage(
        cache,
        <RenderOnce as="div" cacheKey={`footer ${label}`}>
          <FooterContent label={label} />
        </RenderOnce>,
      );
    const build = new MarkupCache();
    expect(page(build, 'a')).toContain('© 2026 a');
    expect(page(build, 'b')).toContain('© 2026 b');
    expect(page(build, 'a')).toContain('© 2026 a');
    expect(page(new MarkupCache(), 'a')).toContain('© 2026 a');
    expect(rendered).toEqual(['a', 'b', 'a']);
  });

  it("renders the holding element's attributes on every page, outside the shared markup", () => {
    const cache = new MarkupCache();
    const page = (current: string) =>
      renderPage(
        cache,
        <RenderOnce as="nav" cacheKey="nav" aria-label={`Main, on ${current}`} data-page={current}>
          <a href="/">Home</a>
        </RenderOnce>,
      );
    expect(page('/about')).toBe('<nav aria-label="Main, on /about" data-page="/about"><a href="/">Home</a></nav>');
    expect(page('/contact')).toBe(
      '<nav aria-label="Main, on /contact" data-page="/contact"><a href="/">Home</a></nav>',
    );
  });

  it('renders every time outside a build, where there is no cache', () => {
    const { rendered, FooterContent } = countingFooter();
    for (let index = 0; index < 2; index++) {
      renderPage(
        null,
        <RenderOnce as="footer" cacheKey="footer">
          <FooterContent label="Acme" />
        </RenderOnce>,
      );
    }
    expect(rendered).toEqual(['Acme', 'Acme']);
  });

  it('gives useId inside a prefix from its key: the same on every page, different for each key and from the page', () => {
    function Labelled({ text }: { text: string }) {
      const id = useId();
      return (
        <label htmlFor={id}>
          {text}
          <input id={id} />
        </label>
      );
    }
    // The first page renders the shared markup, the second reuses it: the page's own ids must not tell them apart.
    const cache = new MarkupCache();
    const page = () =>
      renderPage(
        cache,
        <>
          <Labelled text="before" />
          <RenderOnce as="div" cacheKey="first">
            <Labelled text="first" />
          </RenderOnce>
          <RenderOnce as="div" cacheKey="second">
            <Labelled text="second" />
          </RenderOnce>
          <Labelled text="after" />
        </>,
      );
    const html = page();
    expect(page()).toBe(html);
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
  });

  it('refuses an island inside, whose props and hydration belong to one page', () => {
    function Widget() {
      return <button type="button">Open</button>;
    }
    const collector = { registry: new Map(), used: [] };
    expect(() =>
      renderToStaticMarkup(
        <IslandContext.Provider value={collector}>
          <MarkupCacheContext.Provider value={new MarkupCache()}>
            <RenderOnce as="div" cacheKey="widget">
              <Island component={Widget} props={{}} hydrate="load" />
            </RenderOnce>
          </MarkupCacheContext.Provider>
        </IslandContext.Provider>,
      ),
    ).toThrow(/inside <RenderOnce>/);
  });
});
