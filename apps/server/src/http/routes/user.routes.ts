import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUserSchema } from '@openstake/core';
import { errorResponses } from '../schemas';
import { requireUser } from '../plugins/session';
import { access } from '../access';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/api/user', {
    config: access('signed-in'),
    schema: {
      tags: ['auth'],
      summary: 'The signed-in user',
      security: [{ bearerAuth: [] }, { cookieAuth: [] }],
      response: {
        200: z.object({ success: z.literal(true), user: sessionUserSchema }),
        ...errorResponses(401),
      },
    },
    handler: async (request) => ({ success: true as const, user: await requireUser(request) }),
  });
}
