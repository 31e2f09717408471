import type { IssueDetail } from '@openstake/core';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { requireGithubToken } from '../github/github-account';
import { trackedIssue } from '../issues/issue-store';
import { trackIssue } from '../issues/track-issue';
import { issueDetailForViewer } from './issue-detail-for-viewer';

/**
 * An issue OpenStake knows, refreshed from GitHub with the viewer's own token, so its state and
 * text are current and nobody sees an issue of a repository GitHub would not show them; with the
 * viewer's own latest stake on it and their price.
 */
export async function getIssueDetails(
  input: { userId: string; issueId: number },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock'>,
): Promise<IssueDetail> {
  const { token } = await requireGithubToken(input.userId, ctx);
  const known = await trackedIssue(ctx.db, input.issueId);
  if (!known)
    throw new AppError('NOT_FOUND', { message: "The issue you're looking for doesn't exist." });
  const [owner, repo] = known.repositoryFullName.split('/') as [string, string];
  const [issue, repository] = await Promise.all([
    ctx.github.issue(token, owner, repo, known.number),
    ctx.github.repository(token, owner, repo),
  ]);
  if (!issue || !repository)
    throw new AppError('NOT_FOUND', { message: "The issue you're looking for doesn't exist." });
  const tracked = await trackIssue(ctx.db, {
    repositoryFullName: known.repositoryFullName,
    issue,
    repository: repository.details,
  });
  return issueDetailForViewer(tracked, input.userId, ctx);
}
