import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contributorVouchSchema,
  repoParamsSchema,
  repositoryVouchSchema,
  vouchInputSchema,
  vouchLoginParamsSchema,
} from '@openstake/core';
import type { AppContext } from '../../context';
import { listGithubUserVouches } from '../../modules/vouches/list-github-user-vouches';
import { listRepositoryVouches } from '../../modules/vouches/list-repository-vouches';
import { setVouch } from '../../modules/vouches/set-vouch';
import { withdrawVouch } from '../../modules/vouches/withdraw-vouch';
import { access } from '../access';
import { requireUser } from '../plugins/session';
import { routeRateLimit } from '../route-rate-limit';
import { MAINTAINER_GITHUB_ERRORS, done, errorResponses, ok } from '../schemas';

/**
 * A change asks GitHub for the user and may commit the repository's VOUCHED.td: 60 per 10
 * minutes from one network.
 */
const VOUCH_WRITE_LIMIT = routeRateLimit({
  name: 'vouch-write',
  max: 60,
  minutes: 10,
  what: 'vouch changes',
});

const vouchParams = repoParamsSchema.extend(vouchLoginParamsSchema.shape);

/** A connected repository's vouched and denounced GitHub users (decision 015, part 3). */
export async function vouchesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/maintainer/repositories/:owner/:repo/vouches';

  r.get(base, {
    config: access('maintainer'),
    schema: {
      tags: ['repositories'],
      summary: "A connected repository's vouched and denounced users, newest first",
      params: repoParamsSchema,
      response: {
        200: ok(z.array(repositoryVouchSchema)),
        ...errorResponses(400, ...MAINTAINER_GITHUB_ERRORS),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await listRepositoryVouches(
        { userId: (await requireUser(request)).id, ...request.params },
        ctx,
      ),
    }),
  });

  r.put(`${base}/:login`, {
    config: { ...access('maintainer'), ...VOUCH_WRITE_LIMIT },
    schema: {
      tags: ['repositories'],
      summary:
        'Vouch for or denounce a GitHub user in a connected repository (a denouncement says why)',
      params: vouchParams,
      body: vouchInputSchema,
      response: {
        200: ok(repositoryVouchSchema),
        ...errorResponses(400, 429, ...MAINTAINER_GITHUB_ERRORS),
      },
    },
    handler: async (request) => {
      const user = await requireUser(request);
      return {
        success: true as const,
        data: await setVouch({ userId: user.id, ...request.params, ...request.body }, ctx),
      };
    },
  });

  r.delete(`${base}/:login`, {
    config: { ...access('maintainer'), ...VOUCH_WRITE_LIMIT },
    schema: {
      tags: ['repositories'],
      summary: 'Withdraw a vouch or denouncement',
      params: vouchParams,
      response: { 200: done, ...errorResponses(400, 429, ...MAINTAINER_GITHUB_ERRORS) },
    },
    handler: async (request) => {
      await withdrawVouch({ userId: (await requireUser(request)).id, ...request.params }, ctx);
      return { success: true as const };
    },
  });

  r.get('/api/maintainer/github-users/:login/vouches', {
    config: access('maintainer'),
    schema: {
      tags: ['repositories'],
      summary:
        "A GitHub user's vouches and denouncements across connected repositories, for maintainers (the contributor's profile)",
      params: vouchLoginParamsSchema,
      response: {
        200: ok(z.array(contributorVouchSchema)),
        ...errorResponses(400, ...MAINTAINER_GITHUB_ERRORS),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await listGithubUserVouches(
        { userId: (await requireUser(request)).id, login: request.params.login },
        ctx,
      ),
    }),
  });
}
