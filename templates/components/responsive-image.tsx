import { Picture } from '../../src/index.ts';
import { imageAt, LOCAL_PHOTO, PHONE_SCREEN_MAX, photoName, srcSetFor } from '../lib/image-urls.ts';

interface ResponsiveImageProps {
  /** An https:// URL, or a photo in data/images/ (`images/kitchen-1.jpg`, see LOCAL_PHOTO). */
  src: string;
  alt: string;
  /** The shape a remote image is cropped to by its host; a local photo keeps its own, upright. */
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

/**
 * An image with explicit size (no layout shift), lazy below the fold. A remote one takes its srcset from the host;
 * the owner's own photo becomes the engine's <Picture>: AVIF and WebP files the build encoded, by width.
 */
export function ResponsiveImage({ src, alt, width, height, sizes, priority = false, phoneMaxWidth, className }: ResponsiveImageProps) {
  if (LOCAL_PHOTO.test(src)) {
    const narrow = phoneMaxWidth === undefined ? undefined : { media: `(max-width: ${PHONE_SCREEN_MAX}px)`, maxWidth: phoneMaxWidth };
    return <Picture src={photoName(src)} alt={alt} sizes={sizes} className={className} priority={priority} narrow={narrow} />;
  }
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
