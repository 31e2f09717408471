import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conversationSchema, messageTextSchema, unreadCountSchema } from '@openstake/core';
import type { AppContext } from '../../context';
import {
  countUnread,
  declineConversation,
  listConversations,
  markConversationRead,
  type Viewer,
} from '../../modules/messages/conversations';
import { contactContributor, replyInConversation } from '../../modules/messages/send-message';
import { access } from '../access';
import { requireUser } from '../plugins/session';
import { contributorParams, errorResponses, ignoredBody, ok } from '../schemas';

const conversationParams = z.object({
  conversationId: z.string().uuid('Invalid conversation id'),
});

/**
 * Conversations between companies and contributors: a company starts one from the directory
 * (/api/company/contributors/:userId/messages); then the same routes serve both sides under each
 * role's prefix (/api/company/conversations, /api/contributor/conversations); the viewer is the
 * session's user, and only the declined conversation route is the contributor's alone.
 */
export async function conversationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/company/contributors/:userId/messages', {
    config: access('company'),
    schema: {
      tags: ['company'],
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

  for (const role of ['company', 'contributor'] as const) {
    const base = `/api/${role}/conversations`;
    const tags = [role];
    const viewerOf = async (request: Parameters<typeof requireUser>[0]): Promise<Viewer> => ({
      id: (await requireUser(request)).id,
      role,
    });

    r.get(base, {
      config: access(role),
      schema: {
        tags,
        summary: 'My conversations, latest first, with their messages',
        response: { 200: ok(z.array(conversationSchema)) },
      },
      handler: async (request) => ({
        success: true as const,
        data: await listConversations(await viewerOf(request), ctx),
      }),
    });

    r.get(`${base}/unread`, {
      config: access(role),
      schema: {
        tags,
        summary: 'How many messages to me are unread',
        response: { 200: ok(unreadCountSchema) },
      },
      handler: async (request) => ({
        success: true as const,
        data: { unread: await countUnread(await viewerOf(request), ctx) },
      }),
    });

    r.post(`${base}/:conversationId/messages`, {
      config: access(role),
      schema: {
        tags,
        summary: 'Write in one of my conversations',
        params: conversationParams,
        body: messageTextSchema,
        response: { 201: ok(conversationSchema), ...errorResponses(400, 403, 404, 409, 429) },
      },
      handler: async (request, reply) => {
        const data = await replyInConversation(
          {
            viewer: await viewerOf(request),
            conversationId: request.params.conversationId,
            text: request.body.text,
          },
          ctx,
        );
        return reply.code(201).send({ success: true as const, data });
      },
    });

    r.post(`${base}/:conversationId/read`, {
      config: access(role),
      schema: {
        tags,
        summary: "Mark a conversation's messages to me read; answers my unread total",
        params: conversationParams,
        body: ignoredBody,
        response: { 200: ok(unreadCountSchema), ...errorResponses(400, 404) },
      },
      handler: async (request) => ({
        success: true as const,
        data: {
          unread: await markConversationRead(
            { viewer: await viewerOf(request), conversationId: request.params.conversationId },
            ctx,
          ),
        },
      }),
    });
  }

  r.post('/api/contributor/conversations/:conversationId/decline', {
    config: access('contributor'),
    schema: {
      tags: ['contributor'],
      summary: "Decline a company's contact: it can write no more in this conversation",
      params: conversationParams,
      body: ignoredBody,
      response: { 200: ok(conversationSchema), ...errorResponses(400, 404) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await declineConversation(
        {
          contributorId: (await requireUser(request)).id,
          conversationId: request.params.conversationId,
        },
        ctx,
      ),
    }),
  });
}
