import { afterEach, expect } from 'vitest';
import { checkLedgerInvariant } from '../src/modules/ledger/check-invariant';
import { openTestApps } from './helpers/test-app';

// After every test: the coin ledger balances, and no error was logged that the test did not expect.
afterEach(async () => {
  for (const app of openTestApps()) {
    const report = await checkLedgerInvariant(app.ctx.db);
    expect(report, 'ledger invariant').toEqual({
      total: 0,
      negativeAccounts: [],
      driftedAccounts: [],
    });
    expect(app.takeErrorLogs(), 'unexpected error logs').toEqual([]);
  }
});
