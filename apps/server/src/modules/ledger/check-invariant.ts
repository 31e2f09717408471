import { sql } from 'drizzle-orm';
import { rowsOf, type Queryable } from '../../db/database';

export interface LedgerReport {
  total: number;
  negativeAccounts: { kind: string; owner: string; balance: number }[];
  /** Accounts whose balance differs from the sum of their transfers in and out. */
  driftedAccounts: { kind: string; owner: string; balance: number; fromTransfers: number }[];
  /** Stakes whose escrow does not hold what it should: the stake while pending, nothing once settled. */
  misheldEscrows: { stakeId: string; status: string; escrow: number }[];
  /** Bounty issues whose escrow does not hold the bounty while open, or is not empty once paid or refunded. */
  misheldBountyEscrows: { issueGithubId: number; paid: boolean; escrow: number }[];
}

/**
 * The ledger's invariant: all balances sum to zero, only the mint is
 * negative, and every balance equals what its transfers say; a pending stake's escrow holds the
 * stake and a settled one's is empty. Tests call it after moving coins.
 */
export async function checkLedgerInvariant(db: Queryable): Promise<LedgerReport> {
  const totals = await db.execute<{ total: string | null }>(
    sql`select coalesce(sum(balance), 0) as total from accounts`,
  );
  const negatives = await db.execute<{ kind: string; owner: string; balance: number }>(
    sql`select kind, owner, balance from accounts where kind <> 'mint' and balance < 0`,
  );
  const drifted = await db.execute<{
    kind: string;
    owner: string;
    balance: number;
    from_transfers: string;
  }>(sql`
    select a.kind, a.owner, a.balance,
      coalesce(credited.total, 0) - coalesce(debited.total, 0) as from_transfers
    from accounts a
    left join (select to_account_id as id, sum(amount) as total from transfers group by 1) credited
      on credited.id = a.id
    left join (select from_account_id as id, sum(amount) as total from transfers group by 1) debited
      on debited.id = a.id
  `);
  const escrows = await db.execute<{
    id: string;
    status: string;
    amount: number;
    escrow: number | null;
  }>(sql`
    select s.id, s.status, s.amount, a.balance as escrow
    from stakes s left join accounts a on a.kind = 'stake_escrow' and a.owner = s.id::text
  `);
  const bounties = await db.execute<{
    id: string;
    amount: number;
    paid: boolean;
    escrow: number | null;
  }>(sql`
    select b.issue_github_id::text as id, b.bounty_amount as amount,
      (b.paid_at is not null or b.refunded_at is not null) as paid,
      a.balance as escrow
    from bounty_issues b
    left join accounts a on a.kind = 'bounty_escrow' and a.owner = b.issue_github_id::text
  `);
  return {
    misheldBountyEscrows: rowsOf<{
      id: string;
      amount: number;
      paid: boolean;
      escrow: number | null;
    }>(bounties)
      .filter((r) => (r.escrow ?? 0) !== (r.paid ? 0 : r.amount))
      .map((r) => ({ issueGithubId: Number(r.id), paid: r.paid, escrow: r.escrow ?? 0 })),
    misheldEscrows: rowsOf<{ id: string; status: string; amount: number; escrow: number | null }>(
      escrows,
    )
      .filter((r) => (r.escrow ?? 0) !== (r.status === 'pending' ? r.amount : 0))
      .map((r) => ({ stakeId: r.id, status: r.status, escrow: r.escrow ?? 0 })),
    total: Number(rowsOf<{ total: string | null }>(totals)[0]?.total ?? 0),
    negativeAccounts: rowsOf<{ kind: string; owner: string; balance: number }>(negatives),
    driftedAccounts: rowsOf<{
      kind: string;
      owner: string;
      balance: number;
      from_transfers: string;
    }>(drifted)
      .map((r) => ({
        kind: r.kind,
        owner: r.owner,
        balance: r.balance,
        fromTransfers: Number(r.from_transfers),
      }))
      .filter((r) => r.balance !== r.fromTransfers),
  };
}
