import { eq } from 'drizzle-orm';
import type { IssueDetail } from '@openstake/core';
import type { AppContext } from '../../context';
import { trackedIssues } from '../../db/schema';
import { AppError } from '../../errors';
import { requireGithubToken } from '../github/github-account';
import { toIssueDetail, trackIssue } from './track-issue';

/** An issue OpenStake knows, refreshed from GitHub so its state and text are current. */
export async function getIssueDetails(
  input: { userId: string; issueId: number },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<IssueDetail> {
  const { token } = await requireGithubToken(input.userId, ctx);
  const [known] = await ctx.db
    .select()
    .from(trackedIssues)
    .where(eq(trackedIssues.githubId, input.issueId));
  if (!known)
    throw new AppError('NOT_FOUND', { message: "The issue you're looking for doesn't exist." });
  const [owner, repo] = known.repositoryFullName.split('/') as [string, string];
  const [issue, repository] = await Promise.all([
    ctx.github.issue(token, owner, repo, known.number),
    ctx.github.repositoryDetails(token, owner, repo),
  ]);
  if (!issue)
    throw new AppError('NOT_FOUND', { message: "The issue you're looking for doesn't exist." });
  return toIssueDetail(
    await trackIssue(ctx.db, { repositoryFullName: known.repositoryFullName, issue, repository }),
  );
}
