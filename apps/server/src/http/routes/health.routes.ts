import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { access } from '../access';

const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  engine: z.string(),
});

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    config: access('public'),
    schema: {
      tags: ['system'],
      summary: 'Liveness and database reachability',
      response: { 200: health, 503: health },
    },
    handler: async (_request, reply) => {
      const up = await ctx.database.ping();
      return reply.status(up ? 200 : 503).send({
        status: up ? 'ok' : 'degraded',
        database: up ? 'up' : 'down',
        engine: ctx.database.engine,
      });
    },
  });
}
