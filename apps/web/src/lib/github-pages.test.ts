import { describe, expect, it } from 'vitest';

import { commentsText, nextPageAfter, uniqueByNumber } from './github-pages';

describe('uniqueByNumber', () => {
  it('joins pages and drops a repeat shifted onto the next page', () => {
    const pages = [
      [{ number: 3 }, { number: 2 }],
      [{ number: 2 }, { number: 1 }],
    ];
    expect(uniqueByNumber(pages).map((p) => p.number)).toEqual([3, 2, 1]);
  });
});

describe('nextPageAfter', () => {
  it('asks for the next page only after a full one', () => {
    expect(nextPageAfter(new Array(30).fill(0), 2)).toBe(3);
    expect(nextPageAfter(new Array(29).fill(0), 2)).toBeUndefined();
  });
});

describe('commentsText', () => {
  it('counts comments', () => {
    expect(commentsText(0)).toBe('0 comments');
    expect(commentsText(1)).toBe('1 comment');
  });
});
