import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createApp, createLogger, type App } from '../../src/app';
import type { Clock } from '../../src/context';
import type { LedgerNetwork } from '../../src/integrations/ledger-network/ledger-network';
import { loadConfig, type Config } from '../../src/env';
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
}

const open = new Set<TestApp>();
export const openTestApps = (): ReadonlySet<TestApp> => open;

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
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      raw += chunk.toString();
      for (const line of chunk.toString().split('\n').filter(Boolean))
        logs.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const database = await openTestDatabase();
  const app = await createApp({ config, database, logger: createLogger(config, sink), ...options });
  const testApp: TestApp = {
    ...app,
    logs,
    rawLogs: () => raw,
    takeErrorLogs() {
      const errors = logs.filter((l) => l.level >= 50).slice(seenErrors);
      seenErrors += errors.length;
      return errors;
    },
    async close() {
      open.delete(testApp);
      await app.close();
      await database.close();
    },
  };
  open.add(testApp);
  return testApp;
}
