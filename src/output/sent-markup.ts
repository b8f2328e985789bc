import type { MarkupPlace } from '../check/shared-markup.ts';
import { RecentlyUsed } from '../recently-used.ts';
import { KEPT_MARKUP, type SharedMarkup } from '../render/render-once.tsx';

/**
 * Shared markup as a job names it: by number, with its markup the first time the write thread meets it, and with
 * its place in the document where the renderer found it.
 */
export type SharedMarkupRef = Pick<SharedMarkup, 'id'> & Partial<SharedMarkup> & Partial<Pick<MarkupPlace, 'start'>>;

/**
 * The shared markup a write thread holds, as the thread that sends it jobs tracks it: at most KEPT_MARKUP, as a
 * render thread keeps, the least recently named let go first, so a site with a markup per city holds few on
 * either thread. One let go is sent whole again if a page names it again.
 */
export class SentMarkup {
  /** By number, in the order last named. */
  private readonly held = new RecentlyUsed<number, true>(KEPT_MARKUP);
  /** Let go since the last batch: the write thread drops them once it has done that batch's jobs. */
  private forgotten = new Set<number>();

  /** How a job names `item`: by number if the write thread holds it, else whole. */
  ref(item: SharedMarkup | MarkupPlace): SharedMarkupRef {
    const [markup, start] = 'markup' in item ? [item.markup, item.start] : [item, undefined];
    const place = start === undefined ? {} : { start };
    if (this.held.use(markup.id)) return { id: markup.id, ...place };
    // Let go earlier in this batch, and sent again: the write thread keeps it after all.
    this.forgotten.delete(markup.id);
    const dropped = this.held.add(markup.id, true);
    if (dropped !== undefined) this.forgotten.add(dropped);
    return { ...markup, ...place };
  }

  /** What the write thread is to drop after the batch now sent: markup no job after it names by number. */
  takeForgotten(): number[] {
    const forgotten = [...this.forgotten];
    this.forgotten = new Set();
    return forgotten;
  }
}
