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
