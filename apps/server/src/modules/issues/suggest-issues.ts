import type { SuggestedIssue } from '@openstake/core';
import type { AppContext } from '../../context';
import { getRepositoryAnalysis } from '../contributors/analyze-repositories';
import { requireGithubToken } from '../github/github-account';
import { toSuggestedIssue, trackIssue } from './track-issue';

const TOP_LANGUAGES = 3;
const PER_QUERY = 10;
const LABELS = ['good first issue', 'help wanted'];

/**
 * Open GitHub issues labelled 'good first issue' or 'help wanted' in the contributor's top
 * languages (DESIGN.md s7). Platform bounty issues join this list with the bounty issues feature.
 * Empty until the contributor has analyzed their repositories.
 */
export async function suggestIssues(
  userId: string,
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<SuggestedIssue[]> {
  const analysis = await getRepositoryAnalysis(userId, ctx);
  if (!analysis) return [];
  const { token } = await requireGithubToken(userId, ctx);
  const languages = analysis.topLanguages.slice(0, TOP_LANGUAGES);
  const queries = languages.flatMap((language) =>
    LABELS.map((label) => `label:"${label}" language:"${language}"`),
  );
  const results = await Promise.all(
    queries.map((q) => ctx.github.searchOpenIssues(token, q, PER_QUERY)),
  );

  const seen = new Set<number>();
  const suggestions: SuggestedIssue[] = [];
  const repoInfo = new Map<
    string,
    Promise<Awaited<ReturnType<typeof ctx.github.repositoryDetails>>>
  >();
  for (const issue of results.flat()) {
    if (seen.has(issue.id)) continue;
    seen.add(issue.id);
    const fullName = issue.repository_url.split('/').slice(-2).join('/');
    const [owner, repo] = fullName.split('/') as [string, string];
    const details = repoInfo.get(fullName) ?? ctx.github.repositoryDetails(token, owner, repo);
    repoInfo.set(fullName, details);
    const repository = await details;
    suggestions.push(
      toSuggestedIssue(
        await trackIssue(ctx.db, { repositoryFullName: fullName, issue, repository }),
      ),
    );
  }
  return suggestions;
}
