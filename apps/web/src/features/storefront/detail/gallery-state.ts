import { GALLERY_THUMBS_PER_PAGE } from '@vm/shared/constants';

/** The thumbnail page (0-based) that holds an image. */
export const thumbPageOf = (index: number, perPage = GALLERY_THUMBS_PER_PAGE) => Math.floor(index / perPage);

export const thumbPageCount = (images: number, perPage = GALLERY_THUMBS_PER_PAGE) =>
  Math.max(1, Math.ceil(images / perPage));

/** DETAIL-05: one image back or forward, wrapping at either end. */
export function stepImage(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** DETAIL-06: one thumbnail page back or forward, stopping at the first and last page. */
export function stepThumbPage(page: number, step: number, images: number): number {
  return Math.min(thumbPageCount(images) - 1, Math.max(0, page + step));
}

/**
 * The photos with the one starred as default first, the others in their order (issue #20): the
 * page opens on it as "1 / n" and it leads the thumbnails. An index out of range changes nothing.
 */
export function defaultFirst<T>(images: readonly T[], defaultIndex: number): T[] {
  const starred = images[defaultIndex];
  if (defaultIndex <= 0 || starred === undefined) return [...images];
  return [starred, ...images.slice(0, defaultIndex), ...images.slice(defaultIndex + 1)];
}
