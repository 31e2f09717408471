import path from 'node:path';
import { repoRoot } from './server-root';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

// Relative paths are read from where the user ran npm (INIT_CWD), not from the workspace folder
// npm switches into, so `DATA_DIR=./mydata npm start` means ./mydata next to the user.
const userPath = (cwd: string) =>
  z
    .string()
    .min(1)
    .transform((p) => path.resolve(cwd, p));

/** `text` as a URL, or null when it is none. */
function urlOf(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** Whether `text` is an smtp:// or smtps:// URL naming a host (with user and password, if any). */
function isSmtpUrl(text: string): boolean {
  const url = urlOf(text);
  if (!url) return false;
  return (
    (url.protocol === 'smtp:' || url.protocol === 'smtps:') &&
    url.hostname !== '' &&
    (url.pathname === '' || url.pathname === '/') &&
    !url.hash
  );
}

/** A mail address alone (`a@b.example`) or with a display name (`Name <a@b.example>`). */
const MAIL_ADDRESS = /^[^\s<>@"]+@[^\s<>@"]+\.[^\s<>@"]+$|^[^<>"\r\n]*<[^\s<>@"]+@[^\s<>@"]+>$/;

/** Whether `text` is an http(s) URL naming only an origin (a trailing slash is allowed). */
function isHttpOrigin(text: string): boolean {
  const url = urlOf(text);
  if (!url) return false;
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password &&
    !/[?#]/.test(text)
  );
}

export function configSchema(cwd: string) {
  return z
    .object({
      NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
      HOST: z.string().min(1).default('localhost'),
      PORT: z.coerce.number().int().min(0).max(65535).default(3000),
      LOG_LEVEL: z
        .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
        .default('info'),
      DATABASE_URL: z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
        .optional(),
      DATA_DIR: userPath(cwd).default(path.join(repoRoot, '.data')),
      WEB_DIST: userPath(cwd).default(path.join(repoRoot, 'apps/web/dist')),
      SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
      ENCRYPTION_KEY: z
        .string()
        .regex(/^[0-9a-f]{64}$/i, 'must be 64 hexadecimal characters (32 bytes)')
        .optional(),
      TRUST_PROXY: flag.default(false),
      COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
      AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(50),
      AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(10),
      AUTH_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
      // Per email from all addresses together, over a longer window: slows a guess spread over
      // many networks without letting one network lock the owner out (http/auth-rate-limits.ts).
      AUTH_RATE_LIMIT_PER_EMAIL_GLOBAL: z.coerce.number().int().positive().default(100),
      AUTH_RATE_LIMIT_GLOBAL_WINDOW_MINUTES: z.coerce.number().int().positive().default(60),
      // Dashboards the server renders for one account a minute; past it, the app renders them in
      // the browser (http/plugins/spa.ts).
      SESSION_PAGE_RENDERS_PER_MINUTE: z.coerce.number().int().positive().default(30),
      // Where browsers and GitHub reach this server (OAuth callback, webhooks, the links the bot
      // writes on GitHub): an origin, as the app is served from the root. Unset: the address a
      // request came in on, and for links written outside a request the address the server
      // listens on (publicBaseUrl), which is right for one machine and for the demo mode.
      PUBLIC_URL: z
        .string()
        .refine(
          isHttpOrigin,
          'must be an http:// or https:// address without a path, e.g. https://openstake.example.com',
        )
        .transform((u) => new URL(u).origin)
        .optional(),
      // Where mail is sent (modules/mail/, decision 016): an SMTP server's URL,
      // smtp://user:password@host:587 (STARTTLS when the server offers it) or smtps://...:465
      // (TLS from the start). The password is a secret, never logged. Unset: mail waits in the
      // outbox (a warning at start), except in demo mode, which receives it in process and shows
      // it on /demo/mailbox.
      SMTP_URL: z
        .string()
        .refine(
          isSmtpUrl,
          'must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.com:587',
        )
        .optional(),
      // The From of every mail. Unset: `OpenStake <no-reply@host>`, host that of PUBLIC_URL.
      MAIL_FROM: z
        .string()
        .trim()
        .regex(
          MAIL_ADDRESS,
          'must be a mail address, e.g. OpenStake <no-reply@openstake.example.com>',
        )
        .optional(),
      GITHUB_API_URL: z.string().url().default('https://api.github.com'),
      GITHUB_WEB_URL: z.string().url().default('https://github.com'),
      GITHUB_CLIENT_ID: z.string().min(1).optional(),
      GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
      // GitHub App mode (docs/ARCHITECTURE.md, GitHub App mode): all four or none. The private key
      // is a PEM, also accepted on one line with its newlines written as `\n`; it and the webhook
      // secret are secrets, never logged, never sent to a browser.
      GITHUB_APP_ID: z.coerce.number().int().positive().optional(),
      GITHUB_APP_PRIVATE_KEY: z
        .string()
        .transform((k) => k.replaceAll('\\n', '\n').trim())
        .refine(
          (k) =>
            /^-----BEGIN (RSA )?PRIVATE KEY-----\n[\s\S]+\n-----END (RSA )?PRIVATE KEY-----$/.test(
              k,
            ),
          'must be a PEM private key (-----BEGIN RSA PRIVATE KEY----- ...)',
        )
        .optional(),
      GITHUB_APP_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
      GITHUB_APP_SLUG: z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9-]*$/,
          "must be the app's URL name (lower-case letters, digits, dashes)",
        )
        .optional(),
      // Demo mode only: the port of the in-process GitHub simulator (0 = any free port).
      // Background jobs (settlement retries, polling, expiry, monthly coins); off only in tests.
      JOBS_ENABLED: flag.default(true),
      GITHUB_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
      // Demo mode only: seed demo maintainers who connect some of the simulator's repositories.
      // Unset: on for the embedded database, off with a DATABASE_URL.
      SEED_DEMO: flag.optional(),
      // An OpenAI-compatible chat completions API for context generation and issue guidance;
      // unset: contexts are built from GitHub metadata and READMEs, with no model.
      LLM_BASE_URL: z
        .string()
        .url()
        .transform((u) => u.replace(/\/+$/, ''))
        .optional(),
      LLM_API_KEY: z.string().min(1).optional(),
      LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
      // A Hedera mirror node's REST API (e.g. https://mainnet-public.mirrornode.hedera.com), read
      // for a Hedera account's key and balance when a wallet is linked. Unset: in demo mode, the
      // in-process mirror simulator; otherwise Hedera wallets cannot be linked.
      HEDERA_MIRROR_URL: z
        .string()
        .url()
        .transform((u) => u.replace(/\/+$/, ''))
        .optional(),
      // The ledger network bounty issues are mirrored on (docs/ARCHITECTURE.md, The chain): an
      // EVM JSON-RPC endpoint (Hedera: its JSON-RPC relay) with the escrow contract deployed.
      // Unset: no chain, except in demo mode, where anvil is started as a local chain.
      CHAIN_RPC_URL: z.string().url().optional(),
      // The EVM chain id of CHAIN_RPC_URL (Hedera testnet 296, mainnet 295), required with it and
      // without a default: at start the server asks the node for its id and refuses to start when
      // it differs, so a configuration never writes to a chain it did not name. It is also the
      // chain of the Sign-In with Ethereum message a MetaMask wallet signs.
      CHAIN_ID: z.coerce.number().int().positive().optional(),
      // The operator's private key (the contract's operator, which records pending work, releases
      // and refunds, and never pays a bounty in): a secret, never logged, never sent to a browser.
      CHAIN_OPERATOR_KEY: z
        .string()
        .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key')
        .optional(),
      ESCROW_ADDRESS: z
        .string()
        .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address')
        .optional(),
      // The currency as shown: its symbol and the decimals it has (HBAR: 8, tinybars; ETH: 18).
      CHAIN_CURRENCY_SYMBOL: z.string().min(1).max(10).default('HBAR'),
      CHAIN_CURRENCY_DECIMALS: z.coerce.number().int().min(0).max(18).default(8),
      // A transaction's page on an explorer, `{hash}` replaced, e.g.
      // https://hashscan.io/testnet/transaction/{hash}. Unset: hashes are shown without a link.
      CHAIN_EXPLORER_URL: z
        .string()
        .url()
        .refine((u) => u.includes('{hash}'), 'must contain {hash}')
        .optional(),
      // Demo mode only: the loopback port of its local chain, anvil (0 = any free port).
      CHAIN_DEVNET_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    })
    .refine((c) => Boolean(c.GITHUB_CLIENT_ID) === Boolean(c.GITHUB_CLIENT_SECRET), {
      message: 'set both GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET, or neither (demo mode)',
      path: ['GITHUB_CLIENT_ID'],
    })
    .refine(
      (c) => {
        const app = [
          c.GITHUB_APP_ID,
          c.GITHUB_APP_PRIVATE_KEY,
          c.GITHUB_APP_WEBHOOK_SECRET,
          c.GITHUB_APP_SLUG,
        ];
        return app.every((v) => v === undefined) || app.every((v) => v !== undefined);
      },
      {
        message:
          'set all of GITHUB_APP_ID, GITHUB_APP_PRIVATE_KEY, GITHUB_APP_WEBHOOK_SECRET and GITHUB_APP_SLUG, or none',
        path: ['GITHUB_APP_ID'],
      },
    )
    .refine(
      (c) =>
        [c.CHAIN_RPC_URL, c.CHAIN_OPERATOR_KEY, c.ESCROW_ADDRESS].every((v) => v === undefined) ||
        [c.CHAIN_RPC_URL, c.CHAIN_OPERATOR_KEY, c.ESCROW_ADDRESS].every((v) => v !== undefined),
      {
        message:
          'set all of CHAIN_RPC_URL, CHAIN_OPERATOR_KEY and ESCROW_ADDRESS (and CHAIN_ID), or none',
        path: ['CHAIN_RPC_URL'],
      },
    )
    .refine((c) => c.CHAIN_RPC_URL === undefined || c.CHAIN_ID !== undefined, {
      message: 'set CHAIN_ID to the chain id of CHAIN_RPC_URL (Hedera testnet 296, mainnet 295)',
      path: ['CHAIN_ID'],
    })
    .refine((c) => Boolean(c.LLM_BASE_URL) === Boolean(c.LLM_API_KEY), {
      message: 'set both LLM_BASE_URL and LLM_API_KEY, or neither (no language model)',
      path: ['LLM_BASE_URL'],
    });
}

