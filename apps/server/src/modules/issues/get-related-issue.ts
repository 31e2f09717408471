import type { RelatedIssue } from '@openstake/core';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { requireGithubToken } from '../github/github-account';
import { stakeAndBountyOfIssue } from './issue-store';

/**
 * The issue a pull request refers to with '#N' (the Related Issue card), with its
 * stake and bounty when OpenStake tracks it.
 */
export async function getRelatedIssue(
  input: { userId: string; owner: string; repo: string; issueNumber: number },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<RelatedIssue> {
  const { token } = await requireGithubToken(input.userId, ctx);
  const issue = await ctx.github.issue(token, input.owner, input.repo, input.issueNumber);
  if (!issue) {
    throw new AppError('NOT_FOUND', {
      message: `GitHub lookup failed: issue #${String(input.issueNumber)} was not found`,
    });
  }
  const tracked = await stakeAndBountyOfIssue(ctx.db, issue.id);
  return {
    number: issue.number,
    title: issue.title,
    body: issue.body ?? null,
    html_url: issue.html_url,
    stakingRequired: tracked?.stakingRequired ?? null,
    bountyAmount: tracked?.bounty ?? null,
  };
}
