import type { IssueDetail, IssueRef } from '@openstake/core';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { requireGithubToken } from '../github/github-account';
import { trackIssue } from '../issues/track-issue';
import { issueDetailForViewer } from './issue-detail-for-viewer';

/**
 * An issue named by repository and number, found on GitHub with the viewer's own token and
 * tracked, so a link to any GitHub issue opens its page even before OpenStake has shown it
 * anywhere. GitHub's issue ids (the page's address) cannot be looked up on their own; this is how
 * one is learned. A pull request (GitHub serves it as an issue too) is not an issue here.
 */
export async function resolveIssue(
  input: { userId: string; ref: IssueRef },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock'>,
): Promise<IssueDetail> {
  const { token } = await requireGithubToken(input.userId, ctx);
  const { owner, repo, number } = input.ref;
  const [issue, repository] = await Promise.all([
    ctx.github.issue(token, owner, repo, number),
    ctx.github.repository(token, owner, repo),
  ]);
  if (!issue || issue.pull_request || !repository)
    throw new AppError('NOT_FOUND', { message: "The issue you're looking for doesn't exist." });
  const tracked = await trackIssue(ctx.db, {
    repositoryFullName: repository.fullName,
    issue,
    repository: repository.details,
  });
  return issueDetailForViewer(tracked, input.userId, ctx);
}
