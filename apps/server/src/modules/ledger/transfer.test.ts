import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { expectBalancedLedger } from '../../../test/helpers/ledger';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app';
import { MINT, getBalance, walletOf, type AccountRef } from './accounts';
import { checkLedgerInvariant } from './check-invariant';
import { transfer, type TransferInput } from './transfer';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const escrow = (): AccountRef => ({ kind: 'stake_escrow', owner: randomUUID() });
const move = (input: Partial<TransferInput> & Pick<TransferInput, 'from' | 'to' | 'amount'>) =>
  inTransaction(app.ctx.db, (tx) =>
    transfer(tx, { kind: 'stake', reference: 'test', idempotencyKey: randomUUID(), ...input }),
  );
const fund = async (amount: number) => {
  const wallet = walletOf(randomUUID());
  await move({ from: MINT, to: wallet, amount, kind: 'signup_grant' });
  return wallet;
};

describe('transfer', () => {
  it('moves coins between accounts and records one transfer', async () => {
    const wallet = await fund(100);
    const target = escrow();
    const result = await move({ from: wallet, to: target, amount: 30 });
    expect(result.applied).toBe(true);
    expect(await getBalance(app.ctx.db, wallet)).toBe(70);
    expect(await getBalance(app.ctx.db, target)).toBe(30);
  });

  it('applies an idempotency key once, however often it is retried', async () => {
    const wallet = await fund(100);
    const target = escrow();
    const key = randomUUID();
    const results = [];
    for (let i = 0; i < 3; i++)
      results.push(await move({ from: wallet, to: target, amount: 40, idempotencyKey: key }));
    expect(results.map((r) => r.applied)).toEqual([true, false, false]);
    expect(await getBalance(app.ctx.db, wallet)).toBe(60);
  });

  it('refuses to overdraw a wallet with INSUFFICIENT_COINS and rolls the whole transaction back', async () => {
    const wallet = await fund(10);
    const other = escrow();
    const attempt = inTransaction(app.ctx.db, async (tx) => {
      await transfer(tx, {
        from: wallet,
        to: other,
        amount: 5,
        kind: 'stake',
        reference: 't',
        idempotencyKey: randomUUID(),
      });
      await transfer(tx, {
        from: wallet,
        to: other,
        amount: 6,
        kind: 'stake',
        reference: 't',
        idempotencyKey: randomUUID(),
      });
    });
    await expect(attempt).rejects.toMatchObject({
      code: 'INSUFFICIENT_COINS',
      message: 'Insufficient coins for this operation',
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    expect(await getBalance(app.ctx.db, wallet)).toBe(10); // the first 5 were rolled back too
    expect(await getBalance(app.ctx.db, other)).toBe(0);
  });

  it.each([0, -5, 1.5, Number.NaN])('refuses the amount %s', async (amount) => {
    const wallet = await fund(10);
    await expect(move({ from: wallet, to: escrow(), amount })).rejects.toBeInstanceOf(RangeError);
    expect(await getBalance(app.ctx.db, wallet)).toBe(10);
  });

  it('lets only the mint go below zero: the database itself refuses a negative wallet', async () => {
    const wallet = await fund(5);
    const write = app.ctx.db.execute(
      sql`update accounts set balance = -1 where kind = 'wallet' and owner = ${wallet.owner}`,
    );
    await expect(write).rejects.toThrow();
    expect(await getBalance(app.ctx.db, MINT)).toBeLessThan(0);
  });

  it('the database refuses a transfer row with a non-positive amount or a reused idempotency key', async () => {
    const bad = app.ctx.db.execute(
      sql`insert into transfers (from_account_id, to_account_id, amount, kind, reference, idempotency_key)
          select a.id, b.id, 0, 'stake', 'x', ${randomUUID()} from accounts a, accounts b where a.id <> b.id limit 1`,
    );
    await expect(bad).rejects.toThrow();
  });

  it('never overdraws under concurrency: 50 parallel debits of 10 from 100 coins, exactly 10 succeed', async () => {
    const wallet = await fund(100);
    const targets = Array.from({ length: 50 }, escrow);
    const results = await Promise.allSettled(
      targets.map((to) => move({ from: wallet, to, amount: 10 })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.reason).toMatchObject({ code: 'INSUFFICIENT_COINS' });
    expect(await getBalance(app.ctx.db, wallet)).toBe(0);
    await expectBalancedLedger(app.ctx.db);
  });

  it('applies one idempotency key once when 20 retries race', async () => {
    const wallet = await fund(100);
    const target = escrow();
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        move({ from: wallet, to: target, amount: 7, idempotencyKey: key }),
      ),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await getBalance(app.ctx.db, target)).toBe(7);
  });
});

describe('checkLedgerInvariant', () => {
  it('reports a balance changed outside transfer()', async () => {
    const wallet = await fund(10);
    await app.ctx.db.execute(
      sql`update accounts set balance = balance + 1 where kind = 'wallet' and owner = ${wallet.owner}`,
    );
    const report = await checkLedgerInvariant(app.ctx.db);
    expect(report.total).toBe(1);
    expect(report.driftedAccounts).toEqual([
      { kind: 'wallet', owner: wallet.owner, balance: 11, fromTransfers: 10 },
    ]);
    // Put it back so the after-each invariant check holds.
    await app.ctx.db.execute(
      sql`update accounts set balance = balance - 1 where kind = 'wallet' and owner = ${wallet.owner}`,
    );
  });
});
