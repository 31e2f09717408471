import { DEFAULT_DEDUCTION_PERCENT, type IssueDetail } from '@openstake/core';
import type { AppContext } from '../../context';
import type { TrackedIssue } from '../issues/issue-store';
import { toIssueDetail } from '../issues/track-issue';
import { readStanding, stakePriceFor, toStakePriceView } from '../standing/read-standing';
import { checkStakeSlots, stakeRepositoryOf } from '../stakes/stake-slots';
import { latestIssueStake } from '../stakes/stake-view';

/**
 * The issue page of one viewer: the issue with their own latest stake on it, the deduction a
 * rejection would take, what they must stake (priced by their standing), and what would refuse
 * their stake now (the repository's policy and slots, decision 015).
 */
export async function issueDetailForViewer(
  tracked: TrackedIssue,
  userId: string,
  ctx: Pick<AppContext, 'db' | 'clock'>,
): Promise<IssueDetail> {
  const now = ctx.clock.now();
  const [myStake, repository, contributor] = await Promise.all([
    latestIssueStake(ctx.db, { userId, issueId: tracked.githubId }),
    stakeRepositoryOf(ctx.db, tracked.repositoryFullName),
    readStanding(ctx.db, userId, now),
  ]);
  const { refusal } = await checkStakeSlots(ctx.db, {
    contributor,
    issue: tracked,
    repository,
    aiAssistance: null,
    now,
  });
  return toIssueDetail(
    tracked,
    {
      myStake,
      stakePrice: toStakePriceView(stakePriceFor(contributor, tracked)),
      stakeRefusal: refusal?.message ?? null,
    },
    repository?.deductionPercent ?? DEFAULT_DEDUCTION_PERCENT,
  );
}
