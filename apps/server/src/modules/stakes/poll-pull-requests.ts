import { and, eq, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { repositories, stakes, trackedIssues } from '../../db/schema';
import { requireGithubToken } from '../github/github-account';
import { settleStake, type StakeOutcome } from './settle-stake';
import { rewardWithoutFeedback } from './settle-from-github-events';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock' | 'log'>;

/**
 * Repositories without a webhook send no signals, so their pending stakes' pull requests are
 * asked about: merged, closed after a review, or closed without one.
 */
export async function pollPullRequests(ctx: Ctx): Promise<number> {
  const pending = await ctx.db
    .select({ stake: stakes, xpReward: trackedIssues.xpReward })
    .from(stakes)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, stakes.issueGithubId))
    .leftJoin(repositories, eq(repositories.fullName, stakes.repositoryFullName))
    .where(
      and(
        eq(stakes.status, 'pending'),
        or(isNull(repositories.id), isNull(repositories.connectedAt)),
      ),
    );
  let settled = 0;
  for (const { stake, xpReward } of pending) {
    try {
      const { token } = await requireGithubToken(stake.userId, ctx);
      const [owner, repo] = stake.repositoryFullName.split('/') as [string, string];
      const pr = await ctx.github.pullRequest(token, owner, repo, stake.prNumber);
      if (!pr || pr.state === 'open') continue;
      let outcome: StakeOutcome;
      if (pr.merged) outcome = rewardWithoutFeedback(xpReward);
      else
        outcome =
          (await ctx.github.reviewCount(token, owner, repo, stake.prNumber)) > 0
            ? { kind: 'closed_after_review' }
            : { kind: 'closed_without_review' };
      if (await settleStake({ stakeId: stake.id, outcome, settledBy: 'poll' }, ctx)) settled++;
    } catch (error) {
      ctx.log.warn({ err: error, stakeId: stake.id }, 'could not poll a pull request; will retry');
    }
  }
  return settled;
}
