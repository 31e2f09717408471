import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { bountyIssues, trackedIssues } from '../../db/schema';
import { requireGithubToken } from '../github/github-account';
import { refundBounty } from './refund-bounty';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock' | 'log'>;

/**
 * Asks GitHub about every open, unwon bounty issue, as its maintainer: a repository without the
 * webhook (or a lost delivery) would otherwise never tell OpenStake that an issue was closed, and
 * a bounty closed as not planned would stay in escrow. Returns how many bounties went back.
 */
export async function pollBountyIssues(ctx: Ctx): Promise<number> {
  const open = await ctx.db
    .select({ bounty: bountyIssues, issue: trackedIssues })
    .from(bountyIssues)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, bountyIssues.issueGithubId))
    .where(
      and(
        isNull(bountyIssues.paidAt),
        isNull(bountyIssues.refundedAt),
        eq(trackedIssues.state, 'open'),
      ),
    );
  let refunded = 0;
  for (const { bounty, issue } of open) {
    try {
      const { token } = await requireGithubToken(bounty.createdBy, ctx);
      const [owner, repo] = issue.repositoryFullName.split('/') as [string, string];
      const current = await ctx.github.issue(token, owner, repo, issue.number);
      if (!current || current.state !== 'closed') continue;
      await ctx.db
        .update(trackedIssues)
        .set({ state: 'closed' })
        .where(eq(trackedIssues.githubId, issue.githubId));
      if (current.state_reason === 'not_planned' && (await refundBounty(issue.githubId, ctx))) {
        refunded++;
      }
    } catch (error) {
      ctx.log.warn(
        { err: error, issueGithubId: issue.githubId },
        'could not poll a bounty issue; will retry',
      );
    }
  }
  return refunded;
}
