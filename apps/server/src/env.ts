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
      // Where browsers and GitHub reach this server (OAuth callback, webhooks). Unset: the address a
      // request came in on, which is right for one machine and for the demo mode.
      PUBLIC_URL: z
        .string()
        .url()
        .transform((u) => u.replace(/\/+$/, ''))
        .optional(),
      GITHUB_API_URL: z.string().url().default('https://api.github.com'),
      GITHUB_WEB_URL: z.string().url().default('https://github.com'),
      GITHUB_CLIENT_ID: z.string().min(1).optional(),
      GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
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
    })
    .refine((c) => Boolean(c.GITHUB_CLIENT_ID) === Boolean(c.GITHUB_CLIENT_SECRET), {
      message: 'set both GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET, or neither (demo mode)',
      path: ['GITHUB_CLIENT_ID'],
    })
    .refine((c) => Boolean(c.LLM_BASE_URL) === Boolean(c.LLM_API_KEY), {
      message: 'set both LLM_BASE_URL and LLM_API_KEY, or neither (no language model)',
      path: ['LLM_BASE_URL'],
    });
}

/** Without GitHub OAuth credentials the server runs against its built-in GitHub simulator. */
export const isDemoMode = (config: Pick<Config, 'GITHUB_CLIENT_ID'>): boolean =>
  !config.GITHUB_CLIENT_ID;

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
