import { stakeDeduction, type CountedXp } from '@openstake/core';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { enqueueBountyEnd, rearmHold } from '../chain/chain-operations';
import { bountyEscrowOf, stakeEscrowOf, walletOf, type AccountRef } from '../ledger/accounts';
import { transfer } from '../ledger/transfer';
import { payMergeReward, type MergeSource } from '../xp/pay-merge-reward';
import { markBountyPaid } from '../bounties/bounty-store';
import { setAdvertisedBounty } from '../issues/issue-store';
import { queueNotification } from '../mail/queue-notification';
import { stakeSettledMail, type SettledAs } from '../mail/templates/stake-settled';
import { refundBountyIn } from './refund-bounty';
import { markStakeSettled, recordStakeEarnings, recordStakeLoss } from './stake-store';

export type StakeOutcome =
  /**
   * Merged by someone else with the issue referenced: the reward (`xp` offered, of which what
   * counts under decision 012's limits is paid, with twice that in coins); the bounty if it
   * closes the issue.
   */
  | { kind: 'merged'; xp: number; bounty: boolean; source: MergeSource }
  /** Merged, but by its own author or without referencing the issue: a full refund, nothing more. */
  | { kind: 'merged_without_credit'; reason: string }
  | { kind: 'closed_after_review' }
  | { kind: 'closed_without_review' }
  /** Taken back by its contributor before any review (`/unstake`): a full refund. */
  | { kind: 'withdrawn' }
  | { kind: 'timed_out' };

export type SettleInput = {
  stakeId: string;
  outcome: StakeOutcome;
  settledBy: string;
  /** The demo seed's history: settled in the past, so nobody is mailed about it now. */
  untold?: boolean;
};

/** What a settlement did: the stake's new status and every coin and XP it moved. */
export interface Settlement {
  stakeId: string;
  userId: string;
  status: 'accepted' | 'rejected' | 'expired';
  /** The coins staked. */
  amount: number;
  /** Coins back from the stake's escrow to the contributor's wallet. */
  refunded: number;
  /** Coins from the stake's escrow to the repository's treasury (a rejection). */
  deducted: number;
  /** The merge's reward as it counted (XP, and the coins minted for it); null unless accepted. */
  reward: CountedXp | null;
  /** The issue's bounty, paid to the wallet with this merge. */
  bountyEarned: number;
}

/** How the contributor's mail tells the settlement; null for a stake they took back themselves. */
function settledAsOf(outcome: StakeOutcome, paid: Settlement): SettledAs | null {
  switch (outcome.kind) {
    case 'merged':
      return {
        kind: 'merged',
        xp: paid.reward?.counted ?? 0,
        coins: paid.reward?.coins ?? 0,
        bounty: paid.bountyEarned,
      };
    case 'merged_without_credit':
      return { kind: 'merged-without-credit', reason: outcome.reason };
    case 'closed_after_review':
      return { kind: 'rejected', deducted: paid.deducted };
    case 'closed_without_review':
      return { kind: 'refunded' };
    case 'timed_out':
      return { kind: 'expired' };
    case 'withdrawn':
      return null;
  }
}

/**
 * Settles a pending stake exactly once, whichever signal (webhook, poll, in-app merge, expiry)
 * gets here first and however many arrive together: the status change from 'pending' is the
 * guard, and it commits together with every coin and XP movement. Returns what it paid, or null
 * when the stake was already settled.
 */
export async function settleStake(
  input: SettleInput,
  ctx: Pick<AppContext, 'db' | 'clock' | 'publicUrl'>,
): Promise<Settlement | null> {
  return inTransaction(ctx.db, (tx) => settleStakeIn(tx, input, ctx));
}

