import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { stakes, trackedIssues } from '../../db/schema';
import { JOB_GITHUB_CONCURRENCY } from '../../integrations/github/github';
import { forEachConcurrently } from '../../lib/for-each-concurrently';
import { requireGithubToken } from '../github/github-account';
import { closedPullRequestOutcome } from './pull-request-outcome';
import { settleStake } from './settle-stake';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock' | 'log'>;

/**
 * Asks GitHub about every pending stake's pull request: merged (by whom, referencing what),
 * closed after a review, or closed without one. Repositories without a webhook have no other
 * signal; for the others it catches a webhook GitHub failed to deliver. A stake the webhook
 * settles at the same moment is settled once. JOB_GITHUB_CONCURRENCY requests at a time.
 */
export async function pollPullRequests(ctx: Ctx): Promise<number> {
  const pending = await ctx.db
    .select({ stake: stakes, issue: trackedIssues })
    .from(stakes)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, stakes.issueGithubId))
    .where(eq(stakes.status, 'pending'));
  let settled = 0;
  await forEachConcurrently(pending, JOB_GITHUB_CONCURRENCY, async ({ stake, issue }) => {
    try {
      const { token } = await requireGithubToken(stake.userId, ctx);
      const [owner, repo] = stake.repositoryFullName.split('/') as [string, string];
      const pr = await ctx.github.pullRequest(token, owner, repo, stake.prNumber);
      if (!pr || pr.state === 'open') return;
      const outcome = await closedPullRequestOutcome(ctx, { pr, issue, placedAt: stake.createdAt });
      if (await settleStake({ stakeId: stake.id, outcome, settledBy: 'poll' }, ctx)) settled++;
    } catch (error) {
      ctx.log.warn({ err: error, stakeId: stake.id }, 'could not poll a pull request; will retry');
    }
  });
  return settled;
}
