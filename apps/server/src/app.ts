import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type DestinationStream, type Logger } from 'pino';
import { systemClock, type AppContext, type Clock } from './context';
import { openDatabase, type Database } from './db/database';
import { ConfigError, githubAppSettings, isDemoMode, publicBaseUrl, type Config } from './env';
import type { Chain, ChainSettings } from './integrations/chain/chain';
import type { DemoFaucet } from './integrations/chain/demo-chain';
import { configuredChain } from './integrations/chain/chain-settings';
import { createViemChain } from './integrations/chain/viem-chain';
import { githubClients, type GithubTiming } from './integrations/github/client';
import { createGithub } from './integrations/github/github';
import { OctokitGithubApp } from './integrations/github/github-app';
import type { GithubEndpoints } from './integrations/github/demo-github';
import {
  HttpHederaMirror,
  notConfiguredHederaMirror,
  type HederaMirror,
} from './integrations/hedera/mirror-node';
import { createContextProvider } from './integrations/llm/create-context-provider';
import { registerAccessGuard, requireDeclaredAccess } from './http/access';
import { frameworkErrors, registerErrorHandler } from './http/plugins/error-handler';
import { registerNoStore } from './http/plugins/no-store';
import { registerNulRefusal } from './http/plugins/refuse-nul';
import { registerSameOriginCheck } from './http/plugins/same-origin';
import { registerSecurityHeaders } from './http/plugins/security-headers';
import { registerSession } from './http/plugins/session';
import { publicAppConfig } from './http/app-config';
import { databaseRateLimitStore } from './http/rate-limit-store';
import { registerSpa } from './http/plugins/spa';
import { serializerCompiler } from './http/serializer';
import { BackgroundWork } from './lib/background-work';
import { TtlCache } from './lib/ttl-cache';
import { GITHUB_DETAILS_CACHE_MS } from './modules/directory/get-directory-github';
import { SessionCache } from './modules/auth/session-cache';
import { authRoutes } from './http/routes/auth.routes';
import { apiKeysRoutes } from './http/routes/api-keys.routes';
import { automationRoutes } from './http/routes/automation.routes';
import { bountiesRoutes } from './http/routes/bounties.routes';
import { contributorsRoutes } from './http/routes/contributors.routes';
import { conversationRoutes } from './http/routes/conversations.routes';
import { directoryRoutes } from './http/routes/directory.routes';
import { issuePageRoutes } from './http/routes/issue-page.routes';
import { issuesRoutes } from './http/routes/issues.routes';
import { ledgerRoutes } from './http/routes/ledger.routes';
import { maintainerPreferencesRoutes } from './http/routes/maintainer-preferences.routes';
import { organizationsRoutes } from './http/routes/organizations.routes';
import { pullRequestsRoutes } from './http/routes/pull-requests.routes';
import { stakesRoutes } from './http/routes/stakes.routes';
import { githubRoutes } from './http/routes/github.routes';
import { repositoriesRoutes } from './http/routes/repositories.routes';
import { vouchesRoutes } from './http/routes/vouches.routes';
import { webhookRoutes } from './http/routes/webhook.routes';
import { healthRoutes } from './http/routes/health.routes';
import { chainRoutes } from './http/routes/chain.routes';
import { userRoutes } from './http/routes/user.routes';
import { walletRoutes } from './http/routes/wallet.routes';
import { startJobLoop } from './jobs/job-runner';
import { createSmtpTransport } from './integrations/mail/mail-transport';
import type { Mailbox } from './integrations/mail/mailbox-server';
import { sendDueMail } from './modules/mail/send-due-mail';
import { mailRoutes } from './http/routes/mail.routes';
import { loadSecrets } from './secrets';

export const BODY_LIMIT = 100 * 1024;

// Belt and braces: request logs carry no headers by default, but nothing secret may ever be logged.
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.passwordHash',
  '*.accessToken',
  // The language model's key (config) and OpenStake API keys never reach a log either.
  '*.LLM_API_KEY',
  // The chain operator's key (config, and the settings the adapter is built from).
  '*.CHAIN_OPERATOR_KEY',
  '*.operatorKey',
  '*.apiKey',
  '*.secretKey',
  // The GitHub App's private key and webhook secret (config, and the settings the app is built from).
  '*.GITHUB_APP_PRIVATE_KEY',
  '*.GITHUB_APP_WEBHOOK_SECRET',
  '*.privateKey',
  '*.webhookSecret',
  // The SMTP server's URL holds its password (config, and wherever a URL is passed along).
  '*.SMTP_URL',
  '*.smtpUrl',
];

/*
 * Query parameters whose value is logged as [redacted]: any whose name is credential-shaped.
 * GitHub's OAuth callback brings the one-time `code` and the signed `state` in the URL, and a
 * client may put a key where no route reads one (`?api_key=`, `?key=`, `?access_token=`); the
 * request log would otherwise write them out. A name is split into words (at `_`, `-`, `.`,
 * brackets and camelCase) and is credential-shaped when one word is in CREDENTIAL_WORDS, or when
 * it holds one of CREDENTIAL_PARTS anywhere (`xapikey`, `authToken`, `client_secret`). Any value
 * shaped like an OpenStake API key or a GitHub token is redacted whatever its name.
 */