/** settleStake inside the caller's transaction (the in-app merge settles with its own records). */
export async function settleStakeIn(
  tx: Tx,
  input: SettleInput,
  ctx: Pick<AppContext, 'clock' | 'publicUrl'>,
): Promise<Settlement | null> {
  const merged = input.outcome.kind === 'merged' ? input.outcome : undefined;
  const status = merged
    ? 'accepted'
    : input.outcome.kind === 'closed_after_review'
      ? 'rejected'
      : 'expired';
  // The guard: a merge seen by the webhook or the poll while the maintainer's in-app merge is
  // paying the feedback reward is left to that merge, so the contributor gets the rated reward;
  // a merge locks the contributor's row, so their allowance is counted one merge at a time.
  const settled = await markStakeSettled(tx, {
    stakeId: input.stakeId,
    status,
    settledBy: input.settledBy,
    at: ctx.clock.now(),
  });
  if (!settled) return null;
  // The bounty still to win on the issue, read in the same statement: only then can a funded
  // chain bounty be held for this stake (see the end).
  const { issueBounty, issueNumber, issueTitle, ...stake } = settled;

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

  const paid: Settlement = {
    stakeId: stake.id,
    userId: stake.userId,
    status,
    amount: stake.amount,
    refunded: stake.amount,
    deducted: 0,
    reward: null,
    bountyEarned: 0,
  };
  if (merged) {
    await move(wallet, stake.amount, 'stake_refund', 'stake-refund');
    const reward = await payMergeReward(tx, {
      userId: stake.userId,
      xp: merged.xp,
      source: merged.source,
      reference: stake.id,
      keyPrefix: 'stake',
      at: ctx.clock.now(),
    });
    // The bounty goes to the first merged stake whose merge closes the issue; the conditional
    // update decides.
    const bounty = !merged.bounty
      ? null
      : await markBountyPaid(tx, {
          issueGithubId: stake.issueGithubId,
          stakeId: stake.id,
          at: ctx.clock.now(),
        });
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
      await setAdvertisedBounty(tx, bounty.issueGithubId, 0);
    }
    const bountyEarned = bounty?.bountyAmount ?? 0;
    if (reward.offered > 0 || bountyEarned > 0) {
      await recordStakeEarnings(tx, stake.id, {
        coins: reward.coins,
        xp: reward.counted,
        xpUncounted: reward.uncounted,
        xpLimitReason: reward.reason,
        bounty: bountyEarned,
      });
    }
    paid.reward = reward;
    paid.bountyEarned = bountyEarned;
  } else if (input.outcome.kind === 'closed_after_review') {
    const deduction = stakeDeduction(stake.amount, stake.deductionPercent);
    await move(
      { kind: 'repo_treasury', owner: stake.repositoryFullName },
      deduction,
      'stake_deduction',
      'stake-deduction',
    );
    await move(wallet, stake.amount - deduction, 'stake_refund', 'stake-refund');
    await recordStakeLoss(tx, stake.id, deduction);
    paid.deducted = deduction;
    paid.refunded = stake.amount - deduction;
  } else {
    await move(wallet, stake.amount, 'stake_refund', 'stake-refund');
  }
  // The contributor's mail (decision 018), unless they took the stake back themselves.
  const settledAs = input.untold ? null : settledAsOf(input.outcome, paid);
  if (settledAs) {
    await queueNotification(
      tx,
      {
        kind: 'stake-settled',
        recipients: [stake.userId],
        content: stakeSettledMail(
          {
            repositoryFullName: stake.repositoryFullName,
            prNumber: stake.prNumber,
            issueNumber,
            issueTitle,
            amount: stake.amount,
            refunded: paid.refunded,
            settledAs,
          },
          ctx,
        ),
      },
      ctx,
    );
  }
  // A closed bounty issue whose last pending stake ended without winning it: nobody can win it
  // any more, so it goes back to its maintainer now, in this transaction.
  await refundBountyIn(tx, stake.issueGithubId, ctx);
  // One stake fewer pending on a bounty issue: the chain's hold follows (last: see rearmHold).
  if (issueBounty > 0) await rearmHold(tx, stake.issueGithubId, ctx.clock.now());
  return paid;
}
