import type { StakeStatus } from './contributor';
import { formatCoins, formatNumber } from './format';

/**
 * What a stake came to, as every list of stakes says it (the dashboard, the issue page, profiles,
 * the company directory): what was really gained or lost, from the figures the server settled.
 * accepted: + coins and + XP; rejected: the deduction lost and the rest refunded; expired (and a
 * rejection that deducted nothing, at a repository's 0 %): the whole stake refunded, which is no
 * loss; pending: not decided yet.
 */

export type StakeTone = 'positive' | 'negative' | 'neutral' | 'pending';

export interface SettledStakeFigures {
  status: StakeStatus;
  /** The coins staked. */
  amount: number;
  coinsEarned: number;
  xpEarned: number;
  coinsLost: number;
}

export interface StakeOutcomeText {
  tone: StakeTone;
  /** '+12 coins', '-1 coin', '5 coins refunded in full', or 'Pending'. */
  primary: string;
  /** '+6 XP' when accepted, '4 coins refunded' after a deduction, else null. */
  secondary: string | null;
}

const signed = (sign: '+' | '-', amount: number) => `${sign}${formatCoins(amount)}`;

export function stakeOutcomeText(stake: SettledStakeFigures): StakeOutcomeText {
  switch (stake.status) {
    case 'accepted':
      return {
        tone: 'positive',
        primary: signed('+', stake.coinsEarned),
        secondary: `+${formatNumber(stake.xpEarned)} XP`,
      };
    case 'rejected':
      if (stake.coinsLost > 0) {
        return {
          tone: 'negative',
          primary: signed('-', stake.coinsLost),
          secondary: `${formatCoins(stake.amount - stake.coinsLost)} refunded`,
        };
      }
      return refundedInFull(stake.amount);
    case 'expired':
      return refundedInFull(stake.amount);
    case 'pending':
      return { tone: 'pending', primary: 'Pending', secondary: null };
  }
}

const refundedInFull = (amount: number): StakeOutcomeText => ({
  tone: 'neutral',
  primary: `${formatCoins(amount)} refunded in full`,
  secondary: null,
});
