import type { SuggestedIssue } from '@openstake/core';
import { and, desc, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { RepositoryDetails } from '../../integrations/github/port';
import { repositories } from '../../db/schema';
import { getRepositoryAnalysis } from '../contributors/analyze-repositories';
import { githubAccessOf } from '../github/github-account';
import { readStanding, stakePriceFor, toStakePriceView } from '../standing/read-standing';
import { openPublicBountyIssues, type TrackedIssue } from './issue-store';
import { toSuggestedIssue, trackIssues, type TrackIssueInput } from './track-issue';

const TOP_LANGUAGES = 3;
const CONNECTED_REPOSITORIES = 10;
const PER_REPOSITORY = 10;
const LABELS = new Set(['good first issue', 'help wanted']);
const BOUNTY_ISSUES_SHOWN = 20;

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock'>;

/**
 * Repositories maintainers connected whose main language is one of `languages`; any language for
 * a newcomer whose own repositories show none yet.
 */
async function connectedRepositoriesIn(ctx: Pick<AppContext, 'db'>, languages: string[]) {
  const inLanguages = languages.length
    ? sql`lower(${repositories.language}) in (${sql.join(
        languages.map((l) => sql`${l.toLowerCase()}`),
        sql`, `,
      )})`
    : undefined;
  const rows = await ctx.db
    .select({ fullName: repositories.fullName })
    .from(repositories)
    .where(and(isNotNull(repositories.connectedAt), inLanguages))
    .orderBy(desc(repositories.connectedAt))
    .limit(CONNECTED_REPOSITORIES);
  return rows.map((r) => r.fullName);
}

/**
 * Suggested issues, only where the contributor could stake (docs/decisions/007-who-may-earn.md):
 * the platform's open bounty issues first, then open issues labelled 'good first issue' or 'help
 * wanted' of repositories maintainers connected in the contributor's top languages (once they
 * analyzed their repositories; in any language when theirs show none). With a linked GitHub account, every repository is looked up with
 * the contributor's own token: one they cannot see, or can push to, is left out.
 */
export async function suggestIssues(userId: string, ctx: Ctx): Promise<SuggestedIssue[]> {
  // A private repository's bounty issues are never listed to others: its title and body are not
  // theirs to see.
  const [bounties, access, standing] = await Promise.all([
    openPublicBountyIssues(ctx.db, BOUNTY_ISSUES_SHOWN),
    githubAccessOf(userId, ctx),
    readStanding(ctx.db, userId, ctx.clock.now()),
  ]);
  const toCard = (row: TrackedIssue) =>
    toSuggestedIssue(row, toStakePriceView(stakePriceFor(standing, row)));
  // Without a linked GitHub account nobody can stake yet: the public bounty issues invite them.
  if (!access) return bounties.map(toCard);
  const { token } = access;
  const analysis = await getRepositoryAnalysis(userId, ctx);
  const connected = analysis
    ? await connectedRepositoriesIn(ctx, analysis.topLanguages.slice(0, TOP_LANGUAGES))
    : [];

  const candidates = [...new Set([...bounties.map((b) => b.repositoryFullName), ...connected])];
  const looked = await Promise.all(
    candidates.map(async (fullName) => {
      const [owner, repo] = fullName.split('/') as [string, string];
      return [fullName, await ctx.github.repository(token, owner, repo)] as const;
    }),
  );
  const stakeable = new Map<string, RepositoryDetails>();
  for (const [fullName, repository] of looked) {
    if (repository && !repository.canPush) stakeable.set(fullName, repository.details);
  }

  const suggestions = bounties.filter((b) => stakeable.has(b.repositoryFullName)).map(toCard);
  const seen = new Set(suggestions.map((s) => s.id));
  const listed = await Promise.all(
    connected
      .filter((fullName) => stakeable.has(fullName))
      .map(async (fullName) => {
        const [owner, repo] = fullName.split('/') as [string, string];
        const { issues } = await ctx.github.openIssues(token, owner, repo, 1, 100);
        const labelled = issues.filter((issue) =>
          issue.labels.some((l) =>
            LABELS.has((typeof l === 'string' ? l : (l.name ?? '')).toLowerCase()),
          ),
        );
        return labelled.slice(0, PER_REPOSITORY).map((issue) => ({ fullName, issue }));
      }),
  );
  const toTrack: TrackIssueInput[] = [];
  for (const { fullName, issue } of listed.flat()) {
    const repository = stakeable.get(fullName);
    if (!repository || seen.has(issue.id)) continue;
    seen.add(issue.id);
    toTrack.push({ repositoryFullName: fullName, issue, repository });
  }
  // One upsert for all of them, however many repositories they come from.
  const tracked = await trackIssues(ctx.db, toTrack);
  return [...suggestions, ...tracked.map(toCard)];
}
