/**
 * The stake dialog's balance lines. Display only: the server checks the balance again when the
 * stake is made, so a stale figure here can never let a stake through.
 */
export interface BalanceSummary {
  current: string;
  stake: string;
  after: string;
  /** Known to be short of coins; the server would refuse with its own message. */
  insufficient: boolean;
}

export function balanceSummary(balance: number | null, stake: number): BalanceSummary {
  if (balance === null)
    return { current: '—', stake: `-${String(stake)} coins`, after: '—', insufficient: false };
  return {
    current: `${String(balance)} coins`,
    stake: `-${String(stake)} coins`,
    after: `${String(balance - stake)} coins`,
    insufficient: balance < stake,
  };
}
