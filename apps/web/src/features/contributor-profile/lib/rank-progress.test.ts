import { describe, expect, it } from 'vitest';

import { dashboardRankProgress } from './rank-progress';

describe('dashboardRankProgress', () => {
  it('shows XP against the next threshold and what is left', () => {
    expect(dashboardRankProgress({ xp: 120, nextRankXP: 500 })).toEqual({
      label: '120 / 500 XP',
      toGo: '380 XP to go',
      percent: 12,
    });
  });

  it('uses the overview formula for the bar: XP modulo 1000', () => {
    expect(dashboardRankProgress({ xp: 1250, nextRankXP: 1500 }).percent).toBe(25);
  });

  it('shows Max and no bar at the top rank', () => {
    expect(dashboardRankProgress({ xp: 5200, nextRankXP: null })).toEqual({
      label: '5200 XP',
      toGo: 'Max',
      percent: null,
    });
  });
});
