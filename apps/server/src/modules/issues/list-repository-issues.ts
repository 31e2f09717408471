import type { RepositoryIssue } from '@openstake/core';
import type { AppContext } from '../../context';
import { requireGithubToken } from '../github/github-account';
import { labelsOf } from '../github/github-labels';

export const REPOSITORY_ISSUES_PER_PAGE = 30;

/** A repository's open issues, pull requests left out (spec 001 s2.7). */
export async function listRepositoryIssues(
  input: { userId: string; owner: string; repo: string; page: number },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<RepositoryIssue[]> {
  const { token } = await requireGithubToken(input.userId, ctx);
  const issues = await ctx.github.openIssues(
    token,
    input.owner,
    input.repo,
    input.page,
    REPOSITORY_ISSUES_PER_PAGE,
  );
  return issues.map((i) => ({
    number: i.number,
    title: i.title,
    body: i.body ?? null,
    user: { login: i.user?.login ?? 'ghost' },
    state: i.state,
    created_at: i.created_at,
    updated_at: i.updated_at,
    comments: i.comments,
    labels: labelsOf(i.labels),
    html_url: i.html_url,
  }));
}
