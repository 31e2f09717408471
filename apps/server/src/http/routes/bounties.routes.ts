import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bountyIssuesPageSchema,
  bountyIssuesQuerySchema,
  createBountyIssueInputSchema,
  createdBountyIssueSchema,
} from '@openstake/core';
import type { AppContext } from '../../context';
import { createBountyIssue } from '../../modules/bounties/create-bounty-issue';
import { listBountyIssues } from '../../modules/bounties/list-bounty-issues';
import { requireUser } from '../plugins/session';
import { MAINTAINER_GITHUB_ERRORS, errorResponses, ok } from '../schemas';
import { access } from '../access';

/** A maintainer's bounty issues: create one on GitHub, list them. */
export async function bountiesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/maintainer';

  r.post(`${base}/bounty-issues`, {
    config: access('maintainer'),
    schema: {
      tags: ['maintainer'],
      summary:
        "Create an issue with a stake and a bounty in coins on GitHub; bounty + 5% fee escrowed; an optional chain bounty awaiting funding from the maintainer's wallet",
      body: createBountyIssueInputSchema,
      response: {
        201: ok(createdBountyIssueSchema),
        ...errorResponses(400, 422, ...MAINTAINER_GITHUB_ERRORS),
      },
    },
    handler: async (request, reply) => {
      const data = await createBountyIssue(
        { userId: (await requireUser(request)).id, issue: request.body },
        ctx,
      );
      return reply.status(201).send({ success: true as const, data });
    },
  });

  r.get(`${base}/bounty-issues`, {
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
