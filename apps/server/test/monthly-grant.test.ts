import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transfers } from '../src/db/schema';
import { inTransaction } from '../src/db/transaction';
import { getBalance, MINT, walletOf } from '../src/modules/ledger/accounts';
import { grantMonthlyCoins, MONTHLY_GRANT_COINS } from '../src/modules/ledger/grant-monthly-coins';
import { transfer } from '../src/modules/ledger/transfer';
import { createUser, type Account } from './helpers/factories';
import { buildTestApp, type TestApp } from './helpers/test-app';

// The month after this one: everyone signed up in these tests is due then.
const signedUp = new Date();
let now = new Date(Date.UTC(signedUp.getUTCFullYear(), signedUp.getUTCMonth() + 1, 1, 2));
const month = () => now.toISOString().slice(0, 7);
const ctx = () => ({ db: app.ctx.db, clock: { now: () => now } });

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({}, { clock: { now: () => now } });
});
afterAll(() => app.close());

const wallet = (who: { user: { id: string } }) => getBalance(app.ctx.db, walletOf(who.user.id));
const grantsOf = (userId: string) =>
  app.ctx.db
    .select()
    .from(transfers)
    .where(and(eq(transfers.kind, 'monthly_grant'), eq(transfers.reference, userId)));

describe('the monthly grant, all due contributors at once', () => {
  let early: Account;
  let others: Account[];

  beforeAll(async () => {
    early = await createUser(app, 'contributor');
    others = [await createUser(app, 'contributor'), await createUser(app, 'contributor')];
  });

  it('writes for each contributor the very transfer transfer() writes, and skips one transfer() already granted', async () => {
    // A grant made the way the job used to, one transfer() per contributor, with the month's key.
    await inTransaction(app.ctx.db, (tx) =>
      transfer(tx, {
        from: MINT,
        to: walletOf(early.user.id),
        amount: MONTHLY_GRANT_COINS,
        kind: 'monthly_grant',
        reference: early.user.id,
        idempotencyKey: `monthly-grant:${early.user.id}:${month()}`,
      }),
    );
    const before = await Promise.all([early, ...others].map(wallet));
    const mintBefore = await getBalance(app.ctx.db, MINT);

    const granted = await grantMonthlyCoins(ctx());

    expect(granted).toBe(others.length);
    expect(await Promise.all([early, ...others].map(wallet))).toEqual([
      before[0],
      ...before.slice(1).map((coins) => coins + MONTHLY_GRANT_COINS),
    ]);
    expect(await getBalance(app.ctx.db, MINT)).toBe(mintBefore - granted * MONTHLY_GRANT_COINS);

    const [byTransfer] = await grantsOf(early.user.id);
    for (const other of others) {
      const rows = await grantsOf(other.user.id);
      expect(rows).toHaveLength(1);
      const [row] = rows;
      const [walletAccount] = (
        (await app.ctx.db.execute(
          sql`select id from accounts where kind = 'wallet' and owner = ${other.user.id}`,
        )) as unknown as { rows: { id: string }[] }
      ).rows;
      expect(row).toEqual({
        id: expect.any(String),
        fromAccountId: byTransfer!.fromAccountId, // the mint
        toAccountId: walletAccount!.id,
        amount: MONTHLY_GRANT_COINS,
        kind: 'monthly_grant',
        reference: other.user.id,
        idempotencyKey: `monthly-grant:${other.user.id}:${month()}`,
        createdAt: expect.any(Date),
      });
    }
  });

  it('grants nothing more when run again in the same month, and again the next month', async () => {
    const before = await Promise.all(others.map(wallet));
    expect(await grantMonthlyCoins(ctx())).toBe(0);
    expect(await Promise.all(others.map(wallet))).toEqual(before);

    now = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 2));
    expect(await grantMonthlyCoins(ctx())).toBe(others.length + 1);
    expect(await Promise.all(others.map(wallet))).toEqual(
      before.map((coins) => coins + MONTHLY_GRANT_COINS),
    );
  });

  it('grants once per contributor when two runs race', async () => {
    now = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 2));
    const everyone = [early, ...others];
    const before = await Promise.all(everyone.map(wallet));
    const [a, b] = await Promise.all([grantMonthlyCoins(ctx()), grantMonthlyCoins(ctx())]);
    expect(a + b).toBe(everyone.length);
    expect(await grantMonthlyCoins(ctx())).toBe(0);
    expect(await Promise.all(everyone.map(wallet))).toEqual(
      before.map((coins) => coins + MONTHLY_GRANT_COINS),
    );
    for (const who of everyone) expect(await grantsOf(who.user.id)).toHaveLength(3);
  });

  it('opens a wallet for a contributor who has none yet', async () => {
    const [row] = (
      (await app.ctx.db.execute(sql`
        insert into users (email, role, github_username, created_at)
        values ('no-wallet@example.com', 'contributor', 'no-wallet', now() - interval '40 days')
        returning id
      `)) as unknown as { rows: { id: string }[] }
    ).rows;
    const walletless = { user: { id: row!.id } };
    expect(await wallet(walletless)).toBe(0);
    expect(await grantMonthlyCoins(ctx())).toBe(1);
    expect(await wallet(walletless)).toBe(MONTHLY_GRANT_COINS);
    expect(await grantsOf(walletless.user.id)).toEqual([
      expect.objectContaining({ idempotencyKey: `monthly-grant:${row!.id}:${month()}` }),
    ]);
  });
});
