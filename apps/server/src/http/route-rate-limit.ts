import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/**
 * A route's own rate limit (route `config`), for calls that cost something outside OpenStake:
 * a language model's tokens, comments on GitHub. Counted per route and client address, once for
 * all servers (rate-limit-store.ts), like the sign-in limits; the refusal is the usual error body
 * with code RATE_LIMITED.
 */
export function routeRateLimit(input: {
  name: string;
  max: number;
  minutes: number;
  what: string;
}) {
  return {
    rateLimit: {
      max: input.max,
      timeWindow: input.minutes * 60_000,
      keyGenerator: (request: FastifyRequest) => `${input.name}:${request.ip}`,
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
        const minutes = Math.max(1, Math.ceil(context.ttl / 60_000));
        return new AppError('RATE_LIMITED', {
          message: `Too many ${input.what} from your network. Try again in ${String(minutes)} minute${minutes === 1 ? '' : 's'}.`,
        });
      },
    },
  };
}

/**
 * The original contract backend's calls under /api/chain/ and /api/demo/ (chain.routes.ts, and
 * the coin bounty's `add-stake` in bounties.routes.ts): each reads the chain, sends a transaction
 * (the operator's gas, a demo wallet's funding) or moves a bounty's coins; 30 per 10 minutes from
 * one network, for each route.
 */
export const CHAIN_WRITE_LIMIT = routeRateLimit({
  name: 'chain-write',
  max: 30,
  minutes: 10,
  what: 'ledger-network calls',
});
