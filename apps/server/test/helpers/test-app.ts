import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createApp, createLogger, type App } from '../../src/app';
import type { Clock } from '../../src/context';
import type { LedgerNetwork } from '../../src/integrations/ledger-network/ledger-network';
import { loadConfig, type Config } from '../../src/env';
import { SecretWatch } from './secret-watch';
import { openTestDatabase } from './test-database';

export interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

export interface TestApp extends App {
  /** Every log line the server wrote, parsed. */
  logs: LogLine[];
  /** Raw log output, to check that no secret ever reaches it. */
  rawLogs(): string;
  /** Marks the error logs so far as expected; any other error log fails the test. */
  takeErrorLogs(): LogLine[];
  /** Every response and log line, checked for secrets after each test and at close. */
  secretWatch: SecretWatch;
}

const open = new Set<TestApp>();
export const openTestApps = (): ReadonlySet<TestApp> => open;

const watches: SecretWatch[] = [];
/** The secret watches of every test app this test file built (for its summary). */
export const secretWatches = (): readonly SecretWatch[] => watches;
const leaksAtClose: string[] = [];
/** Leaks found when an app closed, reported by the next check in test/setup.ts. */
export const takeLeaksAtClose = (): string[] => leaksAtClose.splice(0);

/** The whole server on a fresh database, with logs captured and secrets fixed. */
export async function buildTestApp(
  overrides: Partial<Record<keyof Config, string>> = {},
  options: { clock?: Clock; ledgerNetwork?: LedgerNetwork } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'openstake-test-')),
    WEB_DIST: path.join(tmpdir(), 'openstake-no-web-build'),
    SESSION_SECRET: 'test-session-secret-test-session-secret',
    ENCRYPTION_KEY: 'a'.repeat(64),
    // Tests run jobs themselves, with the clock they choose.
    JOBS_ENABLED: 'false',
    ...overrides,
  });
  let raw = '';
  const logs: LogLine[] = [];
  let seenErrors = 0;
  const secretWatch = new SecretWatch();
  watches.push(secretWatch);
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      raw += chunk.toString();
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        logs.push(JSON.parse(line) as LogLine);
        secretWatch.recordLogLine(line);
      }
      done();
    },
  });
  const database = await openTestDatabase();
  const app = await createApp({ config, database, logger: createLogger(config, sink), ...options });
  secretWatch.attach(app);
  const testApp: TestApp = {
    ...app,
    logs,
    rawLogs: () => raw,
    takeErrorLogs() {
      const errors = logs.filter((l) => l.level >= 50).slice(seenErrors);
      seenErrors += errors.length;
      return errors;
    },
    secretWatch,
    async close() {
      open.delete(testApp);
      // The last look for secrets, while the database still answers; test/setup.ts reports
      // what it finds after the test (or the file) that closed the app.
      try {
        leaksAtClose.push(...(await secretWatch.check()).map((l) => l.message));
      } finally {
        await app.close();
        await database.close();
      }
    },
  };
  open.add(testApp);
  return testApp;
}
