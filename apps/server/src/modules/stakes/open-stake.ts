import type { Tx } from '../../db/database';
import { stakes, type trackedIssues } from '../../db/schema';
import { ensureAccount, stakeEscrowOf, walletOf } from '../ledger/accounts';
import { transfer } from '../ledger/transfer';

/**
 * Records a pending stake and moves its coins wallet -> the stake's escrow, in the caller's
 * transaction. The checks against GitHub happen before (createStake); the database refuses a
 * second active stake on the issue and the ledger refuses an overdraft.
 */
export async function openStake(
  tx: Tx,
  input: {
    userId: string;
    issue: typeof trackedIssues.$inferSelect;
    prNumber: number;
    prUrl: string;
    /** The repository's deduction percent now: a rejection later deducts this, not a later one. */
    deductionPercent: number;
  },
): Promise<typeof stakes.$inferSelect> {
  const [row] = await tx
    .insert(stakes)
    .values({
      userId: input.userId,
      issueGithubId: input.issue.githubId,
      repositoryFullName: input.issue.repositoryFullName,
      prNumber: input.prNumber,
      prUrl: input.prUrl,
      amount: input.issue.stakingRequired,
      deductionPercent: input.deductionPercent,
    })
    .returning();
  if (!row) throw new Error('insert into stakes returned no row');
  // The escrow is made with the stake, so the transfer finds both accounts at once.
  await ensureAccount(tx, stakeEscrowOf(row.id));
  await transfer(tx, {
    from: walletOf(input.userId),
    to: stakeEscrowOf(row.id),
    amount: row.amount,
    kind: 'stake',
    reference: row.id,
    idempotencyKey: `stake:${row.id}`,
  });
  return row;
}
