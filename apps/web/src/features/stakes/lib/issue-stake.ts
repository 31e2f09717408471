import type { IssueDetail, IssueStake, StakeStatus } from '@openstake/core';

/** What the issue page says about the viewer's own latest stake on it. */
export const ISSUE_STAKE_TITLES: Readonly<Record<StakeStatus, string>> = {
  pending: 'Staked — waiting for review',
  accepted: 'Stake accepted — your pull request was merged',
  rejected: 'Stake rejected — reviewed but not merged',
  expired: 'Stake expired — refunded in full',
};

export const ISSUE_CLOSED_NOTE = 'This issue is closed';
export const STAKE_AGAIN_NOTE = 'You can stake again with a new pull request.';

export interface IssueStakeState {
  /** Whether 'Stake & Start Working' shows: not while a stake of theirs waits for review. */
  showStakeButton: boolean;
  /** Whether it can be used: the issue is open, no stake of theirs is pending, nothing refuses. */
  canStake: boolean;
  /** Why it cannot, or that it can once more; null when there is nothing to say. */
  note: string | null;
}

/**
 * The issue page's stake state. One pending stake per contributor and issue (the server's rule):
 * while it waits there is no second stake (their own stake shows instead); once settled, staking
 * again is possible as long as the issue is open and the server names nothing that stands in the
 * way (`stakeRefusal`: a limit of the repository's policy, a denouncement), which is then said
 * where the button is.
 */
export function issueStakeState(
  issue: { myStake: Pick<IssueStake, 'status'> | null } & Pick<
    IssueDetail,
    'state' | 'stakeRefusal'
  >,
): IssueStakeState {
  const { myStake } = issue;
  if (myStake?.status === 'pending') return { showStakeButton: false, canStake: false, note: null };
  if (issue.state === 'closed')
    return { showStakeButton: true, canStake: false, note: ISSUE_CLOSED_NOTE };
  if (issue.stakeRefusal !== null)
    return { showStakeButton: true, canStake: false, note: issue.stakeRefusal };
  return { showStakeButton: true, canStake: true, note: myStake ? STAKE_AGAIN_NOTE : null };
}
