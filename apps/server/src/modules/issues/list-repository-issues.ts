import type { RepositoryIssue } from '@openstake/core';
import type { AppContext } from '../../context';
import { requireGithubToken } from '../github/github-account';
import { labelsOf } from '../repositories/github-labels';

export const REPOSITORY_ISSUES_PER_PAGE = 30;

/**
 * A page of a repository's open issues, pull requests left out, and the page after
 * it while GitHub has one. GitHub's pages count pull requests, so a page can hold fewer than 30
 * issues, or none, and still not be the last: the next page is told, not guessed from the length.
 */
export async function listRepositoryIssues(
  input: { userId: string; owner: string; repo: string; page: number },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<{ issues: RepositoryIssue[]; nextPage: number | null }> {
  const { token } = await requireGithubToken(input.userId, ctx);
  const { issues, more } = await ctx.github.openIssues(
    token,
    input.owner,
    input.repo,
    input.page,
    REPOSITORY_ISSUES_PER_PAGE,
  );
  const page = issues.map((i) => ({
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
  return { issues: page, nextPage: more ? input.page + 1 : null };
}
