import { describe, expect, it } from 'vitest';

import { FAQS, PRICING_PLANS } from './landing-content';
import { LANDING_RANKS, landingRankRanges } from './landing-ranks';

describe('landingRankRanges', () => {
  it("shows the product's ranges for the landing rank names", () => {
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

describe('landing copy built from the app rules', () => {
  it('lists the rank ranges in the XP FAQ answer', () => {
    expect(FAQS.find((faq) => faq.id === 'xp-ranks')?.answer).toContain(
      'Your rank follows from your XP: Rookie (0-100), Builder (100-500), Contributor (500-1,500), Merge Master (1,500-3,000), Code Expert (3,000-5,000) and Open Source Legend (5,000+).',
    );
  });

  it('states the 5% bounty fee', () => {
    expect(PRICING_PLANS[1]?.features).toContain('5% fee on bounties');
    expect(FAQS.find((faq) => faq.id === 'revenue')?.answer).toContain('plus a 5% fee on bounties');
  });
});
