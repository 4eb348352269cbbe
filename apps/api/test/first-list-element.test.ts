import { describe, expect, it } from 'vitest';
import { firstListElement } from '../src/features/storefront-pages/page-html.ts';

/*
 * A results page reads only its first card, for the photo it preloads (page-html.ts): the first
 * element of a list answer, cut from its JSON without reading the rest.
 */
const first = (value: unknown) => {
  const bytes = firstListElement(Buffer.from(JSON.stringify(value)), 'vehicles');
  return bytes === undefined ? undefined : JSON.parse(bytes.toString());
};

describe('firstListElement', () => {
  it('cuts the first element whole, whatever its strings hold', () => {
    const card = {
      id: 'a',
      title: 'Braces } ] { [ and "quotes" and a backslash \\ at the end\\',
      tags: ['x', 'y'],
      image: { url: '/u/1.webp', sizes: [[1, 2], { n: null }] },
      note: 'Ünïcödé “quoted” 🚗 </script>',
    };
    const answer = { vehicles: [card, { id: 'b', title: '}]' }], total: 2, page: 1 };
    expect(first(answer)).toEqual(card);
  });

  it('has nothing for an empty list, another list or another shape', () => {
    expect(first({ vehicles: [], total: 0 })).toBeUndefined();
    expect(first({ total: 1, vehicles: [{ id: 'a' }] })).toBeUndefined();
    expect(first({ makes: ['Ford'] })).toBeUndefined();
    expect(first({ vehicles: ['Ford'] })).toBeUndefined();
    expect(firstListElement(Buffer.from('{"vehicles":[{"id":"a"'), 'vehicles')).toBeUndefined();
  });
});
