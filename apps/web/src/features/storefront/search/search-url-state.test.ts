import { describe, expect, it } from 'vitest';
import { acceptedPage } from '../../../components/page-pager';
import { readSearchState, toSearchQuery, withFilter, withoutFilters, withPage } from '@vm/shared/search-url-state';

const params = (query: string) => new URLSearchParams(query);

describe('search state in the query string', () => {
  it('SEARCH-01 SEARCH-02 reads every filter, the sort and the page', () => {
    const state = readSearchState(
      params(
        'query=supra&make=Toyota&model=Supra&minPrice=10000&maxPrice=90000&minYear=1990&maxYear=1998&tags=hot,featured&listingType=auction&category=Japanese%2FJDM&sort=price_asc&page=3',
      ),
    );
    expect(state).toEqual({
      query: 'supra',
      make: 'Toyota',
      model: 'Supra',
      minPrice: '10000',
      maxPrice: '90000',
      minYear: '1990',
      maxYear: '1998',
      tags: ['hot', 'featured'],
      listingType: 'auction',
      category: 'Japanese/JDM',
      sort: 'price_asc',
      page: 3,
    });
  });

  it('SEARCH-24 reads yearFrom and yearTo as minYear and maxYear; minYear wins when both come', () => {
    expect(readSearchState(params('make=Ford&yearFrom=1960&yearTo=1970'))).toMatchObject({
      make: 'Ford',
      minYear: '1960',
      maxYear: '1970',
    });
    expect(readSearchState(params('minYear=1980&yearFrom=1960')).minYear).toBe('1980');
  });

  it('drops malformed values: unknown tags, listing types and sorts, bad numbers and pages, a model without a make', () => {
    const state = readSearchState(
      params('tags=hot,bogus&listingType=boat&sort=drop&minPrice=abc&maxYear=19x&page=-2&model=Supra'),
    );
    expect(state).toMatchObject({ tags: ['hot'], listingType: '', sort: '', minPrice: '', maxYear: '', page: 1 });
    expect(state.model).toBe('');
  });

  it('SEARCH-03 writes a changed filter and goes back to page 1; a new make clears the model', () => {
    const start = params('make=Ford&model=Mustang&yearFrom=1960&page=4');
    const make = withFilter(start, 'make', 'Chevrolet');
    expect(make.toString()).toBe('make=Chevrolet&yearFrom=1960');
    const year = withFilter(start, 'minYear', '1965');
    expect(year.get('minYear')).toBe('1965');
    expect(year.has('yearFrom')).toBe(false);
    expect(year.has('page')).toBe(false);
    expect(withFilter(start, 'tags', ['hot', 'new']).get('tags')).toBe('hot,new');
    expect(withFilter(start, 'make', '').has('make')).toBe(false);
    expect(withPage(start, 1).has('page')).toBe(false);
    expect(withPage(start, 2).get('page')).toBe('2');
    expect(withoutFilters(params('make=Ford&sort=year&page=2&other=kept')).toString()).toBe('other=kept');
  });

  it('SEARCH-15 SEARCH-16 sends 9 per page, with the preset of the auctions page over the URL', () => {
    const query = toSearchQuery(readSearchState(params('make=Ford&listingType=listing')), { listingType: 'auction' });
    expect(query).toMatchObject({ make: 'Ford', listingType: 'auction', page: 1, limit: 9, model: '', query: '' });
  });

  it('SEARCH-22 SEARCH-23 ignores a page change out of range or to the current page', () => {
    expect(acceptedPage(3, 0, 5)).toBeNull();
    expect(acceptedPage(3, 6, 5)).toBeNull();
    expect(acceptedPage(3, 3, 5)).toBeNull();
    expect(acceptedPage(3, 2.5, 5)).toBeNull();
    expect(acceptedPage(3, 4, 5)).toBe(4);
    expect(acceptedPage(3, 1, 5)).toBe(1);
  });
});
