import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeySchema,
  createApiKeyInputSchema,
  createdApiKeySchema,
  generateContextInputSchema,
  issueCommentInputSchema,
  issueCommentResultSchema,
  maintainerPreferencesSchema,
  organizationContextSchema,
  organizationParamsSchema,
  organizationRepositorySchema,
  saveContextInputSchema,
} from '@openstake/core';
import type { AppContext } from '../../context';
import { createApiKey } from '../../modules/api-keys/create-api-key';
import { deleteApiKey } from '../../modules/api-keys/delete-api-key';
import { listApiKeys } from '../../modules/api-keys/list-api-keys';
import { postIssueGuidance } from '../../modules/automation/post-issue-guidance';
import { getMaintainerPreferences } from '../../modules/maintainer-preferences/get-maintainer-preferences';
import { updateMaintainerPreferences } from '../../modules/maintainer-preferences/update-maintainer-preferences';
import { generateOrganizationContext } from '../../modules/organizations/generate-organization-context';
import { getOrganizationContext } from '../../modules/organizations/get-organization-context';
import { listOrganizationRepositories } from '../../modules/organizations/list-organization-repositories';
import { saveOrganizationContext } from '../../modules/organizations/save-organization-context';
import { requireUser } from '../plugins/session';
import { done, errorResponses, ok } from '../schemas';
import { routeRateLimit } from '../route-rate-limit';
import { access } from '../access';
import { bearerToken } from '../bearer-token';

const apiKeyParams = organizationParamsSchema.extend({
  id: z.uuid({ message: 'Not an API key id' }),
});

/**
 * Organization settings: repositories, context, API keys, preferences, and the
 * automation workflow's call. Every route but the automation one needs the
 * maintainer's session (the session plugin guards /api/maintainer/); the services check on
 * GitHub that the maintainer may manage the organization.
 */
export async function organizationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/maintainer/organizations/:org';
  const tags = ['organization settings'];
  const signedIn = async (request: FastifyRequest) => (await requireUser(request, 'maintainer')).id;

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
        { userId: await signedIn(request), organization: request.params.org },
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
          userId: await signedIn(request),
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
        { userId: await signedIn(request), organization: request.params.org },
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
        { userId: await signedIn(request), organization: request.params.org, ...request.body },
        ctx,
      ),
    }),
  });

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
        { userId: await signedIn(request), organization: request.params.org },
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
          userId: await signedIn(request),
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
          userId: await signedIn(request),
          organization: request.params.org,
          keyId: request.params.id,
        },
        ctx,
      );
      return { success: true as const };
    },
  });

  r.get('/api/maintainer/preferences', {
    config: access('maintainer'),
    schema: {
      tags,
      summary: "The maintainer's notification and review preferences",
      response: { 200: ok(maintainerPreferencesSchema), ...errorResponses(401, 403) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await getMaintainerPreferences(await signedIn(request), ctx),
    }),
  });

  r.put('/api/maintainer/preferences', {
    config: access('maintainer'),
    schema: {
      tags,
      summary: "Save the maintainer's preferences",
      body: maintainerPreferencesSchema,
      response: { 200: ok(maintainerPreferencesSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await updateMaintainerPreferences(
        { userId: await signedIn(request), preferences: request.body },
        ctx,
      ),
    }),
  });

  // Called by the automation workflow (GitHub Actions) with an organization's API key, not a
  // session: the session plugin leaves exactly this path to the key check.
  r.post('/api/maintainer/issue-comment', {
    config: {
      ...access('api-key'),
      ...routeRateLimit({
        name: 'issue-comment',
        max: 60,
        minutes: 1,
        what: 'automation calls',
      }),
    },
    schema: {
      tags,
      summary: 'Comment on a new issue with guidance (automation workflow; API key as bearer)',
      security: [{ bearerAuth: [] }],
      body: issueCommentInputSchema,
      response: {
        200: ok(issueCommentResultSchema),
        ...errorResponses(400, 401, 403, 404, 429, 502, 503),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await postIssueGuidance(
        {
          apiKey: bearerToken(request),
          org: request.body.org,
          repo: request.body.repo,
          issueNumber: request.body.issue_number,
          issueUrl: request.body.issue_url,
        },
        ctx,
      ),
    }),
  });
}
