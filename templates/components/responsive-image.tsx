import { imageAt, PHONE_SCREEN_MAX, srcSetFor } from '../lib/image-urls.ts';

interface ResponsiveImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  /** The page's first large image: loaded eagerly with high priority. Everything else is lazy. */
  priority?: boolean;
  /**
   * The widest file a phone (a screen up to PHONE_SCREEN_MAX px) may fetch, for a picture that is a preview
   * or a backdrop rather than the photo itself: the home hero under its overlay, the featured tiles that
   * lead to the gallery. Without it a phone takes the width `sizes` asks for at its pixel density.
   */
  phoneMaxWidth?: number;
  className?: string;
}

/** An image with explicit size (no layout shift), srcset from the host, lazy below the fold. */
export function ResponsiveImage({ src, alt, width, height, sizes, priority = false, phoneMaxWidth, className }: ResponsiveImageProps) {
  const image = (
    <img
      className={className}
      src={imageAt(src, Math.min(width, 1200))}
      srcSet={srcSetFor(src)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
    />
  );
  const phoneSet = phoneMaxWidth === undefined ? undefined : srcSetFor(src, phoneMaxWidth);
  if (!phoneSet) return image;
  return (
    <picture>
      <source media={`(max-width: ${PHONE_SCREEN_MAX}px)`} srcSet={phoneSet} sizes={sizes} />
      {image}
    </picture>
  );
}
