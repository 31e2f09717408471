import { desc, eq } from 'drizzle-orm';
import type { Stake } from '@openstake/core';
import type { AppContext } from '../../context';
import { stakes, trackedIssues } from '../../db/schema';
import { toStakeView } from './stake-view';

export async function listStakes(userId: string, ctx: Pick<AppContext, 'db'>): Promise<Stake[]> {
  const rows = await ctx.db
    .select({ stake: stakes, issue: { number: trackedIssues.number, title: trackedIssues.title } })
    .from(stakes)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, stakes.issueGithubId))
    .where(eq(stakes.userId, userId))
    .orderBy(desc(stakes.createdAt));
  return rows.map((r) => toStakeView(r.stake, r.issue));
}
