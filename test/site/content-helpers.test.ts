import { describe, expect, it } from 'vitest';
import { formatDate } from '../../templates/lib/dates.ts';
import { markdownToText } from '../../templates/lib/markdown-text.ts';

describe('markdownToText (blog descriptions)', () => {
  it('keeps the hyphens inside words and drops only the Markdown marks', () => {
    const markdown =
      '## Heading\n\nA **self-contained** unit on a single-family lot.\n\n- first item\n* second item\n1. third item\n\n> a quote with `code` and a [link](/contact)';
    expect(markdownToText(markdown)).toBe(
      'A self-contained unit on a single-family lot. first item second item third item a quote with code and a link',
    );
  });
});

describe('dates on blog cards', () => {
  it('reads as en-US long dates, the same as Intl writes them, on every day of two years', () => {
    const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    expect(formatDate('2025-03-04')).toBe('March 4, 2025');
    for (let day = Date.UTC(2024, 0, 1); day < Date.UTC(2026, 0, 1); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10);
      expect(formatDate(iso), iso).toBe(intl.format(new Date(day)));
    }
  });
});
