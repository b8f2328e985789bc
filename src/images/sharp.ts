/** sharp, loaded only by a build that reads or encodes a photo: its native library takes a third of a second to load. */
export const loadSharp = async (): Promise<typeof import('sharp')> =>
  ((await import('sharp')) as { default: typeof import('sharp') }).default;
