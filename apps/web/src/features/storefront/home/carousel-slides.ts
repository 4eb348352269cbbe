import { CAROUSEL_PER_SLIDE } from '@vm/shared/constants';

/** Items in slides of 3 (CONST-18); the last slide may hold fewer. */
export function toSlides<T>(items: readonly T[], perSlide = CAROUSEL_PER_SLIDE): T[][] {
  const slides: T[][] = [];
  for (let i = 0; i < items.length; i += perSlide) slides.push(items.slice(i, i + perSlide));
  return slides;
}

/** HOME-10: next from the last slide is the first, previous from the first is the last. */
export function wrapSlide(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}
