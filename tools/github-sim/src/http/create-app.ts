import { createHash, randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { tokenCovers } from '../actions/apps';
import type { SimContext } from '../sim-context';
import { DOCS, SimError } from '../sim-error';
import { looksLikeJwt, verifyAppJwt } from './app-jwt';
import type { FailureInjector } from './failure-injector';
import { RateLimiter, rateLimitHeaders, type RateResource } from './rate-limiter';
import type { RequestLog } from './request-log';
import { registerAppRoutes } from './routes/apps.routes';
import { registerControlRoutes } from './routes/control.routes';
import { GRAPHQL_PATH, registerGraphqlRoutes } from './routes/graphql.routes';
import { registerHookRoutes } from './routes/hooks.routes';
import { registerIssueRoutes } from './routes/issues.routes';
import { registerMetaRoutes } from './routes/meta.routes';
import { registerOAuthRoutes, type OAuthClient } from './routes/oauth.routes';
import { registerPullRoutes } from './routes/pulls.routes';
import { registerRepoRoutes } from './routes/repos.routes';
import { registerSearchRoutes } from './routes/search.routes';
import { registerStatusRoutes } from './routes/statuses.routes';

import { registerUserRoutes } from './routes/users.routes';
import { registerWebRoutes } from './routes/web.routes';
import { registerAppInstallRoutes } from './routes/app-install.routes';

export const API_PREFIX = '/api/v3';

declare module 'fastify' {
  interface FastifyRequest {
    /** The rate-limit window the request was counted in, to give back on a 304. */
    rateCharge: { identity: string; authenticated: boolean; resource: RateResource } | null;
  }
}

const isApiPath = (path: string): boolean =>
  path === API_PREFIX || path.startsWith(`${API_PREFIX}/`) || path === GRAPHQL_PATH;

/** GitHub's weak ETag of a response body. */
const etagOf = (body: string): string => `W/"${createHash('sha256').update(body).digest('hex')}"`;

/** Whether `If-None-Match` names `etag` (weak comparison, as GitHub does; `*` matches any). */
function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

const TOKEN_HEADER = /^(?:token|bearer)\s+(\S+)\s*$/i;

/** The endpoints a GitHub App's JWT authenticates (Octokit's app auth sends it to these). */
const JWT_PATHS =
  /^\/(?:app|app\/installations(?:\/\d+(?:\/access_tokens)?)?|repos\/[^/]+\/[^/]+\/installation|orgs\/[^/]+\/installation|users\/[^/]+\/installation)$/i;

const notForIntegrations = () => new SimError(403, 'Resource not accessible by integration');

export function createApp(
  ctx: SimContext,
  options: {
    logger: boolean;
    oauthClients: OAuthClient[];
    failures: FailureInjector;
    requests: RequestLog;
  },
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
  app.decorateRequest('integration', null);
  app.decorateRequest('rateCharge', null);

  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (isApiPath(path)) {
      const graphql = path === GRAPHQL_PATH;
      reply.headers({
        'x-github-media-type': graphql ? 'github.v4; format=json' : 'github.v3; format=json',
        'x-github-api-version-selected': '2022-11-28',
        'x-github-request-id': randomUUID().toUpperCase(),
      });
      const header = req.headers.authorization;
      if (header) {
        const token = TOKEN_HEADER.exec(header)?.[1];
        const info = token ? state.tokens.get(token) : undefined;
        if (info) {
          const installation = info.installation;
          if (
            installation &&
            (installation.expiresAt <= state.now() || !state.findInstallation(installation.id))
          ) {
            throw new SimError(401, 'Bad credentials');
          }
          req.viewer = info;
          reply.header('x-oauth-scopes', info.scopes.join(', '));
        } else if (token && looksLikeJwt(token)) {
          req.integration = verifyAppJwt(state, token);
        } else {
          throw new SimError(401, 'Bad credentials');
        }
      }
      const apiPath = path.slice(API_PREFIX.length);
      if (req.integration && (graphql || !JWT_PATHS.test(apiPath))) throw notForIntegrations();
      if (req.viewer?.installation) {
        // An installation token reaches its installation's repositories only, and no user.
        if (apiPath === '/user' || apiPath.startsWith('/user/')) throw notForIntegrations();
        const repoPath = /^\/repos\/([^/]+)\/([^/]+)/.exec(apiPath);
        const repo = repoPath ? state.findRepo(repoPath[1] ?? '', repoPath[2] ?? '') : undefined;
        if (repo && !tokenCovers(ctx, req.viewer, repo)) {
          if (repo.private) throw new SimError(404, 'Not Found');
          if (req.method !== 'GET' && req.method !== 'HEAD') throw notForIntegrations();
        }
      }
      const resource: RateResource = graphql
        ? 'graphql'
        : path.startsWith(`${API_PREFIX}/search/`)
          ? 'search'
          : 'core';
      const identity =
        req.viewer?.login ?? (req.integration ? `app:${req.integration.id}` : req.ip);
      const authenticated = !!req.viewer || !!req.integration;
      if (path !== `${API_PREFIX}/rate_limit`) {
        req.rateCharge = { identity, authenticated, resource };
        reply.headers(rateLimitHeaders(limiter.consume(identity, authenticated, resource)));
      }
    }
    if (!path.startsWith('/_sim/')) {
      const userId = req.viewer ? (state.findUser(req.viewer.login)?.id ?? null) : null;
      const failure = options.failures.take(req.method, path, API_PREFIX, userId);
      if (failure) throw failure;
    }
  });

  // GitHub's conditional requests: every successful API read carries an ETag, and a read whose
  // `If-None-Match` names it is answered 304 with no body, not counted against the rate limit.
  app.addHook('onSend', async (req, reply, payload) => {
    const path = req.url.split('?')[0] ?? '';
    if (req.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') {
      return payload;
    }
    if (!isApiPath(path)) return payload;
    const etag = etagOf(payload);
    reply.header('etag', etag);
    if (!etagMatches(req.headers['if-none-match'], etag)) return payload;
    reply.code(304);
    const charge = req.rateCharge;
    if (charge) {
      reply.headers(
        rateLimitHeaders(limiter.release(charge.identity, charge.authenticated, charge.resource)),
      );
    }
    return '';
  });

  app.addHook('onResponse', async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (!isApiPath(path)) return;
    options.requests.add({
      method: req.method,
      path,
      status: reply.statusCode,
      login: req.viewer?.login ?? null,
    });
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
      registerAppRoutes(api, ctx);
      registerStatusRoutes(api, ctx);
    },
    { prefix: API_PREFIX },
  );
  registerGraphqlRoutes(app, ctx);
  registerOAuthRoutes(app, ctx, options.oauthClients);
  registerControlRoutes(app, ctx, options.failures, options.requests);
  registerAppInstallRoutes(app, ctx);
  registerWebRoutes(app, ctx);
  return app;
}
