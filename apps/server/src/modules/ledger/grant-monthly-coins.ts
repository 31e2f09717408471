import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { rowsOf, type Db } from '../../db/database';
import { retryingConflicts } from '../../db/transaction';
import { ensureAccount, MINT, walletOf } from './accounts';

export const MONTHLY_GRANT_COINS = 100;

/**
 * Every contributor due this month, granted in one statement: the transfer rows transfer() would
 * write (mint -> wallet, kind 'monthly_grant', the user as reference, the key
 * `monthly-grant:<user id>:<YYYY-MM>`), the wallets credited and the mint debited by exactly the
 * rows inserted. A key already used (a run that got there first) inserts nothing and moves
 * nothing. The mint is locked before any wallet, in the order transfer() locks a mint -> wallet
 * transfer; a deadlock with another order is retried. With nothing due it reads the contributors
 * anti-joined with this month's keys and writes nothing.
 */
async function grantDue(db: Db, monthStart: Date, month: string) {
  const result = await retryingConflicts(() =>
    db.execute(sql`
      with due as (
        select u.id, wallet.id as wallet_id
        from users u
        left join accounts wallet on wallet.kind = 'wallet' and wallet.owner = u.id::text
        where u.role = 'contributor'
          and u.created_at < ${monthStart.toISOString()}::timestamptz
          and not exists (
            select 1 from transfers t
            where t.idempotency_key = 'monthly-grant:' || u.id::text || ':' || ${month}
          )
      ),
      mint as (
        select id from accounts where kind = 'mint' and owner = '' for update
      ),
      granted as (
        insert into transfers
          (from_account_id, to_account_id, amount, kind, reference, idempotency_key)
        select mint.id, due.wallet_id, ${MONTHLY_GRANT_COINS}::int, 'monthly_grant', due.id::text,
          'monthly-grant:' || due.id::text || ':' || ${month}
        from due cross join mint
        where due.wallet_id is not null
        on conflict (idempotency_key) do nothing
        returning to_account_id, amount
      ),
      credited as (
        update accounts set balance = accounts.balance + granted.amount
        from granted where accounts.id = granted.to_account_id
        returning accounts.id
      ),
      debited as (
        update accounts set balance = balance - (select sum(amount) from granted)
        where id = (select id from mint) and exists (select 1 from granted)
        returning id
      )
      select (select count(*) from due)::int as due, (select count(*) from granted)::int as granted
    `),
  );
  const [row] = rowsOf<{ due: number; granted: number }>(result);
  return { due: row?.due ?? 0, granted: row?.granted ?? 0 };
}

/**
 * The contributor plan's 100 coins a month: once per contributor per calendar month
 * (UTC), by idempotency key. The month of sign-up is covered by the sign-up grant. Returns how
 * many contributors were granted by this run.
 */
export async function grantMonthlyCoins(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  const now = ctx.clock.now();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const month = monthStart.toISOString().slice(0, 7);
  const first = await grantDue(ctx.db, monthStart, month);
  if (first.granted === first.due) return first.granted;
  // Someone due was left out: a contributor without a wallet or a database without a mint (every
  // sign-up creates both, so hardly ever), or a run that got there first. Create what is missing
  // and run once more; keys already used are skipped.
  const due = rowsOf<{ id: string }>(
    await ctx.db.execute(sql`
      select u.id from users u
      where u.role = 'contributor'
        and u.created_at < ${monthStart.toISOString()}::timestamptz
        and not exists (
          select 1 from accounts a where a.kind = 'wallet' and a.owner = u.id::text
        )
    `),
  );
  await ensureAccount(ctx.db, MINT);
  for (const { id } of due) await ensureAccount(ctx.db, walletOf(id));
  return first.granted + (await grantDue(ctx.db, monthStart, month)).granted;
}
