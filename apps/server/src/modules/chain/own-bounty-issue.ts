import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { bountyIssues } from '../../db/schema';
import { AppError } from '../../errors';
import type { Chain } from '../../integrations/chain/chain';

/** The configured chain, or the answer that there is none. */
export function requireChain(ctx: Pick<AppContext, 'chain'>): Chain {
  if (!ctx.chain) {
    throw new AppError('UNAVAILABLE', { message: 'No ledger network is configured' });
  }
  return ctx.chain;
}

/** One of the maintainer's own bounty issues; another's is as unknown as a missing one. */
export async function ownBountyIssue(db: Queryable, userId: string, issueGithubId: number) {
  const [bounty] = await db
    .select()
    .from(bountyIssues)
    .where(and(eq(bountyIssues.issueGithubId, issueGithubId), eq(bountyIssues.createdBy, userId)));
  if (!bounty) {
    throw new AppError('NOT_FOUND', { message: 'Bounty issue not found', field: 'issueId' });
  }
  return bounty;
}
