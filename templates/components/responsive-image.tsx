import { imageAt, srcSetFor } from '../lib/image-urls.ts';

interface ResponsiveImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  /** The page's first large image: loaded eagerly with high priority. Everything else is lazy. */
  priority?: boolean;
  className?: string;
}

/** An image with explicit size (no layout shift), srcset from the host, lazy below the fold. */
export function ResponsiveImage({ src, alt, width, height, sizes, priority = false, className }: ResponsiveImageProps) {
  return (
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
}
