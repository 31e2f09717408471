import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bountyIssuesPageSchema,
  bountyIssuesQuerySchema,
  createStakeInputSchema,
  stakeSchema,
  stakesQuerySchema,
} from '@openstake/core';
import type { AppContext } from '../../context';
import { createStake } from '../../modules/stakes/create-stake';
import { listBountyIssues } from '../../modules/stakes/list-bounty-issues';
import { listStakes } from '../../modules/stakes/list-stakes';
import { stakesCursorSchema } from '../../modules/stakes/stakes-cursor';
import { requireUser } from '../plugins/session';
import { errorResponses, ok } from '../schemas';
import { access } from '../access';

const tags = ['contributor'];

/**
 * A contributor's stakes: list them, stake on a pull request; and a maintainer's bounty issues with
 * the stakes each drew.
 */
export async function stakesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/contributor';

  r.get(`${base}/stakes`, {
    config: access('contributor'),
    schema: {
      tags,
      summary: 'My stakes, newest first, a page at a time (?limit=, default 20, at most 100)',
      querystring: stakesQuerySchema.extend({ cursor: stakesCursorSchema.optional() }),
      response: {
        200: ok(z.array(stakeSchema)).extend({ nextCursor: z.string().nullable() }),
        ...errorResponses(400),
      },
    },
    handler: async (request) => {
      const page = await listStakes(
        { userId: (await requireUser(request)).id, ...request.query },
        ctx,
      );
      return { success: true as const, data: page.stakes, nextCursor: page.nextCursor };
    },
  });

  r.post(`${base}/stakes`, {
    config: access('contributor'),
    schema: {
      tags,
      summary: "Stake the issue's required coins on an open pull request of mine",
      body: createStakeInputSchema,
      response: { 201: ok(stakeSchema), ...errorResponses(400, 401, 403, 404, 409, 422, 502, 503) },
    },
    handler: async (request, reply) => {
      const data = await createStake(
        { user: await requireUser(request), stake: request.body },
        ctx,
      );
      return reply.status(201).send({ success: true as const, data });
    },
  });

  r.get('/api/maintainer/bounty-issues', {
    config: access('maintainer'),
    schema: {
      tags: ['maintainer'],
      summary: 'Bounty issues I created: stats, filters, 20 per page',
      querystring: bountyIssuesQuerySchema,
      response: { 200: ok(bountyIssuesPageSchema), ...errorResponses(400) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await listBountyIssues(
        { userId: (await requireUser(request)).id, query: request.query },
        ctx,
      ),
    }),
  });
}
