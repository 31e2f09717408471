import type { SpamMarkResult } from '@openstake/core';
import type { AppContext } from '../../context';
import { contributorWithLogin } from './contributor-with-login';
import { spamMarkablePullRequest } from './spam-markable-pull-request';
import { insertSpamMark } from './spam-mark-store';

/**
 * A maintainer marks a closed, unmerged pull request as spam (decision 015, part 4). The mark
 * weighs on its author's standing (their stakes cost more for 180 days) and moves no coin: a
 * stake on it was settled when it closed, and its deduction stays the repository's cap (the
 * promise of decision 007).
 */
export async function markPullRequestAsSpam(
  input: { userId: string; owner: string; repo: string; pullNumber: number },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<SpamMarkResult> {
  const { access, pr } = await spamMarkablePullRequest(input, ctx);
  await insertSpamMark(ctx.db, {
    repositoryFullName: access.fullName,
    prNumber: pr.number,
    authorGithubLogin: pr.authorLogin,
    authorGithubId: pr.authorId,
    authorUserId: await contributorWithLogin(ctx.db, pr.authorLogin),
    markedBy: input.userId,
  });
  return { spamMarked: true, author: pr.authorLogin };
}
