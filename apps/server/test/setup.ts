import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, expect, inject } from 'vitest';
import { expectBalancedLedger } from './helpers/ledger';
import { describeLeaks, summarizeWatches } from './helpers/secret-watch';
import { openTestApps, secretWatches, takeLeaksAtClose } from './helpers/test-app';

// After every test: the coin ledger balances, and no error was logged that the test did not expect.
afterEach(async () => {
  for (const app of openTestApps()) {
    await expectBalancedLedger(app.ctx.db);
    expect(app.takeErrorLogs(), 'unexpected error logs').toEqual([]);
  }
});

let leaked = 0;

/** Issue 9, "Secrets": no secret in any response or log line of the test apps so far. */
async function expectNoLeakedSecrets(): Promise<void> {
  const leaks = takeLeaksAtClose();
  for (const app of openTestApps()) {
    leaks.push(...(await app.secretWatch.check()).map((l) => l.message));
  }
  leaked += leaks.length;
  if (leaks.length > 0) expect.fail(describeLeaks(leaks));
}

afterEach(expectNoLeakedSecrets);

// After the file (its own afterAll hooks ran first and closed its apps): the last check, and the
// file's figures for the run's summary, which global-setup.ts prints.
// eslint-disable-next-line no-empty-pattern -- vitest wants the context destructured; only the file is used
afterAll(async ({}, suite) => {
  const file = path.relative(
    process.cwd(),
    'filepath' in suite ? suite.filepath : suite.file.filepath,
  );
  try {
    await expectNoLeakedSecrets();
  } finally {
    const dir = inject('secretsReportDir');
    const name = createHash('sha256').update(file).digest('hex').slice(0, 16);
    if (dir && secretWatches().length > 0) {
      writeFileSync(
        path.join(dir, `${name}.json`),
        JSON.stringify(summarizeWatches(file, secretWatches(), leaked)),
      );
    }
  }
});