const CREDENTIAL_WORDS = new Set([
  'key',
  'code',
  'state',
  'sig',
  'pass',
  'pwd',
  'otp',
  'pin',
  'auth',
  'nonce',
  'bearer',
  'cookie',
  'sid',
  'hmac',
  'jwt',
]);
const CREDENTIAL_PARTS = [
  'token',
  'secret',
  'passw',
  'passphrase',
  'apikey',
  'signature',
  'credential',
  'session',
  'authorization',
  'privatekey',
];
/** OpenStake API keys, GitHub's tokens (gho_, ghp_, ghs_, ghu_, ghr_, github_pat_). */
const CREDENTIAL_VALUE = /(?:osk_[0-9a-z]{32}|gh[opsur]_[A-Za-z0-9]{20,}|github_pat_\w{20,})/;

const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text; // a malformed part is judged as it came
  }
};

/** Whether a query parameter's name says it carries a credential. */
export function isCredentialName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const joined = words.join('');
  return (
    words.some((word) => CREDENTIAL_WORDS.has(word)) ||
    CREDENTIAL_PARTS.some((part) => joined.includes(part))
  );
}

/** The URL as logged: the values of credential-shaped query parameters replaced. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const params = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      const value = pair.slice(name.length + 1);
      return isCredentialName(decoded(name)) || CREDENTIAL_VALUE.test(decoded(value))
        ? `${name}=[redacted]`
        : pair;
    });
  return `${url.slice(0, query)}?${params.join('&')}`;
}

/** Fastify's request serializer, with secret query parameters redacted from the URL. */
const serializeRequest = (req: {
  method: string;
  url: string;
  headers?: Record<string, unknown>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) => ({
  method: req.method,
  url: redactUrl(req.url),
  version: req.headers?.['accept-version'],
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});

export function createLogger(
  config: Pick<Config, 'LOG_LEVEL'>,
  destination?: DestinationStream,
): Logger {
  return pino(
    {
      level: config.LOG_LEVEL,
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: { req: serializeRequest },
    },
    destination,
  );
}

export interface CreateAppOptions {
  config: Config;
  /** An already opened database (tests); otherwise one is opened from the configuration. */
  database?: Database;
  logger?: Logger;
  clock?: Clock;
  /**
   * The ledger network bounty issues are mirrored on: the demo devnet (`startDemoChain`) or a test's
   * chain; otherwise the CHAIN_* settings, and none when they are unset.
   */
  chain?: ChainSettings;
  /** Demo mode's devnet faucet, which funds demo wallets (`startDemoChain`); none otherwise. */
  demoFaucet?: DemoFaucet;
  /** How long GitHub requests wait before they are asked again (tests shorten it); defaults. */
  githubTiming?: GithubTiming;
  /**
   * Where GitHub is: required in demo mode (the simulator, `startDemoGithub`); otherwise the
   * configured GITHUB_* settings.
   */
  github?: GithubEndpoints;
  /**
   * The Hedera mirror node: in demo mode without HEDERA_MIRROR_URL, the simulator the caller
   * started (`startDemoHederaMirror`); otherwise HEDERA_MIRROR_URL, or none (Hedera refused).
   */
  hederaMirror?: { mirrorUrl: string };
  /**
   * Demo mode's in-process SMTP server (`startDemoServices`), where mail goes when SMTP_URL is
   * unset, shown on /demo/mailbox.
   */
  mailbox?: Mailbox;
}

export interface App {
  server: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** GitHub as configured, or as the caller started it (the simulator, in demo mode). */
function githubEndpoints({ config, github }: CreateAppOptions): GithubEndpoints {
  if (github) return github;
  if (isDemoMode(config)) {
    throw new Error('demo mode (no GITHUB_CLIENT_ID): pass the simulator from startDemoGithub()');
  }
  return {
    config: {
      apiUrl: config.GITHUB_API_URL,
      webUrl: config.GITHUB_WEB_URL,
      clientId: config.GITHUB_CLIENT_ID ?? '',
      clientSecret: config.GITHUB_CLIENT_SECRET ?? '',
    },
  };
}

function hederaMirrorOf({ config, hederaMirror }: CreateAppOptions): HederaMirror {
  const url = hederaMirror?.mirrorUrl ?? config.HEDERA_MIRROR_URL;
  return url ? new HttpHederaMirror(url) : notConfiguredHederaMirror;
}

/**
 * Refuses to start on a chain other than the one configured: the node's own answer to eth_chainId
 * must be CHAIN_ID (or the devnet's), so a configuration never writes to, or has maintainers fund
 * bounties on, a chain it did not name. A node that does not answer refuses the start too: which
 * chain it is cannot be known. (Every write is also signed for the configured chain id.)
 */
export async function checkChainId(chain: Chain): Promise<void> {
  let nodeChainId: number;
  try {
    nodeChainId = await chain.nodeChainId();
  } catch (error) {
    throw new ConfigError(
      `CHAIN_RPC_URL: the node did not say which chain it is (eth_chainId): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (nodeChainId !== chain.chainId) {
    throw new ConfigError(
      `CHAIN_ID is ${String(chain.chainId)}, but the node at CHAIN_RPC_URL is chain ${String(nodeChainId)}: point CHAIN_RPC_URL at chain ${String(chain.chainId)}, or set CHAIN_ID to the chain you mean.`,
    );
  }
}

/** Builds the whole server without listening, so tests drive it with inject() or a real port. */
export async function createApp(options: CreateAppOptions): Promise<App> {
  const { config } = options;
  const endpoints = githubEndpoints(options);
  const log = options.logger ?? createLogger(config);
  const chainSettings = options.chain ?? configuredChain(config);
  const chain = chainSettings ? createViemChain(chainSettings) : null;
  // Before anything is opened: a server on the wrong chain does not start at all.
  if (chain) await checkChainId(chain);
  const database = options.database ?? (await openDatabase(config));
  const demoMode = isDemoMode(config);
  const clients = githubClients(endpoints.config, options.githubTiming);
  const github = createGithub(clients);
  const appSettings = endpoints.app ?? githubAppSettings(config);
  const demoMailbox = config.SMTP_URL ? null : (options.mailbox ?? null);
  const smtpUrl = config.SMTP_URL ?? demoMailbox?.smtpUrl;
  if (!smtpUrl) {
    log.warn('mail is not configured (SMTP_URL): messages wait in the outbox until it is');
  }
  const server = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    frameworkErrors,
  });
  // The port it is bound to once it listens (PORT 0 picks one); the configured one before.
  const boundPort = (): number => {
    const address = server.server.address();
    return address && typeof address === 'object' ? address.port : config.PORT;
  };
  const ctx: AppContext = {
    github,
    githubApp: appSettings ? new OctokitGithubApp(appSettings, clients) : null,
    llm: createContextProvider(config),
    hederaMirror: hederaMirrorOf(options),
    chain,
    demoFaucet: demoMode && chain ? (options.demoFaucet ?? null) : null,
    demoMode,
    config,
    database,
    db: database.db,
    secrets: loadSecrets(config),
    clock: options.clock ?? systemClock,
    sessions: new SessionCache(),
    githubDetails: new TtlCache(GITHUB_DETAILS_CACHE_MS, 10_000),
    log,
    background: new BackgroundWork(log),
    publicUrl: () => publicBaseUrl(config, boundPort()),
    mail: {
      transport: smtpUrl ? createSmtpTransport(smtpUrl) : null,
      demoMailbox,
      nudge: () => ctx.background.run('send-mail', () => sendDueMail(ctx)),
    },
  };

  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(server);

  registerSecurityHeaders(server, {
    // sonner and Radix set styles at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Avatars come from GitHub (https), or from the simulator in demo mode.
    'img-src': [
      "'self'",
      'data:',
      'https:',
      ...(endpoints.imageOrigin ? [endpoints.imageOrigin] : []),
    ],
  });
  await server.register(fastifyCookie);
  // Every limit is counted in the database, the same for every server on it.
  await server.register(fastifyRateLimit, { global: false, store: databaseRateLimitStore(ctx) });
  await server.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'OpenStake API',
        version: '0.1.0',
        description: 'Stake coins on issues, earn XP and rank.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'openstake_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await server.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerSameOriginCheck(server);
  registerSession(server, ctx);
  registerAccessGuard(server);
  registerNulRefusal(server);
  registerNoStore(server);
  await server.register(async (api) => {
    requireDeclaredAccess(api);
    await healthRoutes(api, ctx);
    await authRoutes(api, ctx);
    await userRoutes(api);
    await githubRoutes(api, ctx);
    await repositoriesRoutes(api, ctx);
    await vouchesRoutes(api, ctx);
    await ledgerRoutes(api, ctx);
    await pullRequestsRoutes(api, ctx);
    await issuesRoutes(api, ctx);
    await bountiesRoutes(api, ctx);
    await organizationsRoutes(api, ctx);
    await apiKeysRoutes(api, ctx);
    await maintainerPreferencesRoutes(api, ctx);
    await automationRoutes(api, ctx);
    await contributorsRoutes(api, ctx);
    await stakesRoutes(api, ctx);
    await issuePageRoutes(api, ctx);
    await directoryRoutes(api, ctx);
    await conversationRoutes(api, ctx);
    await walletRoutes(api, ctx);
    await chainRoutes(api, ctx);
    await mailRoutes(api, ctx);
  });
  await server.register(async (scope) => {
    requireDeclaredAccess(scope);
    await webhookRoutes(scope, ctx);
  });
  await registerSpa(
    server,
    config.WEB_DIST,
    publicAppConfig(ctx),
    config.SESSION_PAGE_RENDERS_PER_MINUTE,
  );

  await server.ready();
  const stopJobs = config.JOBS_ENABLED ? startJobLoop(ctx) : async () => undefined;
  return {
    server,
    ctx,
    async close() {
      await stopJobs();
      await server.close();
      // Settlements started by the last answers finish on the database before it closes.
      await ctx.background.idle();
      ctx.mail.transport?.close();
      if (!options.database) await database.close();
    },
  };
}
