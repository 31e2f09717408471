import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { RepositoryDetails } from '../../integrations/github/port';
import { requireGithubToken } from '../github/github-account';

export const repoFullName = (owner: string, repo: string): string =>
  `${owner}/${repo}`.toLowerCase();

/**
 * The maintainer's GitHub token, once GitHub confirms push (or higher) permission on the
 * repository. Every action on a repository goes through here.
 */
export async function requirePushAccess(
  input: { userId: string; owner: string; repo: string },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<{
  token: string;
  login: string;
  /** GitHub's numeric ids of the user's account and of the repository. */
  accountId: number;
  repositoryId: number;
  fullName: string;
  /** GitHub's facts about the repository, from the same answer. */
  repository: RepositoryDetails;
}> {
  const { token, login, githubId: accountId } = await requireGithubToken(input.userId, ctx);
  const repository = await ctx.github.repository(token, input.owner, input.repo);
  if (!repository) {
    throw new AppError('NOT_FOUND', {
      message: `Repository ${input.owner}/${input.repo} was not found on GitHub`,
    });
  }
  if (!repository.canPush) {
    throw new AppError('FORBIDDEN', {
      message: `You need push access to ${repository.fullName} on GitHub for this`,
    });
  }
  return {
    token,
    login,
    accountId,
    repositoryId: repository.id,
    fullName: repository.fullName,
    repository: repository.details,
  };
}
