import { describe, expect, it } from 'vitest';
import { copyName, pageItems } from './profile-list';

describe('page buttons', () => {
  it('lists every page up to 7', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('shows a window of 7 around the current page with the first and last and ellipses', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 'end-gap', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'start-gap', 7, 8, 9, 10, 11, 12, 13, 'end-gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'start-gap', 14, 15, 16, 17, 18, 19, 20]);
    expect(pageItems(5, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(pageItems(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
  it('names a copy with " (Copy)"', () => {
    expect(copyName('Home')).toBe('Home (Copy)');
  });
});
