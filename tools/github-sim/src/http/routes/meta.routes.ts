import type { FastifyInstance } from 'fastify';
import type { RateLimitOverview } from '../../render/github-types';
import type { SimContext } from '../../sim-context';
import { ZEN } from '../../webhooks/payloads';
import type { RateLimiter, RateResource } from '../rate-limiter';

/** `GET /rate_limit`, `GET /zen` and the API root. */
export function registerMetaRoutes(
  app: FastifyInstance,
  ctx: SimContext,
  limiter: RateLimiter,
): void {
  app.get('/rate_limit', async (req): Promise<RateLimitOverview> => {
    const identity = req.viewer?.login ?? req.ip;
    const authenticated = req.viewer !== null;
    const window = (resource: RateResource) => {
      const { limit, remaining, reset, used } = limiter.peek(identity, authenticated, resource);
      return { limit, remaining, reset, used };
    };
    const core = window('core');
    return {
      resources: { core, search: window('search'), graphql: window('graphql') },
      rate: core,
    };
  });

  app.get('/zen', async (_req, reply) => {
    reply.type('text/plain; charset=utf-8');
    return ZEN[Math.floor(Math.random() * ZEN.length)];
  });

  app.get('/', async () => {
    const api = ctx.state.urls.apiUrl;
    return {
      current_user_url: `${api}/user`,
      emails_url: `${api}/user/emails`,
      issue_search_url: `${api}/search/issues?q={query}{&page,per_page,sort,order}`,
      organization_url: `${api}/orgs/{org}`,
      organization_repositories_url: `${api}/orgs/{org}/repos{?type,page,per_page,sort}`,
      rate_limit_url: `${api}/rate_limit`,
      repository_url: `${api}/repos/{owner}/{repo}`,
      user_url: `${api}/users/{user}`,
      user_organizations_url: `${api}/user/orgs`,
      user_repositories_url: `${api}/users/{user}/repos{?type,page,per_page,sort}`,
    };
  });
}
