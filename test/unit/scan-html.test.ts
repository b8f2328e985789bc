import { describe, expect, it } from 'vitest';
import { didYouMean } from '../../src/check/did-you-mean.ts';
import { scanHtmlFast } from '../../src/check/scan-fast.ts';
import { scanHtml, scanHtmlFull, srcsetUrls } from '../../src/check/scan-html.ts';

describe('scanHtml', () => {
  const page = `<!DOCTYPE html><html><head>
    <script src="/blocking.js"></script><script type="module" src="/ok.js"></script><script defer src="/deferred.js"></script>
    <script type="application/ld+json">{"@type":"Thing"}</script>
  </head><body>
    <h1 id="top-heading">Hi</h1><a name="old-anchor"></a>
    <a href="/about?x=1&amp;y=2#team">About</a>
    <picture><source srcset="https://img.example/a.avif 1x, https://img.example/a,b.avif 2x"><img src="/a.jpg" alt=""></picture>
    <video poster="https://stills.example/p.jpg"><source src="https://video.example/v.mp4"></video>
    <form action="/send"></form>
    <button onclick="go()" style="color:red">Go</button>
    <script>window.inline = true</script>
  </body></html>`;
  const scan = scanHtml(page);

  it('collects ids and named anchors', () => {
    expect([...scan.ids]).toEqual(['top-heading', 'old-anchor']);
  });

  it('collects every URL with the directive that fetches it, entities decoded', () => {
    expect(scan.links.map((l) => `${l.tag}[${l.attr}] ${l.url} ${l.fetch}`)).toEqual([
      'script[src] /blocking.js other',
      'script[src] /ok.js other',
      'script[src] /deferred.js other',
      'a[href] /about?x=1&y=2#team other',
      'source[srcset] https://img.example/a.avif image',
      'source[srcset] https://img.example/a,b.avif image',
      'img[src] /a.jpg image',
      'video[poster] https://stills.example/p.jpg image',
      'source[src] https://video.example/v.mp4 media',
      'form[action] /send other',
    ]);
  });

  it('finds the render-blocking head script and the inline code a strict CSP blocks, not data blocks', () => {
    expect(scan.renderBlockingScripts).toEqual(['/blocking.js']);
    expect(scan.blockedInline).toEqual(['<button onclick>', '<button style>', '<script>window.inline = true</script>']);
  });

  it('reads srcset candidates whose URLs hold commas', () => {
    expect(srcsetUrls('a.jpg 1x,b.jpg 2x')).toEqual(['a.jpg', 'b.jpg']);
    expect(srcsetUrls('https://x.example/i?w=1,2 400w, /c.jpg')).toEqual(['https://x.example/i?w=1,2', '/c.jpg']);
    expect(srcsetUrls('  /only.jpg  ')).toEqual(['/only.jpg']);
  });
});

