import type { SuggestedIssue } from '@openstake/core';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { RepositoryDetails } from '../../integrations/github/github';
import { bountyIssues, trackedIssues } from '../../db/schema';
import { getRepositoryAnalysis } from '../contributors/analyze-repositories';
import { requireGithubToken } from '../github/github-account';
import { toSuggestedIssue, trackIssue } from './track-issue';

const TOP_LANGUAGES = 3;
const PER_QUERY = 10;
const LABELS = ['good first issue', 'help wanted'];
const BOUNTY_ISSUES_SHOWN = 20;

/** Open bounty issues maintainers posted on OpenStake whose bounty is still to be won. */
async function openBountyIssues(ctx: Pick<AppContext, 'db'>): Promise<SuggestedIssue[]> {
  const rows = await ctx.db
    .select({ issue: trackedIssues })
    .from(bountyIssues)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, bountyIssues.issueGithubId))
    .where(and(isNull(bountyIssues.paidAt), eq(trackedIssues.state, 'open')))
    .orderBy(desc(bountyIssues.createdAt))
    .limit(BOUNTY_ISSUES_SHOWN);
  return rows.map((r) => toSuggestedIssue(r.issue));
}

/**
 * Suggested issues (DESIGN.md s7): the platform's open bounty issues first, then open GitHub
 * issues labelled 'good first issue' or 'help wanted' in the contributor's top languages (those
 * only once the contributor has analyzed their repositories).
 */
export async function suggestIssues(
  userId: string,
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<SuggestedIssue[]> {
  const bounties = await openBountyIssues(ctx);
  const analysis = await getRepositoryAnalysis(userId, ctx);
  if (!analysis) return bounties;
  const { token } = await requireGithubToken(userId, ctx);
  const languages = analysis.topLanguages.slice(0, TOP_LANGUAGES);
  const queries = languages.flatMap((language) =>
    LABELS.map((label) => `label:"${label}" language:"${language}"`),
  );
  const results = await Promise.all(
    queries.map((q) => ctx.github.searchOpenIssues(token, q, PER_QUERY)),
  );

  const seen = new Set<number>(bounties.map((b) => b.id));
  const suggestions: SuggestedIssue[] = [...bounties];
  const repoInfo = new Map<string, Promise<RepositoryDetails>>();
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
