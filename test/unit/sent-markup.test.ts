import { describe, expect, it } from 'vitest';
import { SentMarkup } from '../../src/output/sent-markup.ts';
import { KEPT_MARKUP, type SharedMarkup } from '../../src/render/render-once.tsx';

const markup = (id: number): SharedMarkup => ({ id, html: `<p>City ${id}</p>`, tag: 'div' });

describe('SentMarkup', () => {
  it('sends a markup whole the first time and by number after, with its place where one is known', () => {
    const sent = new SentMarkup();
    expect(sent.ref(markup(1))).toEqual(markup(1));
    expect(sent.ref(markup(1))).toEqual({ id: 1 });
    expect(sent.ref({ markup: markup(1), start: 40 })).toEqual({ id: 1, start: 40 });
    expect(sent.takeForgotten()).toEqual([]);
  });

  it('lets the least recently named go beyond what a render thread keeps, and sends it whole when named again', () => {
    const sent = new SentMarkup();
    sent.ref(markup(0));
    sent.ref(markup(1));
    for (let id = 2; id <= KEPT_MARKUP; id++) {
      sent.ref(markup(id));
      sent.ref(markup(1)); // named on every page, like a header
    }
    expect(sent.takeForgotten()).toEqual([0]);
    expect(sent.ref(markup(1))).toEqual({ id: 1 });
    expect(sent.ref(markup(0))).toEqual(markup(0));
    // Sending 0 again let the least recent of the others go.
    expect(sent.takeForgotten()).toEqual([2]);
  });

  it('keeps a markup let go and sent again within one batch, so the write thread does not drop what it was just sent', () => {
    const sent = new SentMarkup();
    for (let id = 0; id < KEPT_MARKUP; id++) sent.ref(markup(id));
    sent.ref(markup(KEPT_MARKUP)); // lets 0 go
    expect(sent.ref(markup(0))).toEqual(markup(0)); // lets 1 go
    expect(sent.takeForgotten()).toEqual([1]);
  });
});
