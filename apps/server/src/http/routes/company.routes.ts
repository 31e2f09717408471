import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationSchema,
  directoryGithubSchema,
  directoryPageSchema,
  directoryProfileSchema,
  directoryQuerySchema,
  messageTextSchema,
} from '@openstake/core';
import type { AppContext } from '../../context';
import { getDirectoryGithub } from '../../modules/directory/get-directory-github';
import { getDirectoryProfile } from '../../modules/directory/get-directory-profile';
import { listContributors } from '../../modules/directory/list-contributors';
import { contactContributor } from '../../modules/messages/send-message';
import { access } from '../access';
import { requireUser } from '../plugins/session';
import { contributorParams, errorResponses, ok } from '../schemas';

const tags = ['company'];

/** The hire directory: companies browse, read and contact contributors. */
export async function companyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
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

  r.post(`${base}/:userId/messages`, {
    config: access('company'),
    schema: {
      tags,
      summary: 'Write to a contributor who accepts contact (starts or continues the conversation)',
      params: contributorParams,
      body: messageTextSchema,
      response: { 201: ok(conversationSchema), ...errorResponses(400, 403, 404, 429) },
    },
    handler: async (request, reply) => {
      const company = await requireUser(request);
      const data = await contactContributor(
        { companyId: company.id, contributorId: request.params.userId, text: request.body.text },
        ctx,
      );
      return reply.code(201).send({ success: true as const, data });
    },
  });
}
