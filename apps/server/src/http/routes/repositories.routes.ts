import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_DEDUCTION_PERCENT,
  deductionPercentSchema,
  maintainerRepositorySchema,
  repoParamsSchema,
  repositoryPolicySchema,
  updateRepositorySettingsInputSchema,
} from '@openstake/core';
import type { AppContext } from '../../context';
import { connectRepository } from '../../modules/repositories/connect-repository';
import { disconnectRepository } from '../../modules/repositories/disconnect-repository';
import { listConnectedRepositories } from '../../modules/repositories/list-connected-repositories';
import { listMaintainerRepositories } from '../../modules/repositories/list-maintainer-repositories';
import { updateRepositorySettings } from '../../modules/repositories/update-repository-settings';
import { requireUser } from '../plugins/session';
import { publicOrigin } from '../request-origin';
import { MAINTAINER_GITHUB_ERRORS, done, errorResponses, ok } from '../schemas';
import { access } from '../access';

const repositoryView = z.object({
  fullName: z.string(),
  deductionPercent: z.number(),
  connectedAt: z.string(),
  botComments: z.boolean(),
  ...repositoryPolicySchema.shape,
});

/** A maintainer's repositories: those on GitHub, and those connected to OpenStake. */
export async function repositoriesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/maintainer/repositories';

  r.get('/api/maintainer/github/repositories', {
    config: access('maintainer'),
    schema: {
      tags: ['maintainer'],
      summary: "The maintainer's GitHub repositories, with push permission and connection",
      response: {
        200: ok(z.array(maintainerRepositorySchema)),
        ...errorResponses(...MAINTAINER_GITHUB_ERRORS),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await listMaintainerRepositories((await requireUser(request)).id, ctx),
    }),
  });

  r.get(base, {
    config: access('maintainer'),
    schema: {
      tags: ['repositories'],
      summary: 'Repositories I connected',
      response: { 200: ok(z.array(repositoryView)) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await listConnectedRepositories((await requireUser(request)).id, ctx),
    }),
  });

  r.post(base, {
    config: access('maintainer'),
    schema: {
      tags: ['repositories'],
      summary: 'Connect a repository (push permission on GitHub needed): adds a signed webhook',
      body: repoParamsSchema.extend({
        deductionPercent: deductionPercentSchema.default(DEFAULT_DEDUCTION_PERCENT),
      }),
      response: { 201: ok(repositoryView), ...errorResponses(400, 403, 404, 409, 502, 503) },
    },
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const data = await connectRepository(
        {
          userId: user.id,
          ...request.body,
          webhookUrl: `${publicOrigin(ctx, request)}/api/github/webhooks`,
        },
        ctx,
      );
      return reply.status(201).send({ success: true as const, data });
    },
  });

  r.patch(`${base}/:owner/:repo`, {
    config: access('maintainer'),
    schema: {
      tags: ['repositories'],
      summary:
        "Change a connected repository's settings: its deduction percent (0-20), whether the bot comments on settlements, and its stake policy",
      params: repoParamsSchema,
      body: updateRepositorySettingsInputSchema,
      response: { 200: ok(repositoryView), ...errorResponses(400, 403, 404) },
    },
    handler: async (request) => {
      const user = await requireUser(request);
      return {
        success: true as const,
        data: await updateRepositorySettings(
          { userId: user.id, ...request.params, settings: request.body },
          ctx,
        ),
      };
    },
  });

  r.delete(`${base}/:owner/:repo`, {
    config: access('maintainer'),
    schema: {
      tags: ['repositories'],
      summary: 'Disconnect a repository: removes its webhook',
      params: repoParamsSchema,
      response: { 200: done, ...errorResponses(403, 404) },
    },
    handler: async (request) => {
      await disconnectRepository(
        { userId: (await requireUser(request)).id, ...request.params },
        ctx,
      );
      return { success: true as const };
    },
  });
}
