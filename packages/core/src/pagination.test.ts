import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paginationWindow, totalPages } from './pagination';

describe('totalPages', () => {
  it.each([
    [0, 30, 0],
    [1, 30, 1],
    [30, 30, 1],
    [31, 30, 2],
    [100, 20, 5],
    [101, 20, 6],
    [7, 1, 7],
  ])('%i items at %i per page -> %i pages', (items, perPage, pages) => {
    expect(totalPages(items, perPage)).toBe(pages);
  });

  it.each([
    [-1, 10],
    [1.5, 10],
    [10, 0],
    [10, -5],
    [10, 2.5],
  ])('refuses %s items at %s per page', (items, perPage) => {
    expect(() => totalPages(items, perPage)).toThrow(RangeError);
  });

  it('fits every item and leaves no empty page', () => {
    fc.assert(
      fc.property(fc.nat({ max: 100_000 }), fc.integer({ min: 1, max: 100 }), (items, perPage) => {
        const pages = totalPages(items, perPage);
        expect(pages * perPage).toBeGreaterThanOrEqual(items);
        expect(Math.max(0, pages - 1) * perPage).toBeLessThan(Math.max(1, items));
      }),
    );
  });
});

describe('paginationWindow', () => {
  it.each([
    [1, 10, [1, 2, 3, 4, 5]],
    [2, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [4, 10, [2, 3, 4, 5, 6]],
    [6, 10, [4, 5, 6, 7, 8]],
    [8, 10, [6, 7, 8, 9, 10]],
    // the literal rule: the start is fixed at current - 2, so the window shrinks at the end
    [9, 10, [7, 8, 9, 10]],
    [10, 10, [8, 9, 10]],
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [3, 3, [1, 2, 3]],
    [2, 4, [1, 2, 3, 4]],
    [1, 0, []],
    // stale current pages are clamped
    [12, 10, [8, 9, 10]],
    [0, 10, [1, 2, 3, 4, 5]],
    [-3, 2, [1, 2]],
  ])('page %i of %i -> %j', (current, pages, expected) => {
    expect(paginationWindow(current, pages)).toEqual(expected);
  });

  it.each([
    [1.5, 10],
    [1, -1],
    [1, 2.5],
    [Number.NaN, 3],
  ])('refuses page %s of %s', (current, pages) => {
    expect(() => paginationWindow(current, pages)).toThrow(RangeError);
  });

  const caseArb = fc
    .integer({ min: 1, max: 500 })
    .chain((pages) => fc.tuple(fc.integer({ min: 1, max: pages }), fc.constant(pages)));

  it('is a run of consecutive pages in 1..totalPages that contains the current page', () => {
    fc.assert(
      fc.property(caseArb, ([current, pages]) => {
        const window = paginationWindow(current, pages);
        expect(window).toContain(current);
        window.forEach((page, i) => {
          expect(page).toBeGreaterThanOrEqual(1);
          expect(page).toBeLessThanOrEqual(pages);
          if (i > 0) expect(page).toBe(window[i - 1]! + 1);
        });
      }),
    );
  });

  it('starts at max(1, current - 2) and has min(5, pages left from there) buttons', () => {
    fc.assert(
      fc.property(caseArb, ([current, pages]) => {
        const window = paginationWindow(current, pages);
        const start = Math.max(1, current - 2);
        expect(window[0]).toBe(start);
        expect(window).toHaveLength(Math.min(5, pages - start + 1));
        // so a full window of min(5, totalPages) whenever current is not among the last two pages
        if (current <= pages - 2) expect(window).toHaveLength(Math.min(5, pages));
      }),
    );
  });
});
