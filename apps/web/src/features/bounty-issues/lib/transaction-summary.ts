import { bountyFee, chainBountyAmountTextSchema, MAX_ISSUE_COINS } from '@openstake/core';

import { parseAmountText } from './issue-form';

export interface TransactionSummary {
  /** Staked by the contributor who takes the issue, returned to them on merge. */
  stake: number | null;
  bounty: number | null;
  /** The platform's 5 % of the bounty, rounded up. */
  fee: number | null;
  /** What leaves the maintainer's coins now: bounty + fee, held until a pull request is merged. */
  payNow: number | null;
  /** What the contributor whose pull request is merged receives: their stake back + the bounty. */
  totalPayout: number | null;
  /** The maintainer's coins, null while unknown. */
  balance: number | null;
  balanceAfter: number | null;
  insufficient: boolean;
  /**
   * The chain bounty as typed, in the chain's currency ('1.5'), when it is a plain positive
   * amount; null for none. Never added to the coins: the maintainer's wallet pays it in.
   */
  chainBounty: string | null;
}

/** A typed amount the server would accept (a whole number of coins, 1 to the maximum), else null. */
export function validCoinAmount(text: string): number | null {
  const value = parseAmountText(text);
  if (value === undefined || !Number.isSafeInteger(value)) return null;
  return value >= 1 && value <= MAX_ISSUE_COINS ? value : null;
}

/**
 * The figures of the form's Transaction Summary. Shown only, never sent: the server computes the
 * fee and the escrow itself (the same core bountyFee) and refuses when the coins are short.
 */
export function transactionSummary(
  stakeText: string,
  bountyText: string,
  balance: number | null,
  chainBountyText = '',
): TransactionSummary {
  const stake = validCoinAmount(stakeText);
  const bounty = validCoinAmount(bountyText);
  const fee = bounty === null ? null : bountyFee(bounty);
  const payNow = bounty === null || fee === null ? null : bounty + fee;
  return {
    stake,
    bounty,
    fee,
    payNow,
    totalPayout: stake === null || bounty === null ? null : stake + bounty,
    balance,
    balanceAfter: balance === null || payNow === null ? null : balance - payNow,
    insufficient: balance !== null && payNow !== null && payNow > balance,
    chainBounty: chainBountyAmountTextSchema.safeParse(chainBountyText).success
      ? chainBountyText.trim()
      : null,
  };
}
