import { afterEach, expect } from 'vitest';
import { expectBalancedLedger } from './helpers/ledger';
import { openTestApps } from './helpers/test-app';

// After every test: the coin ledger balances, and no error was logged that the test did not expect.
afterEach(async () => {
  for (const app of openTestApps()) {
    await expectBalancedLedger(app.ctx.db);
    expect(app.takeErrorLogs(), 'unexpected error logs').toEqual([]);
  }
});
