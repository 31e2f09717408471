import { describe, expect, it } from 'vitest';

import type { StakeStatus } from '@openstake/core';

import { ISSUE_STAKE_TITLES, issueStakeState } from './issue-stake';

const at = (
  myStake: { status: StakeStatus } | null,
  state: 'open' | 'closed',
  stakeRefusal: string | null = null,
) => ({ myStake, state, stakeRefusal });

const REFUSAL =
  'You have 2 open stakes in acme/widgets, its limit; one frees when a pull request of yours is merged or closed';

describe('issueStakeState', () => {
  it('offers a stake on an open issue the contributor has not staked on', () => {
    expect(issueStakeState(at(null, 'open'))).toEqual({
      showStakeButton: true,
      canStake: true,
      note: null,
    });
  });

  it('allows no second stake while one waits for review', () => {
    expect(ISSUE_STAKE_TITLES.pending).toBe('Staked — waiting for review');
    expect(issueStakeState(at({ status: 'pending' }, 'open'))).toEqual({
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
    expect(issueStakeState(at({ status }, 'open'))).toEqual({
      showStakeButton: true,
      canStake: true,
      note: 'You can stake again with a new pull request.',
    });
  });

  it('a closed issue takes no stake', () => {
    expect(issueStakeState(at(null, 'closed'))).toMatchObject({
      canStake: false,
      note: 'This issue is closed',
    });
    expect(issueStakeState(at({ status: 'accepted' }, 'closed'))).toMatchObject({
      canStake: false,
      note: 'This issue is closed',
    });
  });

  it('says why a stake would be refused where the button is, and takes none', () => {
    expect(issueStakeState(at(null, 'open', REFUSAL))).toEqual({
      showStakeButton: true,
      canStake: false,
      note: REFUSAL,
    });
    expect(issueStakeState(at({ status: 'rejected' }, 'open', REFUSAL))).toMatchObject({
      canStake: false,
      note: REFUSAL,
    });
  });

  it('a pending stake of their own shows instead of a refusal', () => {
    expect(issueStakeState(at({ status: 'pending' }, 'open', REFUSAL))).toEqual({
      showStakeButton: false,
      canStake: false,
      note: null,
    });
  });
});
