import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createApp, createLogger, type App } from '../../src/app';
import type { Clock } from '../../src/context';
import { startDemoServices } from '../../src/demo-services';
import type { DemoChain } from '../../src/integrations/chain/demo-chain';
import type { Database } from '../../src/db/database';
import type { GithubTiming } from '../../src/integrations/github/client';
import { loadConfig, type Config } from '../../src/env';
import type { HederaMirrorSim } from '@openstake/hedera-mirror-sim';
import type { GithubSim } from '@openstake/github-sim';
import type { BackgroundWork } from '../../src/lib/background-work';
import { SecretWatch } from './secret-watch';
import { openTestDatabase } from './test-database';

export interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

export interface TestApp extends App {
  /**
   * The GitHub simulator, started beside the app as `main.ts` does in demo mode; its calls
   * return once what they made GitHub deliver has been settled (see `settlingWith`).
   */
  githubSim: GithubSim | undefined;
  /** The Hedera mirror node simulator, started beside the app as `main.ts` does in demo mode. */
  hederaMirrorSim: HederaMirrorSim | undefined;
  /** The local EVM devnet with the escrow, when the test asked for a chain (`chain: true`). */
  demoChain: DemoChain | undefined;
  /**
   * Points the simulator's GitHub App webhook at the server once it listens (`listen` in
   * github-flow.ts calls it), as `main.ts` does; nothing without the simulator.
   */
  setAppWebhookUrl(url: string): void;
  /** Every log line the server wrote, parsed. */
  logs: LogLine[];
  /** Raw log output, to check that no secret ever reaches it. */
  rawLogs(): string;
  /** Marks the error logs so far as expected; any other error log fails the test. */
  takeErrorLogs(): LogLine[];
  /** Every response and log line, checked for secrets after each test and at close. */
  secretWatch: SecretWatch;
}

/**
 * GitHub's waits in tests: a retried read or a sat-out rate limit waits a millisecond for each
 * hundreds or thousand the server would (the decisions, in GitHub's seconds, stay the same).
 */
export const TEST_GITHUB_TIMING: GithubTiming = { retryBaseMs: 1 };

const open = new Set<TestApp>();
export const openTestApps = (): ReadonlySet<TestApp> => open;

const watches: SecretWatch[] = [];
/** The secret watches of every test app this test file built (for its summary). */
export const secretWatches = (): readonly SecretWatch[] => watches;
const leaksAtClose: string[] = [];
/** Leaks found when an app closed, reported by the next check in test/setup.ts. */
export const takeLeaksAtClose = (): string[] => leaksAtClose.splice(0);

/**
 * The simulator as tests drive it: a call returns once GitHub has delivered what it caused and
 * the app has finished the work those deliveries started after answering (a closed pull request
 * is settled after GitHub has its 202), as a user would see it a moment later.
 */
function settlingWith(sim: GithubSim, background: BackgroundWork): GithubSim {
  return new Proxy(sim, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' || key === 'close') return value;
      return (...args: unknown[]) => {
        const result: unknown = Reflect.apply(value, target, args);
        if (!(result instanceof Promise)) return result;
        return result.then(async (answer: unknown) => {
          await quiesce(target, background);
          return answer;
        });
      };
    },
  });
}

/**
 * Waits until the simulator's webhook deliveries and the server's work after them are done. That
 * work may write to GitHub as the bot (a reply, a status), whose deliveries start more: a few
 * rounds settle it. Also run before the server closes, so no delivery meets a closing server
 * (the simulator's close waits for its deliveries, 10 s each when a server does not answer).
 */
async function quiesce(sim: GithubSim | undefined, background: BackgroundWork): Promise<void> {
  for (let round = 0; round < 3; round++) {
    await sim?.idle();
    await background.idle();
  }
}

/** The whole server on a fresh database, with logs captured and secrets fixed. */
export async function buildTestApp(
  overrides: Partial<Record<keyof Config, string>> = {},
  options: {
    clock?: Clock;
    /**
     * Starts the demo devnet with the escrow, as `main.ts` does in demo mode, and uses it; with
     * `rpcUrlFor`, the server reaches it through the URL that returns (a proxy the test controls).
     */
    chain?: boolean | { rpcUrlFor(devnetUrl: string): string };
    /**
     * The database to use instead of a fresh one (closed with the app): several apps on one
     * PostgreSQL database, each with its own connections, as several servers are.
     */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    // Where `listen` (github-flow.ts) binds it, so the links it writes name that address.
    HOST: '127.0.0.1',
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
  const database = options.database ?? (await openTestDatabase());
  const demo = await startDemoServices(config, { chain: Boolean(options.chain) });
  const { github: demoGithub, hedera: demoHedera, chain: demoChain } = demo;
  const app = await createApp({
    config,
    database,
    logger: createLogger(config, sink),
    github: demoGithub,
    hederaMirror: demoHedera,
    chain: demoChain && {
      ...demoChain.settings,
      ...(typeof options.chain === 'object'
        ? { rpcUrl: options.chain.rpcUrlFor(demoChain.settings.rpcUrl) }
        : {}),
    },
    demoFaucet: demoChain?.faucet,
    mailbox: demo.mailbox,
    clock: options.clock,
    githubTiming: TEST_GITHUB_TIMING,
  });
  secretWatch.attach(app);
  if (demoChain) secretWatch.addChainOperatorKey(demoChain.settings.operatorKey);
  const testApp: TestApp = {
    ...app,
    githubSim: demoGithub && settlingWith(demoGithub.sim, app.ctx.background),
    hederaMirrorSim: demoHedera?.sim,
    setAppWebhookUrl: (url) => demoGithub?.setAppWebhookUrl(url),
    demoChain,
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
        await quiesce(demoGithub?.sim, app.ctx.background);
        await app.close();
        await demo.close();
        await database.close();
      }
    },
  };
  open.add(testApp);
  return testApp;
}
