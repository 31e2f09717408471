import type { Logger } from 'pino';
import type { Database, Db } from './db/database';
import type { Config } from './env';
import type { Github, GithubApp } from './integrations/github/port';
import type { ContextProvider } from './integrations/llm/context-provider';
import type { HederaMirror } from './integrations/hedera/mirror-node';
import type { Chain } from './integrations/chain/chain';
import type { DemoFaucet } from './integrations/chain/demo-chain';
import type { DirectoryGithub } from '@openstake/core';
import type { BackgroundWork } from './lib/background-work';
import type { TtlCache } from './lib/ttl-cache';
import type { SessionCache } from './modules/auth/session-cache';
import type { Secrets } from './secrets';
import type { Mailbox } from './integrations/mail/mailbox-server';
import type { MailTransport } from './integrations/mail/mail-transport';

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
  /** Work started by a request that runs after its answer (lib/background-work.ts). */
  background: BackgroundWork;
  github: Github;
  /** OpenStake's GitHub App (GITHUB_APP_*), or null: repositories connect by OAuth and webhook. */
  githubApp: GithubApp | null;
  /** Writes organization contexts and issue advice: a language model or GitHub metadata. */
  llm: ContextProvider;
  /** Hedera accounts' keys and balances (a mirror node, or its simulator in demo mode). */
  hederaMirror: HederaMirror;
  /** The ledger network chain bounties are held on (the escrow contract), or null: none. */
  chain: Chain | null;
  /**
   * Demo mode on its local chain (anvil) only: pays demo wallets their test currency; null
   * otherwise (no demo wallets on a configured chain).
   */
  demoFaucet: DemoFaucet | null;
  demoMode: boolean;
  /** Mail (modules/mail/): how it leaves, and demo mode's mailbox. */
  mail: {
    /** The SMTP server (SMTP_URL, or demo mode's mailbox), or null: mail waits in the outbox. */
    transport: MailTransport | null;
    /** Demo mode's in-process SMTP server, shown on /demo/mailbox; null otherwise. */
    demoMailbox: Mailbox | null;
    /** Sends what is due now, after the answer, rather than at the job's next run. */
    nudge(): void;
  };
  /**
   * Where people reach this server, for links written outside a request (the bot's comments and
   * statuses, the start-up log): PUBLIC_URL, else the address it listens on (env.ts).
   */
  publicUrl(): string;
}
