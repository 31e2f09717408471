import type { Stake } from '@openstake/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { StakeList } from './stake-list';

const stake = (overrides: Partial<Stake>): Stake => ({
  _id: 's1',
  status: 'pending',
  issueId: 101,
  issueNumber: 7,
  issueTitle: 'Fix the widget',
  repository: 'acme/widgets',
  amount: 10,
  createdAt: '2025-03-01T10:00:00.000Z',
  settledAt: null,
  coinsEarned: 0,
  xpEarned: 0,
  coinsLost: 0,
  bountyEarned: 0,
  xpUncounted: 0,
  xpLimitReason: null,
  prUrl: 'https://github.com/acme/widgets/pull/8',
  ...overrides,
});

const render = (stakes: Stake[]) => renderToStaticMarkup(createElement(StakeList, { stakes }));

describe('StakeList', () => {
  it('shows the issue, repository, stake and a link to the pull request in a new tab', () => {
    const html = render([stake({})]);
    expect(html).toContain('Issue #7');
    expect(html).toContain('Fix the widget');
    expect(html).toContain('acme/widgets');
    expect(html).toContain('Staked: 10 coins');
    expect(html).toContain('href="https://github.com/acme/widgets/pull/8"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('View Pull Request');
  });

  it('shows what each settled stake earned or cost', () => {
    const html = render([
      stake({ _id: 'a', status: 'accepted', coinsEarned: 30, xpEarned: 15 }),
      stake({ _id: 'r', status: 'rejected', coinsLost: 1 }),
      stake({ _id: 'e', status: 'expired' }),
    ]);
    expect(html).toContain('+30 coins');
    expect(html).toContain('+15 XP');
    // The deduction lost and the rest refunded; an expired stake came back whole.
    expect(html).toContain('<span>-1 coin</span>');
    expect(html).toContain('9 coins refunded');
    expect(html).toContain('10 coins refunded in full');
    expect(html).not.toContain('>0 coins<');
  });

  it('never links a pull-request URL that is not http(s)', () => {
    const html = render([stake({ prUrl: 'javascript:alert(1)' })]);
    expect(html).not.toContain('javascript:');
    expect(html).toContain('View Pull Request');
  });
});
