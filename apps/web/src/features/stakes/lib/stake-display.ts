import {
  stakeOutcomeText,
  xpLimitReasonText,
  type Stake,
  type StakeStatus,
  type StakeTone,
} from '@openstake/core';

/**
 * What a stake row shows once the server has settled it: what was really gained or lost, never a
 * figure computed here (core's stakeOutcomeText words it).
 */

export type { StakeTone };

export const STAKE_STATUS_LABELS: Readonly<Record<StakeStatus, string>> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  expired: 'Expired',
};

export type StakeStatusVariant = 'warning' | 'success' | 'destructive' | 'secondary';

const TONE_VARIANTS: Readonly<Record<StakeTone, StakeStatusVariant>> = {
  pending: 'warning',
  positive: 'success',
  negative: 'destructive',
  neutral: 'secondary',
};

/**
 * The status badge's colour follows what the stake came to: a rejection that cost nothing (a
 * repository at 0 %) is no loss and is not shown red.
 */
export const stakeStatusVariant = (stake: SettledFigures): StakeStatusVariant =>
  TONE_VARIANTS[stakeOutcomeText(stake).tone];

export interface StakeOutcome {
  tone: StakeTone;
  /** The coins line: '+12 coins', '-1 coin', '5 coins refunded in full', or 'Pending'. */
  primary: string;
  /** A second line: '+6 XP' for accepted, '4 coins refunded' after a deduction. */
  secondary: string | null;
  /** 'incl. 100 coins bounty' when the stake won an issue's bounty. */
  bounty: string | null;
  /** '108 XP not counted: monthly limit from this maintainer reached' when a limit held XP back. */
  note: string | null;
}

export type SettledFigures = Pick<
  Stake,
  | 'status'
  | 'amount'
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
  const accepted = stake.status === 'accepted';
  return {
    ...stakeOutcomeText(stake),
    bounty:
      accepted && stake.bountyEarned > 0
        ? `incl. ${String(stake.bountyEarned)} coins bounty`
        : null,
    note: accepted ? uncountedNote(stake) : null,
  };
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

/** The profile's Stakes History columns ("Stake (profile sample)"). */
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
