import { bountyFee } from '@openstake/core';
import type { Tx } from '../../db/database';
import { bountyEscrowOf, PLATFORM_FEES, walletOf } from '../ledger/accounts';
import { transfer } from '../ledger/transfer';

/**
 * Pays coins into a bounty, in the caller's transaction: `amount` from the maintainer's wallet to
 * the issue's bounty escrow, and the platform's fee on it (core's `bountyFee`) to the platform
 * fees account. The idempotency keys name what is paid (a bounty, or one addition to it), so a
 * retried payment moves nothing twice. Returns the fee.
 */
export async function escrowBounty(
  tx: Tx,
  input: {
    userId: string;
    issueGithubId: number;
    amount: number;
    idempotencyKeys: { escrow: string; fee: string };
  },
): Promise<number> {
  const wallet = walletOf(input.userId);
  const reference = String(input.issueGithubId);
  await transfer(tx, {
    from: wallet,
    to: bountyEscrowOf(input.issueGithubId),
    amount: input.amount,
    kind: 'bounty_escrow',
    reference,
    idempotencyKey: input.idempotencyKeys.escrow,
  });
  const fee = bountyFee(input.amount);
  if (fee > 0) {
    await transfer(tx, {
      from: wallet,
      to: PLATFORM_FEES,
      amount: fee,
      kind: 'bounty_fee',
      reference,
      idempotencyKey: input.idempotencyKeys.fee,
    });
  }
  return fee;
}
