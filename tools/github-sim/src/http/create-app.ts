import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { SimContext } from '../sim-context';
import { DOCS, SimError } from '../sim-error';
import type { FailureInjector } from './failure-injector';
import { RateLimiter, rateLimitHeaders } from './rate-limiter';
import { registerControlRoutes } from './routes/control.routes';
import { registerHookRoutes } from './routes/hooks.routes';
import { registerIssueRoutes } from './routes/issues.routes';
import { registerMetaRoutes } from './routes/meta.routes';
import { registerOAuthRoutes, type OAuthClient } from './routes/oauth.routes';
import { registerPullRoutes } from './routes/pulls.routes';
import { registerRepoRoutes } from './routes/repos.routes';
import { registerSearchRoutes } from './routes/search.routes';
import { registerUserRoutes } from './routes/users.routes';
import { registerWebRoutes } from './routes/web.routes';

export const API_PREFIX = '/api/v3';

const TOKEN_HEADER = /^(?:token|bearer)\s+(\S+)\s*$/i;

export function createApp(
  ctx: SimContext,
  options: { logger: boolean; oauthClients: OAuthClient[]; failures: FailureInjector },
): FastifyInstance {
  const { state } = ctx;
  const app = Fastify({
    logger: options.logger,
    routerOptions: { ignoreTrailingSlash: true },
    // Keep-alive connections from Octokit's fetch must not hold `close()` open.
    forceCloseConnections: true,
  });
  const limiter = new RateLimiter();

  // GitHub accepts an empty body where JSON is expected (Octokit sends none for a bare PUT).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    if (typeof body !== 'string' || body.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(body));
    } catch {
      done(new SimError(400, 'Problems parsing JSON'), undefined);
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.decorateRequest('viewer', null);

  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const isApi = path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
    if (isApi) {
      reply.headers({
        'x-github-media-type': 'github.v3; format=json',
        'x-github-api-version-selected': '2022-11-28',
        'x-github-request-id': randomUUID().toUpperCase(),
      });
      const header = req.headers.authorization;
      if (header) {
        const token = TOKEN_HEADER.exec(header)?.[1];
        const info = token ? state.tokens.get(token) : undefined;
        if (!info) throw new SimError(401, 'Bad credentials');
        req.viewer = info;
        reply.header('x-oauth-scopes', info.scopes.join(', '));
      }
      const resource = path.startsWith(`${API_PREFIX}/search/`) ? 'search' : 'core';
      const identity = req.viewer?.login ?? req.ip;
      if (path !== `${API_PREFIX}/rate_limit`) {
        reply.headers(rateLimitHeaders(limiter.consume(identity, !!req.viewer, resource)));
      }
    }
    if (!path.startsWith('/_sim/')) {
      const userId = req.viewer ? (state.findUser(req.viewer.login)?.id ?? null) : null;
      const failure = options.failures.take(req.method, path, API_PREFIX, userId);
      if (failure) throw failure;
    }
  });

  app.setErrorHandler((error: FastifyError | SimError, req, reply) => {
    if (error instanceof SimError) {
      return reply.headers(error.headers).code(error.status).send(error.body());
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply
        .code(status)
        .send({ message: error.message, documentation_url: DOCS, status: String(status) });
    }
    // A bug in the simulator: answer like GitHub's 500 and say what happened, never crash.
    console.error(`github-sim: ${req.method} ${req.url} failed:`, error);
    return reply
      .code(500)
      .send({ message: 'Server Error', documentation_url: DOCS, status: '500' });
  });

  app.setNotFoundHandler((_req, reply) =>
    reply.code(404).send({ message: 'Not Found', documentation_url: DOCS, status: '404' }),
  );

  app.register(
    async (api) => {
      registerMetaRoutes(api, ctx, limiter);
      registerUserRoutes(api, ctx);
      registerRepoRoutes(api, ctx);
      registerIssueRoutes(api, ctx);
      registerPullRoutes(api, ctx);
      registerSearchRoutes(api, ctx);
      registerHookRoutes(api, ctx);
    },
    { prefix: API_PREFIX },
  );
  registerOAuthRoutes(app, ctx, options.oauthClients);
  registerControlRoutes(app, ctx, options.failures);
  registerWebRoutes(app, ctx);
  return app;
}
