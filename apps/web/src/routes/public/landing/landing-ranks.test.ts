import { describe, expect, it } from 'vitest';

import { LANDING_RANKS } from './landing-rank-list';
import { landingRankRanges } from './landing-ranks';

describe('landingRankRanges', () => {
  it('shows the spec ranges for the landing rank names', () => {
    expect(LANDING_RANKS).toEqual([
      { name: 'Rookie', range: '0-100' },
      { name: 'Builder', range: '100-500' },
      { name: 'Contributor', range: '500-1,500' },
      { name: 'Merge Master', range: '1,500-3,000' },
      { name: 'Code Expert', range: '3,000-5,000' },
      { name: 'Open Source Legend', range: '5,000+' },
    ]);
  });

  it('handles a single open-ended rank', () => {
    expect(landingRankRanges([{ landingName: 'Only', minXp: 0 }])).toEqual([
      { name: 'Only', range: '0+' },
    ]);
  });
});
