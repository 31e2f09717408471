import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeySchema,
  createApiKeyInputSchema,
  createdApiKeySchema,
  organizationParamsSchema,
} from '@openstake/core';
import type { AppContext } from '../../context';
import { createApiKey } from '../../modules/api-keys/create-api-key';
import { deleteApiKey } from '../../modules/api-keys/delete-api-key';
import { listApiKeys } from '../../modules/api-keys/list-api-keys';
import { requireUser } from '../plugins/session';
import { done, errorResponses, ok } from '../schemas';
import { access } from '../access';

const apiKeyParams = organizationParamsSchema.extend({
  id: z.uuid({ message: 'Not an API key id' }),
});
const tags = ['organization settings'];

/**
 * An organization's API keys (for the automation workflow), in its settings. The services check
 * on GitHub that the maintainer may manage the organization.
 */
export async function apiKeysRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/maintainer/organizations/:org';

  r.get(`${base}/api-keys`, {
    config: access('maintainer'),
    schema: {
      tags,
      summary: "The organization's API keys, masked",
      params: organizationParamsSchema,
      response: { 200: ok(z.array(apiKeySchema)), ...errorResponses(401, 403, 404, 502, 503) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await listApiKeys(
        { userId: (await requireUser(request, 'maintainer')).id, organization: request.params.org },
        ctx,
      ),
    }),
  });

  r.post(`${base}/api-keys`, {
    config: access('maintainer'),
    schema: {
      tags,
      summary: 'Create an API key for the automation workflow: the full key is returned only now',
      params: organizationParamsSchema,
      body: createApiKeyInputSchema,
      response: {
        201: ok(createdApiKeySchema),
        ...errorResponses(400, 401, 403, 404, 409, 502, 503),
      },
    },
    handler: async (request, reply) => {
      const data = await createApiKey(
        {
          userId: (await requireUser(request, 'maintainer')).id,
          organization: request.params.org,
          name: request.body.name,
        },
        ctx,
      );
      return reply.status(201).send({ success: true as const, data });
    },
  });

  r.delete(`${base}/api-keys/:id`, {
    config: access('maintainer'),
    schema: {
      tags,
      summary: 'Delete (revoke) an API key of the organization',
      params: apiKeyParams,
      response: { 200: done, ...errorResponses(400, 401, 403, 404, 502, 503) },
    },
    handler: async (request) => {
      await deleteApiKey(
        {
          userId: (await requireUser(request, 'maintainer')).id,
          organization: request.params.org,
          keyId: request.params.id,
        },
        ctx,
      );
      return { success: true as const };
    },
  });
}
