import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginInputSchema, registerInputSchema, sessionUserSchema } from '@openstake/core';
import type { AppContext } from '../../context';
import { loginUser } from '../../modules/auth/login-user';
import { registerUser } from '../../modules/auth/register-user';
import { revokeSession } from '../../modules/auth/sessions';
import { done, errorResponses } from '../schemas';
import { SESSION_COOKIE, setSessionCookie } from '../plugins/session';
import { access } from '../access';
import { authRateLimits } from '../auth-rate-limits';

const okMessage = z.object({ success: z.literal(true), message: z.string() });

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/register', {
    config: access('public'),
    schema: {
      tags: ['auth'],
      summary: 'Create an account',
      body: registerInputSchema,
      // The same answer whether the email was new or already had an account (then nothing is
      // created), so sign-up cannot be used to learn who has an account.
      response: { 201: okMessage, ...errorResponses(400, 413, 429) },
    },
    preHandler: authRateLimits(app, ctx, 'sign-up'),
    handler: async (request, reply) => {
      await registerUser(request.body, ctx);
      return reply.status(201).send({ success: true, message: 'User registered successfully' });
    },
  });

  r.post('/login', {
    config: access('public'),
    schema: {
      tags: ['auth'],
      summary:
        "Sign in to the account's own role (the message says so when another was picked); sets the session cookie and returns the token for API clients",
      body: loginInputSchema,
      response: {
        200: okMessage.extend({ user: sessionUserSchema, token: z.string() }),
        ...errorResponses(400, 401, 413, 429),
      },
    },
    preHandler: authRateLimits(app, ctx, 'sign-in'),
    handler: async (request, reply) => {
      const { user, token, expiresAt, message } = await loginUser(request.body, ctx);
      setSessionCookie(ctx, request, reply, token, expiresAt);
      return { success: true as const, message, user, token };
    },
  });

  r.post('/logout', {
    config: access('public'),
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
