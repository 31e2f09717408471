import { describe, expect, it } from 'vitest';

import { rankProgressView } from './rank-progress';

describe('rankProgressView', () => {
  it('labels the bar with the figures it is drawn from', () => {
    expect(rankProgressView(80)).toMatchObject({
      title: 'Progress to Code Apprentice',
      label: '80 / 100 XP',
      toGoLabel: '20 XP to go',
      percent: 80,
      showBar: true,
    });
    expect(rankProgressView(131)).toMatchObject({
      title: 'Progress to Code Contributor',
      label: '131 / 500 XP',
      toGoLabel: '369 XP to go',
      percent: 26,
    });
    expect(rankProgressView(1250)).toMatchObject({
      label: '1,250 / 1,500 XP',
      toGoLabel: '250 XP to go',
      percent: 83,
    });
  });

  it('shows Max and no bar at the top rank', () => {
    expect(rankProgressView(5200)).toMatchObject({
      title: 'Open Source Legend',
      label: '5,200 XP',
      toGoLabel: 'Max',
      showBar: false,
    });
  });
});

describe('rankProgressView at the top rank', () => {
  it("reads 'Max' unless the screen names it otherwise", () => {
    expect(rankProgressView(5000).toGoLabel).toBe('Max');
    expect(rankProgressView(5000, 'Max rank achieved')).toMatchObject({
      toGoLabel: 'Max rank achieved',
      showBar: false,
    });
    expect(rankProgressView(4999, 'Max rank achieved').toGoLabel).toBe('1 XP to go');
  });
});
