import { describe, expect, it } from 'vitest';
import { defaultFirst } from './gallery-state';
import { SWIPE_MIN_PX, swipeStep } from './swipe';

describe('issue #20: the starred photo first, and swipes', () => {
  it('puts the starred photo first and keeps the others in their order', () => {
    expect(defaultFirst(['a', 'b', 'c', 'd', 'e', 'f'], 2)).toEqual(['c', 'a', 'b', 'd', 'e', 'f']);
    expect(defaultFirst(['a', 'b'], 0)).toEqual(['a', 'b']);
    expect(defaultFirst(['a', 'b'], 7)).toEqual(['a', 'b']);
    expect(defaultFirst([], 0)).toEqual([]);
  });

  it('a mostly sideways move of at least the minimum steps; right to left is the next photo', () => {
    expect(swipeStep(-SWIPE_MIN_PX, 5)).toBe(1);
    expect(swipeStep(SWIPE_MIN_PX + 10, -5)).toBe(-1);
    expect(swipeStep(SWIPE_MIN_PX - 1, 0)).toBe(0);
    expect(swipeStep(-60, 80)).toBe(0);
  });
});