/**
 * Where people reach this server, for links written outside a request (the bot's comments and
 * statuses on GitHub, the start-up log): PUBLIC_URL, else the address it listens on, HOST and
 * the port it is bound to (`port`; PORT 0 picks one). HOST `0.0.0.0` or `::` (every interface)
 * is written `localhost`, which reaches it from this machine; others need PUBLIC_URL.
 */
export function publicBaseUrl(config: Pick<Config, 'PUBLIC_URL' | 'HOST'>, port: number): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL;
  const host = config.HOST.replace(/^\[(.*)\]$/, '$1');
  const name =
    host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${String(port)}`;
}

/** Without GitHub OAuth credentials the server runs against its built-in GitHub simulator. */
export const isDemoMode = (config: Pick<Config, 'GITHUB_CLIENT_ID'>): boolean =>
  !config.GITHUB_CLIENT_ID;

/** The GitHub App settings, when all four are set (env.ts refuses some without the others). */
export interface GithubAppSettings {
  appId: number;
  privateKey: string;
  webhookSecret: string;
  slug: string;
}

export function githubAppSettings(config: Config): GithubAppSettings | null {
  const { GITHUB_APP_ID, GITHUB_APP_PRIVATE_KEY, GITHUB_APP_WEBHOOK_SECRET, GITHUB_APP_SLUG } =
    config;
  if (!GITHUB_APP_ID || !GITHUB_APP_PRIVATE_KEY || !GITHUB_APP_WEBHOOK_SECRET || !GITHUB_APP_SLUG) {
    return null;
  }
  return {
    appId: GITHUB_APP_ID,
    privateKey: GITHUB_APP_PRIVATE_KEY,
    webhookSecret: GITHUB_APP_WEBHOOK_SECRET,
    slug: GITHUB_APP_SLUG,
  };
}

export type Config = z.infer<ReturnType<typeof configSchema>>;

/** Whether to seed the demo data: only in demo mode, and by default only on the embedded database. */
export const seedsDemo = (config: Config): boolean =>
  isDemoMode(config) && (config.SEED_DEMO ?? !config.DATABASE_URL);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once, at start; nothing else in the server reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cwd = env.INIT_CWD ?? process.cwd();
  // Treat empty variables as unset, as shells and .env files often leave them empty.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = configSchema(cwd).safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
