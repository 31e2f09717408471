import { and, eq, isNull, notExists } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/transaction';
import { bountyIssues, stakes } from '../../db/schema';
import { walletOf } from '../ledger/accounts';
import { transfer } from '../ledger/transfer';
import { bountyEscrowOf } from '../stakes/settle-stake';

/**
 * Returns an unwon bounty to the maintainer who posted it, when the issue is closed as not
 * planned and nobody's stake on it is still pending (a pending pull request could still win it).
 * The platform fee is not returned. Exactly once: the conditional update decides, and the
 * bounty payout checks the same column, so a bounty is either paid or refunded, never both.
 */
export async function refundBounty(
  issueGithubId: number,
  ctx: Pick<AppContext, 'db' | 'clock'>,
): Promise<boolean> {
  return inTransaction(ctx.db, async (tx) => {
    const [bounty] = await tx
      .update(bountyIssues)
      .set({ refundedAt: ctx.clock.now() })
      .where(
        and(
          eq(bountyIssues.issueGithubId, issueGithubId),
          isNull(bountyIssues.paidAt),
          isNull(bountyIssues.refundedAt),
          notExists(
            tx
              .select({ id: stakes.id })
              .from(stakes)
              .where(and(eq(stakes.issueGithubId, issueGithubId), eq(stakes.status, 'pending'))),
          ),
        ),
      )
      .returning();
    if (!bounty) return false;
    await transfer(tx, {
      from: bountyEscrowOf(issueGithubId),
      to: walletOf(bounty.createdBy),
      amount: bounty.bountyAmount,
      kind: 'bounty_refund',
      reference: String(issueGithubId),
      idempotencyKey: `bounty-refund:${String(issueGithubId)}`,
    });
    return true;
  });
}
