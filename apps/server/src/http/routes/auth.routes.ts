import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordInputSchema,
  loginInputSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  sessionUserSchema,
  verifyEmailInputSchema,
} from '@openstake/core';
import type { AppContext } from '../../context';
import { resendEmailVerification, verifyEmail } from '../../modules/auth/email-verification';
import { loginUser } from '../../modules/auth/login-user';
import { requestPasswordReset, resetPassword } from '../../modules/auth/password-reset';
import { registerUser } from '../../modules/auth/register-user';
import { revokeSession } from '../../modules/auth/sessions';
import { done, errorResponses } from '../schemas';
import { requireUser, SESSION_COOKIE, setSessionCookie } from '../plugins/session';
import { access } from '../access';
import { authRateLimits } from '../auth-rate-limits';
import { routeRateLimit } from '../route-rate-limit';

/** Opening mailed links (confirm an address, set a new password): per network. */
const ACCOUNT_LINK_LIMIT = routeRateLimit({
  name: 'account-link',
  max: 30,
  minutes: 10,
  what: 'uses of account links',
});

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

  r.post('/api/auth/verify-email', {
    config: { ...access('public'), ...ACCOUNT_LINK_LIMIT },
    schema: {
      tags: ['auth'],
      summary: "Confirm the account's address with the single-use link mailed to it",
      body: verifyEmailInputSchema,
      response: { 200: okMessage, ...errorResponses(400, 413, 429) },
    },
    handler: async (request) => {
      const { email } = await verifyEmail(request.body, ctx);
      return { success: true as const, message: `${email} is confirmed. Thank you.` };
    },
  });

  r.post('/api/auth/resend-verification', {
    config: access('signed-in'),
    schema: {
      tags: ['auth'],
      summary: 'Mail the signed-in account a new link to confirm its address',
      response: { 200: okMessage, ...errorResponses(401, 409, 429) },
    },
    handler: async (request) => {
      const { email } = await resendEmailVerification((await requireUser(request)).id, ctx);
      return { success: true as const, message: `We sent a new link to ${email}.` };
    },
  });

  r.post('/api/auth/forgot-password', {
    config: access('public'),
    schema: {
      tags: ['auth'],
      summary:
        'Mail a password reset link to the account with this address, if there is one; the answer is the same either way',
      body: forgotPasswordInputSchema,
      response: { 200: okMessage, ...errorResponses(400, 413, 429) },
    },
    preHandler: authRateLimits(app, ctx, 'password-reset'),
    handler: (request) => ({
      success: true as const,
      message: requestPasswordReset(request.body, ctx),
    }),
  });

  r.post('/api/auth/reset-password', {
    config: { ...access('public'), ...ACCOUNT_LINK_LIMIT },
    schema: {
      tags: ['auth'],
      summary:
        "Set a new password with a reset link; ends the account's other sessions. Sign in afterwards",
      body: resetPasswordInputSchema,
      response: { 200: okMessage, ...errorResponses(400, 413, 429) },
    },
    handler: async (request) => {
      const session = await request.session();
      await resetPassword({ ...request.body, keepSessionId: session?.sessionId ?? null }, ctx);
      return {
        success: true as const,
        message: 'Your password is changed, and every other session of your account has ended.',
      };
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
