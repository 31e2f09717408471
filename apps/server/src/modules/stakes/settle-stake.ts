import { and, eq, exists, getTableColumns, gt, isNotNull, isNull, not, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { bountyIssues, mergedPullRequests, stakes, trackedIssues } from '../../db/schema';
import { enqueueBountyEnd, rearmHold } from '../chain/chain-operations';
import { bountyEscrowOf, stakeEscrowOf, walletOf, type AccountRef } from '../ledger/accounts';
import { transfer } from '../ledger/transfer';
import { payMergeReward } from '../xp/pay-merge-reward';
import { advertiseBountyIn } from '../bounties/advertised-bounty';
import { refundBountyIn } from '../bounties/refund-bounty';

export type StakeOutcome =
  /** Merged by someone else with the issue referenced: the reward; the bounty if it closes the issue. */
  | { kind: 'merged'; xp: number; coins: number; bounty: boolean }
  /** Merged, but by its own author or without referencing the issue: a full refund, nothing more. */
  | { kind: 'merged_without_credit'; reason: string }
  | { kind: 'closed_after_review' }
  | { kind: 'closed_without_review' }
  /** Taken back by its contributor before any review (`/unstake`): a full refund. */
  | { kind: 'withdrawn' }
  | { kind: 'timed_out' };

/** The deduction on a rejected stake: rounded down, so a newcomer never loses a coin more. */
export const deductionFor = (amount: number, percent: number): number =>
  Math.floor((amount * percent) / 100);

/**
 * How long an in-app merge (which writes its merged_pull_requests row before merging on GitHub)
 * keeps the webhook and the poll away from its stakes. A merge that crashed after GitHub merged
 * leaves the row behind; after this the usual signals settle the stake without feedback.
 */
export const IN_APP_MERGE_CLAIM_MS = 10 * 60_000;

export type SettleInput = { stakeId: string; outcome: StakeOutcome; settledBy: string };

/**
 * Settles a pending stake exactly once, whichever signal (webhook, poll, in-app merge, expiry)
 * gets here first and however many arrive together: the status change from 'pending' is the
 * guard, and it commits together with every coin and XP movement. Returns false when the stake
 * was already settled.
 */
export async function settleStake(
  input: SettleInput,
  ctx: Pick<AppContext, 'db' | 'clock'>,
): Promise<boolean> {
  return inTransaction(ctx.db, (tx) => settleStakeIn(tx, input, ctx));
}

/** An in-app merge is paying for the stake's pull request: its claim row is done or still fresh. */
function claimedByInAppMerge(tx: Tx, ctx: Pick<AppContext, 'clock'>) {
  const freshSince = new Date(ctx.clock.now().getTime() - IN_APP_MERGE_CLAIM_MS);
  return exists(
    tx
      .select({ id: mergedPullRequests.id })
      .from(mergedPullRequests)
      .where(
        and(
          eq(mergedPullRequests.repositoryFullName, stakes.repositoryFullName),
          eq(mergedPullRequests.prNumber, stakes.prNumber),
          or(isNotNull(mergedPullRequests.mergedAt), gt(mergedPullRequests.createdAt, freshSince)),
        ),
      ),
  );
}

/** settleStake inside the caller's transaction (the in-app merge settles with its own records). */
export async function settleStakeIn(
  tx: Tx,
  input: SettleInput,
  ctx: Pick<AppContext, 'clock'>,
): Promise<boolean> {
  const merged = input.outcome.kind === 'merged' ? input.outcome : undefined;
  const status = merged
    ? 'accepted'
    : input.outcome.kind === 'closed_after_review'
      ? 'rejected'
      : 'expired';
  const [stake] = await tx
    .update(stakes)
    .set({
      status,
      settledAt: ctx.clock.now(),
      settledBy: input.settledBy,
      ...(merged ? { coinsEarned: merged.coins, xpEarned: merged.xp } : {}),
    })
    .where(
      and(
        eq(stakes.id, input.stakeId),
        eq(stakes.status, 'pending'),
        // A merge seen by the webhook or the poll while the maintainer's in-app merge is paying
        // the feedback reward is left to that merge, so the contributor gets the rated reward.
        merged && input.settledBy !== 'merge' ? not(claimedByInAppMerge(tx, ctx)) : undefined,
      ),
    )
    .returning({
      ...getTableColumns(stakes),
      // The bounty still to win on the issue, read in the same statement: only then can a funded
      // chain bounty be held for this stake (see the end).
      issueBounty: sql<number>`(select ${trackedIssues.bounty} from ${trackedIssues} where ${trackedIssues.githubId} = ${stakes.issueGithubId})`,
    });
  if (!stake) return false;

  const escrow = stakeEscrowOf(stake.id);
  const wallet = walletOf(stake.userId);
  const move = (
    to: AccountRef,
    amount: number,
    kind: 'stake_refund' | 'stake_deduction',
    key: string,
  ) =>
    amount > 0
      ? transfer(tx, {
          from: escrow,
          to,
          amount,
          kind,
          reference: stake.id,
          idempotencyKey: `${key}:${stake.id}`,
        })
      : undefined;

  if (input.outcome.kind === 'merged') {
    await move(wallet, stake.amount, 'stake_refund', 'stake-refund');
    const { xp, coins } = input.outcome;
    await payMergeReward(tx, {
      userId: stake.userId,
      coins,
      xp,
      reference: stake.id,
      keyPrefix: 'stake',
    });
    // The bounty goes to the first merged stake whose merge closes the issue; the conditional
    // update decides.
    const [bounty] = !input.outcome.bounty
      ? []
      : await tx
          .update(bountyIssues)
          .set({ paidStakeId: stake.id, paidAt: ctx.clock.now() })
          .where(
            and(
              eq(bountyIssues.issueGithubId, stake.issueGithubId),
              isNull(bountyIssues.paidAt),
              isNull(bountyIssues.refundedAt),
            ),
          )
          .returning();
    if (bounty) {
      await transfer(tx, {
        from: bountyEscrowOf(bounty.issueGithubId),
        to: wallet,
        amount: bounty.bountyAmount,
        kind: 'bounty_payout',
        reference: stake.id,
        idempotencyKey: `bounty-payout:${String(bounty.issueGithubId)}`,
      });
      // Mirrored on the chain when its chain bounty was funded: released to the winner's wallet.
      await enqueueBountyEnd(tx, {
        kind: 'release',
        issueGithubId: bounty.issueGithubId,
        payload: { userId: stake.userId, stakeId: stake.id },
        now: ctx.clock.now(),
      });
      await advertiseBountyIn(tx, bounty.issueGithubId, 0);
    }
    if (bounty) {
      await tx
        .update(stakes)
        .set({ coinsEarned: coins + bounty.bountyAmount, bountyEarned: bounty.bountyAmount })
        .where(eq(stakes.id, stake.id));
    }
  } else if (input.outcome.kind === 'closed_after_review') {
    const deduction = deductionFor(stake.amount, stake.deductionPercent);
    await move(
      { kind: 'repo_treasury', owner: stake.repositoryFullName },
      deduction,
      'stake_deduction',
      'stake-deduction',
    );
    await move(wallet, stake.amount - deduction, 'stake_refund', 'stake-refund');
    await tx.update(stakes).set({ coinsLost: deduction }).where(eq(stakes.id, stake.id));
  } else {
    await move(wallet, stake.amount, 'stake_refund', 'stake-refund');
  }
  // A closed bounty issue whose last pending stake ended without winning it: nobody can win it
  // any more, so it goes back to its maintainer now, in this transaction.
  await refundBountyIn(tx, stake.issueGithubId, ctx);
  // One stake fewer pending on a bounty issue: the chain's hold follows (last: see rearmHold).
  if (stake.issueBounty > 0) await rearmHold(tx, stake.issueGithubId, ctx.clock.now());
  return true;
}
