import { xpLimitReasonText, type Stake, type StakeStatus } from '@openstake/core';

/**
 * What a stake row shows once the server has settled it (DESIGN.md s5): what was really gained
 * or lost, never a figure computed here. accepted: + coins and + XP; rejected: minus the
 * deduction; expired: 0, the stake was refunded; pending: not decided yet.
 */

export const STAKE_STATUS_LABELS: Readonly<Record<StakeStatus, string>> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  expired: 'Expired',
};

export type StakeStatusVariant = 'warning' | 'success' | 'destructive' | 'secondary';

export const STAKE_STATUS_VARIANTS: Readonly<Record<StakeStatus, StakeStatusVariant>> = {
  pending: 'warning',
  accepted: 'success',
  rejected: 'destructive',
  expired: 'secondary',
};

export type StakeTone = 'positive' | 'negative' | 'neutral' | 'pending';

export interface StakeOutcome {
  tone: StakeTone;
  /** The coins line: '+12 coins', '-1 coins', '0 coins', or 'Pending'. */
  primary: string;
  /** A second line: '+6 XP' for accepted, 'Refunded' for expired. */
  secondary: string | null;
  /** 'incl. 100 coins bounty' when the stake won an issue's bounty. */
  bounty: string | null;
  /** '108 XP not counted: monthly limit from this maintainer reached' when a limit held XP back. */
  note: string | null;
}

export type SettledFigures = Pick<
  Stake,
  | 'status'
  | 'coinsEarned'
  | 'xpEarned'
  | 'coinsLost'
  | 'bountyEarned'
  | 'xpUncounted'
  | 'xpLimitReason'
>;

/** Why part of an accepted stake's XP did not count (decision 012), or null. */
const uncountedNote = (stake: SettledFigures): string | null =>
  stake.xpUncounted > 0 && stake.xpLimitReason
    ? `${String(stake.xpUncounted)} XP not counted: ${xpLimitReasonText(stake.xpLimitReason)}`
    : null;

export function stakeOutcome(stake: SettledFigures): StakeOutcome {
  switch (stake.status) {
    case 'accepted':
      return {
        tone: 'positive',
        primary: `+${String(stake.coinsEarned)} coins`,
        secondary: `+${String(stake.xpEarned)} XP`,
        bounty: stake.bountyEarned > 0 ? `incl. ${String(stake.bountyEarned)} coins bounty` : null,
        note: uncountedNote(stake),
      };
    case 'rejected':
      // A repository may set its deduction to 0 %: nothing was lost then, and '-0' reads oddly.
      return stake.coinsLost > 0
        ? {
            tone: 'negative',
            primary: `-${String(stake.coinsLost)} coins`,
            secondary: null,
            bounty: null,
            note: null,
          }
        : { tone: 'neutral', primary: '0 coins', secondary: 'Refunded', bounty: null, note: null };
    case 'expired':
      return {
        tone: 'neutral',
        primary: '0 coins',
        secondary: 'Refunded',
        bounty: null,
        note: null,
      };
    case 'pending':
      return { tone: 'pending', primary: 'Pending', secondary: null, bounty: null, note: null };
  }
}

export interface StakeHistoryRow {
  owner: string;
  repository: string;
  coinsStaked: number;
  /** Net coins of the outcome, negative after a deduction; null while pending. */
  coinsGained: number | null;
  /** Null while pending. */
  xpGained: number | null;
  closedAt: string | null;
}

/** Splits 'owner/repo'; a name without an owner keeps the whole text as the repository. */
export function splitFullName(fullName: string): { owner: string; repository: string } {
  const slash = fullName.indexOf('/');
  if (slash <= 0) return { owner: '', repository: fullName };
  return { owner: fullName.slice(0, slash), repository: fullName.slice(slash + 1) };
}

/** The profile's Stakes History columns (spec 000 s3, "Stake (profile sample)"). */
export function stakeHistoryRow(
  stake: SettledFigures & Pick<Stake, 'repository' | 'amount' | 'settledAt'>,
): StakeHistoryRow {
  const settled = stake.status !== 'pending';
  const coinsGained =
    stake.status === 'accepted'
      ? stake.coinsEarned
      : stake.status === 'rejected'
        ? -stake.coinsLost
        : stake.status === 'expired'
          ? 0
          : null;
  return {
    ...splitFullName(stake.repository),
    coinsStaked: stake.amount,
    coinsGained: coinsGained === 0 ? 0 : coinsGained, // never -0
    xpGained: stake.status === 'accepted' ? stake.xpEarned : settled ? 0 : null,
    closedAt: settled ? stake.settledAt : null,
  };
}

/** '+5', '-3', '0', or '—' for a figure not known yet. */
export function signedFigure(value: number | null): string {
  if (value === null) return '—';
  if (value > 0) return `+${String(value)}`;
  return String(value);
}
