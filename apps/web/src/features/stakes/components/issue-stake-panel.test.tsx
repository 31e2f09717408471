import type { IssueStake } from '@openstake/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { IssueStakePanel } from './issue-stake-panel';

const stake = (overrides: Partial<IssueStake>): IssueStake => ({
  _id: 's1',
  status: 'pending',
  amount: 10,
  prUrl: 'https://github.com/acme/widgets/pull/8',
  createdAt: '2025-03-05T12:00:00.000Z',
  settledAt: null,
  coinsEarned: 0,
  xpEarned: 0,
  coinsLost: 0,
  bountyEarned: 0,
  xpUncounted: 0,
  xpLimitReason: null,
  ...overrides,
});
const render = (value: IssueStake) =>
  renderToStaticMarkup(createElement(IssueStakePanel, { stake: value }));

describe('IssueStakePanel', () => {
  it('a pending stake waits for review, with its pull request', () => {
    const html = render(stake({}));
    expect(html).toContain('Staked — waiting for review');
    expect(html).toContain('Staked: 10 coins');
    expect(html).toMatch(
      /href="https:\/\/github.com\/acme\/widgets\/pull\/8"[^>]*>View Pull Request/,
    );
    expect(html).not.toContain('stake-outcome');
  });

  it('a settled stake shows what it earned or lost', () => {
    const accepted = render(
      stake({
        status: 'accepted',
        settledAt: '2025-03-06T00:00:00Z',
        coinsEarned: 50,
        xpEarned: 25,
      }),
    );
    expect(accepted).toContain('Stake accepted — your pull request was merged');
    expect(accepted).toContain('+50 coins');
    expect(accepted).toContain('+25 XP');
    const rejected = render(
      stake({ status: 'rejected', settledAt: '2025-03-06T00:00:00Z', coinsLost: 1 }),
    );
    expect(rejected).toContain('Stake rejected — reviewed but not merged');
    expect(rejected).toContain('-1 coin<');
    expect(rejected).toContain('9 coins refunded');
  });
});
