import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appConfigSchema, dashboardPath, returnToSchema, roleSchema } from '@openstake/core';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { completeGithubOAuth } from '../../modules/github/complete-github-oauth';
import { getGithubAccount } from '../../modules/github/github-account';
import {
  consumeOAuthState,
  createOAuthState,
  type OAuthIntent,
} from '../../modules/github/oauth-state';
import { requireUser, setSessionCookie } from '../plugins/session';
import { publicOrigin, sessionCookieSecure } from '../request-origin';
import { errorResponses } from '../schemas';
import { access } from '../access';
import { publicAppConfig } from '../app-config';

const NONCE_COOKIE = 'openstake_oauth';
const CALLBACK_PATH = '/api/github/callback';
// read:org: the organization settings ask GitHub for the maintainer's role in the organization.
const SCOPES = ['read:user', 'user:email', 'repo', 'read:org', 'admin:repo_hook'];

const withGithubResult = (path: string, params: Record<string, string>) => {
  const url = new URL(path, 'http://local');
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return `${url.pathname}${url.search}`;
};

export async function githubRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const callbackUrl = (request: FastifyRequest) => `${publicOrigin(ctx, request)}${CALLBACK_PATH}`;

  async function startOAuth(request: FastifyRequest, reply: FastifyReply, intent: OAuthIntent) {
    const { state, nonce } = await createOAuthState(intent, ctx);
    reply.setCookie(NONCE_COOKIE, nonce, {
      httpOnly: true,
      sameSite: 'lax',
      secure: sessionCookieSecure(ctx, request),
      path: CALLBACK_PATH,
      maxAge: 600,
    });
    return reply.redirect(
      ctx.github.authorizeUrl({ state, redirectUrl: callbackUrl(request), scopes: SCOPES }),
    );
  }

  r.get('/api/config', {
    config: access('public'),
    schema: {
      tags: ['system'],
      summary: 'Public settings the web app needs',
      response: {
        200: z.object({
          success: z.literal(true),
          data: appConfigSchema,
        }),
      },
    },
    handler: async () => ({ success: true as const, data: publicAppConfig(ctx) }),
  });

  r.get('/api/github/account', {
    config: access('signed-in'),
    schema: {
      tags: ['github'],
      summary: "The signed-in user's verified GitHub account, if linked",
      response: {
        200: z.object({
          success: z.literal(true),
          data: z.object({
            linked: z.boolean(),
            login: z.string().nullable(),
            linkedAt: z.string().nullable(),
          }),
        }),
        ...errorResponses(401),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await getGithubAccount((await requireUser(request)).id, ctx),
    }),
  });

  r.get('/api/github/connect', {
    config: access('github-user'),
    schema: {
      tags: ['github'],
      summary: "Starts 'Connect GitHub': redirects to GitHub's authorize page",
      // Only a page of the app, normalised: never another site (core's app-pages.ts).
      querystring: z.object({ returnTo: returnToSchema.optional() }),
    },
    handler: async (request, reply) => {
      const user = await requireUser(request);
      return startOAuth(request, reply, {
        purpose: 'link',
        userId: user.id,
        returnTo: request.query.returnTo ?? dashboardPath(user.role),
      });
    },
  });

  r.get('/api/github/signin', {
    config: access('public'),
    schema: { tags: ['github'], summary: "Starts 'Sign in with GitHub'" },
    handler: (request, reply) => startOAuth(request, reply, { purpose: 'signin' }),
  });

  r.get('/api/github/signup', {
    config: access('public'),
    schema: {
      tags: ['github'],
      summary: "Starts 'Sign up with GitHub' for a contributor or maintainer",
      querystring: z.object({ role: roleSchema.exclude(['company']) }),
    },
    handler: (request, reply) =>
      startOAuth(request, reply, { purpose: 'signup', role: request.query.role }),
  });

  r.get(CALLBACK_PATH, {
    config: access('public'),
    schema: {
      tags: ['github'],
      summary: 'Where GitHub sends the browser back after authorization',
      querystring: z.object({
        code: z.string().optional(),
        state: z.string().optional(),
        error: z.string().optional(),
      }),
    },
    handler: async (request, reply) => {
      const nonce = request.cookies[NONCE_COOKIE];
      reply.clearCookie(NONCE_COOKIE, { path: CALLBACK_PATH });
      let intent: OAuthIntent | undefined;
      try {
        intent = await consumeOAuthState(request.query.state, nonce, ctx);
        if (request.query.error)
          throw new AppError('BAD_REQUEST', { message: 'GitHub authorization was cancelled' });
        if (!request.query.code)
          throw new AppError('BAD_REQUEST', {
            message: 'GitHub did not return an authorization code',
          });
        const result = await completeGithubOAuth(
          { intent, code: request.query.code, redirectUrl: callbackUrl(request) },
          ctx,
        );
        if (result.kind === 'linked')
          return reply.redirect(withGithubResult(result.returnTo, { github: 'connected' }));
        setSessionCookie(ctx, request, reply, result.token, result.expiresAt);
        return reply.redirect(dashboardPath(result.user.role));
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500)
          request.log.warn({ err: error }, 'GitHub OAuth failed');
        const message =
          error instanceof AppError ? error.message : 'GitHub sign-in failed. Please try again.';
        const back =
          intent?.purpose === 'link'
            ? intent.returnTo
            : intent?.purpose === 'signup'
              ? '/signUp'
              : '/login';
        return reply.redirect(withGithubResult(back, { github: 'error', message }));
      }
    },
  });
}
