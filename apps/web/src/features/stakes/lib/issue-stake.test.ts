import { describe, expect, it } from 'vitest';

import { ISSUE_STAKE_TITLES, issueStakeState } from './issue-stake';

describe('issueStakeState', () => {
  it('offers a stake on an open issue the contributor has not staked on', () => {
    expect(issueStakeState(null, 'open')).toEqual({
      showStakeButton: true,
      canStake: true,
      note: null,
    });
  });

  it('allows no second stake while one waits for review', () => {
    expect(ISSUE_STAKE_TITLES.pending).toBe('Staked — waiting for review');
    expect(issueStakeState({ status: 'pending' }, 'open')).toEqual({
      showStakeButton: false,
      canStake: false,
      note: null,
    });
  });

  it.each([
    ['accepted', 'Stake accepted — your pull request was merged'],
    ['rejected', 'Stake rejected — reviewed but not merged'],
    ['expired', 'Stake expired — refunded in full'],
  ] as const)('after a stake is %s it says so, and staking again is possible', (status, title) => {
    expect(ISSUE_STAKE_TITLES[status]).toBe(title);
    expect(issueStakeState({ status }, 'open')).toEqual({
      showStakeButton: true,
      canStake: true,
      note: 'You can stake again with a new pull request.',
    });
  });

  it('a closed issue takes no stake', () => {
    expect(issueStakeState(null, 'closed')).toMatchObject({
      canStake: false,
      note: 'This issue is closed',
    });
    expect(issueStakeState({ status: 'accepted' }, 'closed')).toMatchObject({
      canStake: false,
      note: 'This issue is closed',
    });
  });
});