describe('the fast scan', () => {
  it('finds what the full tokenizer finds in the sample page', () => {
    const page =
      '<!DOCTYPE html><html><head><title>A &amp; B</title><script src="/b.js"></script></head><body><svg><path d="M0"/></svg>' +
      '<p id="x">1 < 2</p><a href="/q?a=1&amp;b=&#50;&#x33;">q</a><img src=/bare.png alt><textarea><a href="/not-a-link"></a></textarea></body></html>';
    expect(scanHtmlFast(page)).toEqual(scanHtmlFull(page));
    expect(scanHtmlFast(page)!.links.map((l) => l.url)).toEqual(['/b.js', '/q?a=1&b=23', '/bare.png']);
  });

  it('decodes every entity as the full tokenizer does, legacy forms without a semicolon too', () => {
    for (const html of [
      '<a href="/x?a=1&copy=2">x</a>',
      '<a href="/x?a&b">x</a>',
      '<a href="/&copy&notin;&#x41;&#0;&bogus;">x</a>',
      '<a href=/x&ampy>x</a>',
    ]) {
      expect(scanHtmlFast(html), html).toEqual(scanHtmlFull(html));
    }
  });

  it('leaves to the full tokenizer what it does not know for certain', () => {
    for (const html of [
      '<![CDATA[x]]>',
      '<div/>',
      '<p id="x"',
      '<!-- open',
      '<script>x',
      '<iframe src="/f"></iframe>',
    ]) {
      expect(scanHtmlFast(html), html).toBeUndefined();
      expect(scanHtml(html), html).toEqual(scanHtmlFull(html));
    }
  });

  it('reads only the attributes the checks use, so an odd entity elsewhere keeps the fast path and the same result', () => {
    const html =
      '<p class="a &copy b" data-x="&bogus;"><a HREF="/y?a=1&amp;b=2" onClick="go()" Style="x" href="/second">y</a></p>';
    expect(scanHtmlFast(html)).toEqual(scanHtmlFull(html));
    expect(scanHtmlFast(html)!.links.map((l) => l.url)).toEqual(['/y?a=1&b=2']);
    expect(scanHtmlFast(html)!.blockedInline).toEqual(['<a onclick>', '<a style>']);
  });

  it('follows open elements as the full tokenizer does: stray end tags, self-closing tags inside svg and math only', () => {
    const html =
      '<!DOCTYPE html><html><head><script SRC="/h.js" Async></script><script src="/blocking.js" data-defer></script></head><body></p></div>' +
      '<div id="d"><svg><g><path d="M0"/><circle r="1"/></g><a href="/in-svg">s</a></svg><math><mi/></math>' +
      '<video poster="/p.jpg"><source src="/v.mp4"></video><img Src="/a.jpg" SRC="/b.jpg" alt="" sizes="1px" title="t"><a hreflang="en" HREF="/x" ONCLICK="y()">x</a></div></body></html>';
    expect(scanHtmlFast(html)).toEqual(scanHtmlFull(html));
    const scan = scanHtmlFast(html)!;
    expect(scan.links.map((l) => `${l.tag}[${l.attr}] ${l.url} ${l.fetch}`)).toEqual([
      'script[src] /h.js other',
      'script[src] /blocking.js other',
      'a[href] /in-svg other',
      'video[poster] /p.jpg image',
      'source[src] /v.mp4 media',
      'img[src] /a.jpg image',
      'a[href] /x other',
    ]);
    expect(scan.renderBlockingScripts).toEqual(['/blocking.js']);
    expect(scan.blockedInline).toEqual(['<a onclick>']);
    // Outside svg and math, a self-closing tag is not known for certain.
    expect(scanHtmlFast('<svg><path/></svg><div/>')).toBeUndefined();
  });

  it('reads any tag name the same way: upper case, unknown, or the name of an object property', () => {
    const html =
      '<HTML><Head><SCRIPT src="/h.js"></script></Head><BODY><Math><mi/></Math><aside><svg><path/></svg></aside>' +
      '<constructor id="c"><a href="/in-custom">c</a></constructor><toString href="/not-a-link"></toString><x-card id="x"></x-card>' +
      '<TEXTAREA><a href="/in-textarea"></a></textarea><IMG SRC="/i.png"><Source srcset="/s.png 2x"></BODY></HTML>';
    expect(scanHtmlFast(html)).toEqual(scanHtmlFull(html));
    const scan = scanHtmlFast(html)!;
    expect(scan.links.map((l) => `${l.tag}[${l.attr}] ${l.url}`)).toEqual([
      'script[src] /h.js',
      'a[href] /in-custom',
      'img[src] /i.png',
      'source[srcset] /s.png',
    ]);
    expect([...scan.ids]).toEqual(['c', 'x']);
    expect(scan.renderBlockingScripts).toEqual(['/h.js']);
    // An element only the full rules read, in capitals; a raw-text element whose end tag is in capitals (the fast
    // path looks for it in lower case).
    for (const other of ['<IFRAME src="/f"></IFRAME>', '<TITLE>x</TITLE><a href="/a">a</a>']) {
      expect(scanHtmlFast(other), other).toBeUndefined();
      expect(scanHtml(other), other).toEqual(scanHtmlFull(other));
    }
  });
});

describe('did you mean', () => {
  it('suggests the closest path within a typo’s distance, and nothing when none is close', () => {
    expect(didYouMean('/servics/additions', ['/services', '/services/additions', '/about'])).toBe(
      '/services/additions',
    );
    expect(didYouMean('/zzzzzz', ['/services', '/about'])).toBeUndefined();
    // Two edits are always close enough; past that, 40% of the length asked for. The first of equals wins.
    expect(didYouMean('ab', ['abcd', 'xyz'])).toBe('abcd');
    expect(didYouMean('/abut', new Set(['/abot', '/about']))).toBe('/abot');
    expect(didYouMean('/kitchen', ['/kit'])).toBeUndefined();
    expect(didYouMean('/kitchen-remodl-san-jose', ['/kitchen-remodel-san-mateo'])).toBe('/kitchen-remodel-san-mateo');
    expect(didYouMean('/x', [])).toBeUndefined();
  });
});
