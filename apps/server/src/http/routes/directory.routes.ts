import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  directoryGithubSchema,
  directoryPageSchema,
  directoryProfileSchema,
  directoryQuerySchema,
} from '@openstake/core';
import type { AppContext } from '../../context';
import { getDirectoryGithub } from '../../modules/directory/get-directory-github';
import { getDirectoryProfile } from '../../modules/directory/get-directory-profile';
import { listContributors } from '../../modules/directory/list-contributors';
import { access } from '../access';
import { contributorParams, errorResponses, ok } from '../schemas';

const tags = ['company'];

/** The hire directory: companies browse and read contributors (contact: conversations routes). */
export async function directoryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/company/contributors';

  r.get(base, {
    config: access('company'),
    schema: {
      tags,
      summary: 'Contributors matching the filters, a page at a time, and stats of all of them',
      querystring: directoryQuerySchema,
      response: {
        200: directoryPageSchema.extend({ success: z.literal(true) }),
        ...errorResponses(400),
      },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await listContributors(request.query, ctx)),
    }),
  });

  r.get(`${base}/:userId`, {
    config: access('company'),
    schema: {
      tags,
      summary: "A contributor's profile and verified work record",
      params: contributorParams,
      response: { 200: ok(directoryProfileSchema), ...errorResponses(400, 404) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await getDirectoryProfile(request.params.userId, ctx),
    }),
  });

  r.get(`${base}/:userId/github`, {
    config: access('company'),
    schema: {
      tags,
      summary: "A contributor's GitHub profile and repositories, or why GitHub cannot be read",
      params: contributorParams,
      response: { 200: ok(directoryGithubSchema), ...errorResponses(400, 404) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await getDirectoryGithub(request.params.userId, ctx),
    }),
  });
}
