import { eq } from 'drizzle-orm';
import type { CreateStakeInput, SessionUser, Stake } from '@openstake/core';
import type { AppContext } from '../../context';
import { inTransaction, isUniqueViolation } from '../../db/transaction';
import { trackedIssues } from '../../db/schema';
import { AppError } from '../../errors';
import { requireGithubToken } from '../github/github-account';
import { openStake } from './open-stake';
import { parsePullRequestUrl } from './parse-pull-request-url';
import { toStakeView } from './stake-view';

/**
 * Stakes the issue's required coins on a pull request (DESIGN.md s5). Everything the client sent
 * except the issue and the URL is re-derived: the user from the session, the repository from the
 * issue, the author from GitHub. Coins move wallet -> the stake's escrow in the same transaction
 * that records the stake, so a refused stake moves nothing.
 */
export async function createStake(
  input: { user: SessionUser; stake: CreateStakeInput },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<Stake> {
  const { login, token } = await requireGithubToken(input.user.id, ctx);
  const [issue] = await ctx.db
    .select()
    .from(trackedIssues)
    .where(eq(trackedIssues.githubId, input.stake.issueId));
  if (!issue) throw new AppError('NOT_FOUND', { message: 'Issue not found' });
  if (issue.state !== 'open') throw new AppError('CONFLICT', { message: 'This issue is closed' });
  if (input.stake.amount !== issue.stakingRequired) {
    throw new AppError('BAD_REQUEST', {
      message: `The stake for this issue is ${issue.stakingRequired} coins`,
      field: 'amount',
    });
  }

  const ref = parsePullRequestUrl(input.stake.prUrl);
  if (`${ref.owner}/${ref.repo}`.toLowerCase() !== issue.repositoryFullName) {
    throw new AppError('BAD_REQUEST', {
      message: 'The pull request belongs to another repository',
      field: 'prUrl',
    });
  }
  const pr = await ctx.github.pullRequest(token, ref.owner, ref.repo, ref.number);
  if (!pr)
    throw new AppError('NOT_FOUND', {
      message: 'Pull request not found on GitHub',
      field: 'prUrl',
    });
  if (pr.state !== 'open' || pr.merged)
    throw new AppError('CONFLICT', { message: 'The pull request must be open', field: 'prUrl' });
  if (pr.authorLogin.toLowerCase() !== login.toLowerCase()) {
    throw new AppError('FORBIDDEN', {
      message: `The pull request was not opened by your verified GitHub account (${login})`,
      field: 'prUrl',
    });
  }

  try {
    return await inTransaction(ctx.db, async (tx) => {
      const row = await openStake(tx, {
        userId: input.user.id,
        issue,
        prNumber: pr.number,
        prUrl: input.stake.prUrl.trim(),
      });
      return toStakeView(row, issue);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', { message: 'You already have an active stake on this issue' });
    throw error;
  }
}
