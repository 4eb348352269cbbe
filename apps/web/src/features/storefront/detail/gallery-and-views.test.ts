import { beforeEach, describe, expect, it } from 'vitest';
import { stepImage, stepThumbPage, thumbPageCount, thumbPageOf } from './gallery-state';
import { browserFingerprint, hasViewed, markViewed, viewedVehicleIds } from './view-tracking';

describe('gallery steps', () => {
  it('DETAIL-05 moves one image with wrap-around at both ends', () => {
    expect(stepImage(0, 1, 6)).toBe(1);
    expect(stepImage(5, 1, 6)).toBe(0);
    expect(stepImage(0, -1, 6)).toBe(5);
    expect(stepImage(0, 1, 0)).toBe(0);
  });

  it('DETAIL-03 DETAIL-06 pages thumbnails by 5 and stops at the first and last page', () => {
    expect(thumbPageCount(12)).toBe(3);
    expect(thumbPageCount(0)).toBe(1);
    expect(thumbPageOf(4)).toBe(0);
    expect(thumbPageOf(5)).toBe(1);
    expect(stepThumbPage(0, 1, 12)).toBe(1);
    expect(stepThumbPage(2, 1, 12)).toBe(2);
    expect(stepThumbPage(0, -1, 12)).toBe(0);
  });
});

describe('views once per device', () => {
  beforeEach(() => localStorage.clear());

  it('ENTITY-50 DETAIL-34 keeps the viewed vehicle ids in local storage, without duplicates', () => {
    expect(hasViewed('v1')).toBe(false);
    markViewed('v1');
    markViewed('v2');
    markViewed('v1');
    expect(hasViewed('v1')).toBe(true);
    expect(viewedVehicleIds()).toEqual(['v2', 'v1']);
    localStorage.setItem('viewedVehicles', 'not json');
    expect(viewedVehicleIds()).toEqual([]);
  });

  it('ENTITY-51 makes one fingerprint per browser and keeps it', () => {
    const first = browserFingerprint();
    expect(first).toMatch(/^fp-[0-9a-f]{28}$/);
    expect(browserFingerprint()).toBe(first);
    expect(localStorage.getItem('browserFingerprint')).toBe(first);
    // Another browser with the same traits gets its own (a different random part).
    localStorage.clear();
    expect(browserFingerprint()).not.toBe(first);
  });
});
