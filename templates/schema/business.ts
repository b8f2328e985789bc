import * as z from 'zod';

/** The business facts: the one file a real owner edits to change name, phone, address or licence line. */
export const businessSchema = z.strictObject({
  name: z.string().min(2),
  /** The name under an installed icon on a phone's home screen: 12 characters at most. */
  shortName: z.string().min(2).max(12),
  tagline: z.string().min(2),
  url: z.url({ protocol: /^https?$/ }),
  phone: z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/, 'write the phone as (408) 555-0142'),
  email: z.email(),
  address: z.strictObject({
    street: z.string().min(2),
    city: z.string().min(2),
    region: z.string().length(2),
    postalCode: z.string().regex(/^\d{5}$/, 'a five-digit ZIP code'),
    country: z.string().length(2),
  }),
  licenseLine: z.string().min(2),
  social: z.strictObject({ facebook: z.url(), instagram: z.url() }),
  foundedNote: z.string(),
  priceRange: z.string(),
  hours: z.strictObject({
    lines: z.array(z.string().min(1)).min(1),
    weekdays: z.strictObject({ opens: z.string().regex(/^\d{2}:\d{2}$/), closes: z.string().regex(/^\d{2}:\d{2}$/) }),
  }),
  geo: z.strictObject({ lat: z.number(), lng: z.number() }),
});

export type Business = z.infer<typeof businessSchema>;
