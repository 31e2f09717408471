import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { bountyIssues, trackedIssues } from '../../db/schema';
import { JOB_GITHUB_CONCURRENCY } from '../../integrations/github/github';
import { forEachConcurrently } from '../../lib/for-each-concurrently';
import { requireGithubToken } from '../github/github-account';
import { closeTrackedIssue } from './refund-bounty';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock' | 'log'>;

/**
 * Asks GitHub, as the maintainer, about every unwon, unrefunded bounty issue: a repository
 * without the webhook (or a lost delivery) would otherwise never tell OpenStake that an issue was
 * closed, and its bounty would stay in escrow. An issue already known to be closed is checked
 * again without GitHub, so a bounty whose refund waited for a pending stake is never forgotten.
 * Returns how many bounties went back.
 */
export async function pollBountyIssues(ctx: Ctx): Promise<number> {
  const unsettled = await ctx.db
    .select({ bounty: bountyIssues, issue: trackedIssues })
    .from(bountyIssues)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, bountyIssues.issueGithubId))
    .where(and(isNull(bountyIssues.paidAt), isNull(bountyIssues.refundedAt)));
  let refunded = 0;
  await forEachConcurrently(unsettled, JOB_GITHUB_CONCURRENCY, async ({ bounty, issue }) => {
    try {
      if (issue.state === 'open') {
        const { token } = await requireGithubToken(bounty.createdBy, ctx);
        const [owner, repo] = issue.repositoryFullName.split('/') as [string, string];
        const current = await ctx.github.issue(token, owner, repo, issue.number);
        if (!current || current.state !== 'closed') return;
      }
      if ((await closeTrackedIssue(issue.githubId, ctx)) > 0) refunded++;
    } catch (error) {
      ctx.log.warn(
        { err: error, issueGithubId: issue.githubId },
        'could not poll a bounty issue; will retry',
      );
    }
  });
  return refunded;
}
