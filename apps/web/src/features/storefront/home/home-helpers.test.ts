import { HOME_CATEGORY_TILES } from '@vm/shared/constants';
import { describe, expect, it } from 'vitest';
import { toSlides, wrapSlide } from './carousel-slides';
import { categoryHref } from './category-grid';
import { homeSearchTarget } from './home-search-panel';

describe('home helpers', () => {
  it('CONST-18 HOME-07 cuts vehicles into slides of 3', () => {
    expect(toSlides([1, 2, 3, 4, 5, 6, 7])).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(toSlides([])).toEqual([]);
  });

  it('HOME-10 wraps from the last slide to the first and back', () => {
    expect(wrapSlide(2, 2)).toBe(0);
    expect(wrapSlide(-1, 2)).toBe(1);
    expect(wrapSlide(0, 0)).toBe(0);
  });

  it('HOME-06 SEARCH-24 sends make, minYear and maxYear; a make picked in any case is the list spelling', () => {
    const makes = ['Ford', 'Mercedes-Benz'];
    expect(homeSearchTarget(makes, 'mercedes-benz', '1960', '1970')).toBe(
      '/vehicles?make=Mercedes-Benz&minYear=1960&maxYear=1970',
    );
    expect(homeSearchTarget(makes, '', '', '')).toBe('/vehicles');
    expect(homeSearchTarget(makes, 'Ford', '', '2000')).toBe('/vehicles?make=Ford&maxYear=2000');
    // Text that is not a make becomes a keyword search instead of a filter that matches nothing.
    expect(homeSearchTarget(makes, 'fastback', '', '')).toBe('/vehicles?query=fastback');
  });

  it('HOME-28 CONST-34 links each tile to its category filter; RVs & Boats to both categories', () => {
    expect(HOME_CATEGORY_TILES).toHaveLength(21);
    const href = (label: string) => categoryHref(HOME_CATEGORY_TILES.find((t) => t.label === label)?.categories ?? []);
    expect(href('Classics')).toBe('/vehicles?category=Classics');
    expect(href('Performance')).toBe('/vehicles?category=Performance+Cars');
    expect(new URLSearchParams(href('RVs & Boats').split('?')[1]).get('category')).toBe('RVs,Trailers & Boats');
  });
});
