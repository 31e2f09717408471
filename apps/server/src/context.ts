import type { Logger } from 'pino';
import type { Database, Db } from './db/database';
import type { Config } from './env';
import type { Github } from './integrations/github/github';
import type { ContextProvider } from './integrations/llm/context-provider';
import type { LedgerNetwork } from './integrations/ledger-network/ledger-network';
import type { DirectoryGithub } from '@openstake/core';
import type { TtlCache } from './lib/ttl-cache';
import type { SessionCache } from './modules/auth/session-cache';
import type { Secrets } from './secrets';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** Everything a service needs, passed in so tests can swap a part without monkey-patching. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  secrets: Secrets;
  clock: Clock;
  /** Session rows this server read in the last few seconds (modules/auth/session-cache.ts). */
  sessions: SessionCache;
  /** Contributors' GitHub details the hire directory read lately (modules/directory/). */
  githubDetails: TtlCache<DirectoryGithub>;
  log: Logger;
  github: Github;
  /** Writes organization contexts and issue advice: a language model or GitHub metadata. */
  llm: ContextProvider;
  ledgerNetwork: LedgerNetwork;
  demoMode: boolean;
}
