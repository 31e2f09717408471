import { eq } from 'drizzle-orm';
import { languageShares, repositoryAnalysisSchema, type RepositoryAnalysis } from '@openstake/core';
import type { AppContext } from '../../context';
import { repositoryAnalyses } from '../../db/schema';
import { requireGithubToken } from '../github/github-account';
import { saveRepositoryAnalysis } from './save-repository-analysis';

const SHOWN_REPOSITORIES = 10; // the profile shows 10 repositories
const ANALYZED_REPOSITORIES = 30; // languages are read from this many, to bound GitHub calls

/** Reads the contributor's public repositories and their languages' byte counts from GitHub. */
export async function analyzeRepositories(
  userId: string,
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock'>,
): Promise<RepositoryAnalysis> {
  const { login, token } = await requireGithubToken(userId, ctx);
  const repos = await ctx.github.publicRepositories(token, login, ANALYZED_REPOSITORIES);
  const bytes = await Promise.all(repos.map((r) => ctx.github.languages(token, r.owner, r.name)));
  const languages = languageShares(bytes);
  const analysis: RepositoryAnalysis = {
    repositories: repos.slice(0, SHOWN_REPOSITORIES).map(({ owner: _owner, ...r }) => r),
    topLanguages: languages.map((l) => l.name),
    languages,
    analyzedAt: ctx.clock.now().toISOString(),
  };
  await saveRepositoryAnalysis(ctx.db, { userId, analysis, analyzedAt: ctx.clock.now() });
  return analysis;
}

export async function getRepositoryAnalysis(
  userId: string,
  ctx: Pick<AppContext, 'db'>,
): Promise<RepositoryAnalysis | null> {
  const [row] = await ctx.db
    .select()
    .from(repositoryAnalyses)
    .where(eq(repositoryAnalyses.userId, userId));
  return row ? repositoryAnalysisSchema.parse(row.data) : null;
}
