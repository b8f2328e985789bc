import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { type DataOf, markdownFolder } from '../../src/core/site-definition.ts';

// Checked by `tsc --noEmit`, part of `npm test`: the records of a Markdown collection have `html` only when it
// renders its bodies.
const collections = {
  plain: markdownFolder('plain', z.object({})),
  rendered: markdownFolder('rendered', z.object({}), { html: (body) => body }),
};
type Data = DataOf<typeof collections>;

describe('Markdown collection types', () => {
  it('give html to the records of a collection with a renderer, and not to the others', () => {
    expectTypeOf<Data['rendered'][number]['html']>().toEqualTypeOf<string>();
    // @ts-expect-error a collection without a renderer has no html
    expectTypeOf<Data['plain'][number]['html']>().toEqualTypeOf<string>();
  });
});
