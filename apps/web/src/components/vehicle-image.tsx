import { PLACEHOLDER_IMAGE, resolveImagePath } from '@vm/shared/image-path';
import type { VehicleImage as VehicleImageData } from '@vm/shared/vehicle';

interface Props {
  image: VehicleImageData | null | undefined;
  alt: string;
  /** The rendered width in CSS terms, so the browser picks the smallest file that is sharp enough. */
  sizes: string;
  /** The first big image of a page: fetched early and never lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * A stored vehicle photo with its WebP srcset (320/640/1280 wide) and intrinsic size, so the
 * page never shifts while it loads. Without a photo, the placeholder at the same ratio.
 */
export function VehicleImage({ image, alt, sizes, priority = false, className = '' }: Props) {
  const loading = priority ? 'eager' : 'lazy';
  if (!image) {
    return (
      <img
        src={PLACEHOLDER_IMAGE}
        alt={alt}
        width={640}
        height={400}
        loading={loading}
        decoding="async"
        className={className}
      />
    );
  }
  return (
    <img
      src={resolveImagePath(image.url)}
      srcSet={image.srcSet}
      sizes={sizes}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={loading}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
      className={className}
    />
  );
}

/** The smallest stored file of a photo (the first srcset entry), for thumbnails. */
export function smallestSource(image: VehicleImageData): string {
  const first = image.srcSet.split(',')[0]?.trim().split(/\s+/)[0];
  return resolveImagePath(first || image.url);
}
