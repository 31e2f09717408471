import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { AppError } from '../errors';

type Action = 'sign-in' | 'sign-up' | 'password-reset';

const emailOf = (request: FastifyRequest): string =>
  String((request.body as { email?: unknown }).email);

const inMinutes = (ms: number): string => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${String(minutes)} minute${minutes === 1 ? '' : 's'}`;
};

/**
 * The sign-in, sign-up and password reset limits, as a preHandler (after validation, so the email is
 * normalised). Checked in order, and an attempt refused by one limit is not counted by the later
 * ones:
 * 1. per client address: one network spraying many emails;
 * 2. per email and client address: one network guessing one account's password. Counting per
 *    pair means an attacker who exhausts it does not lock the owner out from another network;
 * 3. per email from all addresses, larger and slower: a guess spread over many networks.
 * Counted in the database, once for all servers, like every rate limit here (rate-limit-store.ts).
 */
export function authRateLimits(app: FastifyInstance, ctx: AppContext, action: Action) {
  const { config } = ctx;
  const window = config.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000;
  const limits = [
    {
      check: app.createRateLimit({
        max: config.AUTH_RATE_LIMIT_PER_IP,
        timeWindow: window,
        keyGenerator: (req) => `${action}:ip:${req.ip}`,
      }),
      message: (wait: string) =>
        `Too many ${action} attempts from your network. Try again in ${wait}.`,
    },
    {
      check: app.createRateLimit({
        max: config.AUTH_RATE_LIMIT_PER_EMAIL,
        timeWindow: window,
        // JSON keeps the two parts apart whatever characters the email holds.
        keyGenerator: (req) => `${action}:email-ip:${JSON.stringify([emailOf(req), req.ip])}`,
      }),
      message: (wait: string) =>
        `Too many ${action} attempts for this email from your network. Try again in ${wait}.`,
    },
    {
      check: app.createRateLimit({
        max: config.AUTH_RATE_LIMIT_PER_EMAIL_GLOBAL,
        timeWindow: config.AUTH_RATE_LIMIT_GLOBAL_WINDOW_MINUTES * 60_000,
        keyGenerator: (req) => `${action}:email:${emailOf(req)}`,
      }),
      message: (wait: string) =>
        `Too many ${action} attempts for this email. Try again in ${wait}.`,
    },
  ];
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    for (const { check, message } of limits) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw new AppError('RATE_LIMITED', { message: message(inMinutes(result.ttl)) });
      }
    }
  };
}
