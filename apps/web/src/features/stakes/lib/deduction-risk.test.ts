import { describe, expect, it } from 'vitest';

import { deductionRiskText } from './deduction-risk';

describe('deductionRiskText', () => {
  it('names the coins a rejection after review keeps, by the server rule', () => {
    expect(deductionRiskText(5, 15)).toBe(
      'Your stake is returned if your pull request is merged. If it is reviewed but not merged, this repository keeps 1 coin (15 %, at least 1 coin) and 4 coins come back. If it is never reviewed, you get a full refund.',
    );
    expect(deductionRiskText(20, 10)).toContain(
      'keeps 2 coins (10 %, at least 1 coin) and 18 coins come back',
    );
  });

  it('says a repository at 0 % deducts nothing', () => {
    expect(deductionRiskText(10, 0)).toContain(
      'this repository deducts nothing (0 %): all 10 coins come back.',
    );
  });

  it('says a stake too small for one coin within the 20 % cap loses nothing', () => {
    expect(deductionRiskText(3, 15)).toContain(
      'deducts nothing (a deduction never takes more than 20 % of a stake): all 3 coins come back.',
    );
  });
});
