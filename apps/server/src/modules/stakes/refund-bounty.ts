import type { AppContext } from '../../context';
import type { Tx } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { bountyEscrowOf, walletOf } from '../ledger/accounts';
import { transfer } from '../ledger/transfer';
import { enqueueBountyEnd } from '../chain/chain-operations';
import { markIssueClosed, setAdvertisedBounty } from '../issues/issue-store';
import { markBountyRefunded } from '../bounties/bounty-store';
import { aStakeIsPendingOn } from './stake-store';

/**
 * Returns a bounty to the maintainer who posted it once nobody can win it any more: the issue is
 * closed (as not planned, or done by a pull request nobody staked), the bounty was not paid, and
 * no stake on the issue is still pending (a pending pull request could still win it; when the
 * last one ends without winning, its settlement calls this). Every bounty so ends paid or
 * refunded. The platform fee is not returned. Exactly once: the conditional update
 * decides, and the payout checks the same column, so a bounty is paid or refunded, never both.
 * Returns the amount refunded (0 when nothing was due). Callers record the issue as closed first.
 * It is the stakes module's, above bounties: whether a stake is still pending is asked in the
 * refund's own statement (the bounty store's update, with the stake store's condition).
 */
export async function refundBountyIn(
  tx: Tx,
  issueGithubId: number,
  ctx: Pick<AppContext, 'clock'>,
): Promise<number> {
  const bounty = await markBountyRefunded(tx, {
    issueGithubId,
    at: ctx.clock.now(),
    unless: aStakeIsPendingOn(tx, issueGithubId),
  });
  if (!bounty) return 0;
  await transfer(tx, {
    from: bountyEscrowOf(issueGithubId),
    to: walletOf(bounty.createdBy),
    amount: bounty.bountyAmount,
    kind: 'bounty_refund',
    reference: String(issueGithubId),
    idempotencyKey: `bounty-refund:${String(issueGithubId)}`,
  });
  // Mirrored on the chain when its chain bounty was funded: refunded to the wallet that paid it.
  await enqueueBountyEnd(tx, { kind: 'refund', issueGithubId, now: ctx.clock.now() });
  await setAdvertisedBounty(tx, issueGithubId, 0);
  return bounty.bountyAmount;
}

/**
 * Records the issue as closed on GitHub and refunds its bounty if nobody can win it any more,
 * inside the caller's transaction. Returns the amount refunded.
 */
export async function closeTrackedIssueIn(
  tx: Tx,
  issueGithubId: number,
  ctx: Pick<AppContext, 'clock'>,
): Promise<number> {
  await markIssueClosed(tx, issueGithubId);
  return refundBountyIn(tx, issueGithubId, ctx);
}

/** closeTrackedIssueIn in a transaction of its own. */
export function closeTrackedIssue(
  issueGithubId: number,
  ctx: Pick<AppContext, 'db' | 'clock'>,
): Promise<number> {
  return inTransaction(ctx.db, (tx) => closeTrackedIssueIn(tx, issueGithubId, ctx));
}
