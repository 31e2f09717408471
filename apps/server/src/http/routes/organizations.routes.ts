import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  generateContextInputSchema,
  organizationContextSchema,
  organizationParamsSchema,
  organizationRepositorySchema,
  saveContextInputSchema,
} from '@openstake/core';
import type { AppContext } from '../../context';
import { generateOrganizationContext } from '../../modules/organizations/generate-organization-context';
import { getOrganizationContext } from '../../modules/organizations/get-organization-context';
import { listOrganizationRepositories } from '../../modules/organizations/list-organization-repositories';
import { saveOrganizationContext } from '../../modules/organizations/save-organization-context';
import { requireUser } from '../plugins/session';
import { errorResponses, ok } from '../schemas';
import { routeRateLimit } from '../route-rate-limit';
import { access } from '../access';

const tags = ['organization settings'];

/**
 * Organization settings: its repositories and its context. The services check on GitHub that the
 * maintainer may manage the organization.
 */
export async function organizationsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/maintainer/organizations/:org';

  r.get(`${base}/repositories`, {
    config: access('maintainer'),
    schema: {
      tags,
      summary: "A GitHub user's or organization's public repositories (up to 100)",
      params: organizationParamsSchema,
      response: {
        200: ok(z.array(organizationRepositorySchema)),
        ...errorResponses(400, 401, 403, 404, 502, 503),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await listOrganizationRepositories(
        { userId: (await requireUser(request, 'maintainer')).id, organization: request.params.org },
        ctx,
      ),
    }),
  });

  r.post(`${base}/context/generate`, {
    config: {
      ...access('maintainer'),
      ...routeRateLimit({
        name: 'generate-context',
        max: 20,
        minutes: 10,
        what: 'context generations',
      }),
    },
    schema: {
      tags,
      summary: "Generate a context text from the organization's selected repositories",
      params: organizationParamsSchema,
      body: generateContextInputSchema,
      response: {
        200: ok(z.object({ context: z.string() })),
        ...errorResponses(400, 401, 403, 404, 429, 502, 503),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await generateOrganizationContext(
        {
          userId: (await requireUser(request, 'maintainer')).id,
          organization: request.params.org,
          repos: request.body.repos,
        },
        ctx,
      ),
    }),
  });

  r.get(`${base}/context`, {
    config: access('maintainer'),
    schema: {
      tags,
      summary: "The organization's saved context",
      params: organizationParamsSchema,
      response: { 200: ok(organizationContextSchema), ...errorResponses(401, 403, 404, 502, 503) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await getOrganizationContext(
        { userId: (await requireUser(request, 'maintainer')).id, organization: request.params.org },
        ctx,
      ),
    }),
  });

  r.put(`${base}/context`, {
    config: access('maintainer'),
    schema: {
      tags,
      summary: "Save the organization's context (after reviewing or editing it)",
      params: organizationParamsSchema,
      body: saveContextInputSchema,
      response: {
        200: ok(organizationContextSchema),
        ...errorResponses(400, 401, 403, 404, 502, 503),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await saveOrganizationContext(
        {
          userId: (await requireUser(request, 'maintainer')).id,
          organization: request.params.org,
          ...request.body,
        },
        ctx,
      ),
    }),
  });
}
