import type { IssueDetail } from '@openstake/core';
import type { AppContext } from '../../context';
import type { TrackedIssue } from '../issues/issue-store';
import { toIssueDetail } from '../issues/track-issue';
import { deductionPercentFor } from '../repositories/connected-repository';
import { readStanding, stakePriceFor, toStakePriceView } from '../standing/read-standing';
import { latestIssueStake } from '../stakes/stake-view';

/**
 * The issue page of one viewer: the issue with their own latest stake on it, the deduction a
 * rejection would take, and what they must stake, priced by their standing.
 */
export async function issueDetailForViewer(
  tracked: TrackedIssue,
  userId: string,
  ctx: Pick<AppContext, 'db' | 'clock'>,
): Promise<IssueDetail> {
  const [myStake, deductionPercent, standing] = await Promise.all([
    latestIssueStake(ctx.db, { userId, issueId: tracked.githubId }),
    deductionPercentFor(ctx.db, tracked.repositoryFullName),
    readStanding(ctx.db, userId, ctx.clock.now()),
  ]);
  return toIssueDetail(
    tracked,
    {
      myStake,
      stakePrice: toStakePriceView(stakePriceFor(standing, tracked)),
      stakeRefusal: null,
    },
    deductionPercent,
  );
}
