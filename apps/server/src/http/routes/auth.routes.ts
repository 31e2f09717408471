import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginInputSchema, registerInputSchema, sessionUserSchema } from '@openstake/core';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { loginUser } from '../../modules/auth/login-user';
import { registerUser } from '../../modules/auth/register-user';
import { revokeSession } from '../../modules/auth/sessions';
import { done, errorResponses } from '../schemas';
import { SESSION_COOKIE, setSessionCookie } from '../plugins/session';

const okMessage = z.object({ success: z.literal(true), message: z.string() });

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const window = ctx.config.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000;
  const minutes = ctx.config.AUTH_RATE_LIMIT_WINDOW_MINUTES;
  // Two limits per route: per client address (spraying many emails) and per email (guessing one
  // account's password from many addresses). They run after validation, so the email is normalised.
  // createRateLimit() gives plain checkers; the plugin's own preHandler runs only one limit a request.
  const limits = (action: string) => {
    const checks = [
      {
        check: app.createRateLimit({
          max: ctx.config.AUTH_RATE_LIMIT_PER_IP,
          timeWindow: window,
          keyGenerator: (req) => `${action}:ip:${req.ip}`,
        }),
        message: `Too many ${action} attempts from your network. Try again in ${minutes} minutes.`,
      },
      {
        check: app.createRateLimit({
          max: ctx.config.AUTH_RATE_LIMIT_PER_EMAIL,
          timeWindow: window,
          keyGenerator: (req) =>
            `${action}:email:${String((req.body as { email?: unknown }).email)}`,
        }),
        message: `Too many ${action} attempts for this email. Try again in ${minutes} minutes.`,
      },
    ];
    return async (request: FastifyRequest, reply: FastifyReply) => {
      for (const { check, message } of checks) {
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', result.ttlInSeconds);
          throw new AppError('RATE_LIMITED', { message });
        }
      }
    };
  };

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/register', {
    schema: {
      tags: ['auth'],
      summary: 'Create an account',
      body: registerInputSchema,
      response: {
        201: okMessage.extend({ user: sessionUserSchema }),
        ...errorResponses(400, 409, 413, 429),
      },
    },
    preHandler: limits('sign-up'),
    handler: async (request, reply) => {
      const user = await registerUser(request.body, ctx);
      return reply
        .status(201)
        .send({ success: true, message: 'User registered successfully', user });
    },
  });

  r.post('/login', {
    schema: {
      tags: ['auth'],
      summary: 'Sign in; sets the session cookie and returns the token for API clients',
      body: loginInputSchema,
      response: {
        200: okMessage.extend({ user: sessionUserSchema, token: z.string() }),
        ...errorResponses(400, 401, 413, 429),
      },
    },
    preHandler: limits('sign-in'),
    handler: async (request, reply) => {
      const { user, token, expiresAt } = await loginUser(request.body, ctx);
      setSessionCookie(ctx, request, reply, token, expiresAt);
      return { success: true as const, message: 'Login successful', user, token };
    },
  });

  r.post('/logout', {
    schema: {
      tags: ['auth'],
      summary: 'End the current session',
      response: { 200: done },
    },
    handler: async (request, reply) => {
      const session = await request.session();
      if (session) await revokeSession(ctx, session.sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { success: true as const };
    },
  });
}
