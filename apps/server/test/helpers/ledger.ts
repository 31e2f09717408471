import { expect } from 'vitest';
import type { Queryable } from '../../src/db/database';
import { checkLedgerInvariant } from '../../src/modules/ledger/check-invariant';

/**
 * The ledger invariant (balances sum to zero), plus every stake and bounty escrow holding exactly
 * what it should.
 */
export async function expectBalancedLedger(db: Queryable): Promise<void> {
  expect(await checkLedgerInvariant(db), 'ledger invariant').toEqual({
    total: 0,
    negativeAccounts: [],
    driftedAccounts: [],
    misheldEscrows: [],
    misheldBountyEscrows: [],
  });
}
