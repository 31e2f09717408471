import { desc, eq, sql } from 'drizzle-orm';
import type { Stake } from '@openstake/core';
import type { AppContext } from '../../context';
import { preparedQuery } from '../../db/prepared';
import { stakes, trackedIssues } from '../../db/schema';
import { toStakeView } from './stake-view';

const stakesOfUser = preparedQuery((db) =>
  db
    .select({ stake: stakes, issue: { number: trackedIssues.number, title: trackedIssues.title } })
    .from(stakes)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, stakes.issueGithubId))
    .where(eq(stakes.userId, sql.placeholder('userId')))
    .orderBy(desc(stakes.createdAt))
    .prepare('list_stakes'),
);

export async function listStakes(userId: string, ctx: Pick<AppContext, 'db'>): Promise<Stake[]> {
  const rows = await stakesOfUser(ctx.db).execute({ userId });
  return rows.map((r) => toStakeView(r.stake, r.issue));
}
