import { describe, expect, it } from 'vitest';
import { defaultIndexAfterRemoval, type FormImage, moveImage, serverOrder } from './form-images';

describe('vehicle form images', () => {
  it('ADMIN-VEH-51: removing the default image resets the default index to 0', () => {
    expect(defaultIndexAfterRemoval(2, 2)).toBe(0);
  });
  it('ADMIN-VEH-52: removing an image before the default decreases the index by one', () => {
    expect(defaultIndexAfterRemoval(2, 0)).toBe(1);
  });
  it('ADMIN-VEH-53: removing an image after the default leaves the index unchanged', () => {
    expect(defaultIndexAfterRemoval(1, 3)).toBe(1);
  });
  it('ADMIN-VEH-31: moving images keeps the default on the same image', () => {
    expect(moveImage(['a', 'b', 'c'], 0, 0, 1)).toEqual({ images: ['b', 'a', 'c'], defaultIndex: 1 });
    expect(moveImage(['a', 'b', 'c'], 1, 0, 1)).toEqual({ images: ['b', 'a', 'c'], defaultIndex: 0 });
    expect(moveImage(['a', 'b', 'c'], 2, 0, 1)).toEqual({ images: ['b', 'a', 'c'], defaultIndex: 2 });
    expect(moveImage(['a', 'b'], 0, 0, -1)).toEqual({ images: ['a', 'b'], defaultIndex: 0 });
  });
  it('ADMIN-VEH-47: maps new files to the ids the upload returned, in form order', () => {
    const file = new File(['x'], 'x.jpg');
    const images: FormImage[] = [
      { kind: 'new', key: 'n1', file, previewUrl: 'blob:1' },
      { kind: 'existing', key: 'e1', id: 'old', url: '/u/old.webp' },
      { kind: 'new', key: 'n2', file, previewUrl: 'blob:2' },
    ];
    expect(serverOrder(images, ['up1', 'up2'])).toEqual(['up1', 'old', 'up2']);
    expect(serverOrder(images, null)).toEqual([null, 'old', null]);
  });
});
