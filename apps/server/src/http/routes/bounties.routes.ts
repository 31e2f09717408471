import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addStakeInputSchema,
  addStakeResultSchema,
  createBountyIssueInputSchema,
  createdBountyIssueSchema,
} from '@openstake/core';
import type { AppContext } from '../../context';
import { addToBounty } from '../../modules/bounties/add-to-bounty';
import { createBountyIssue } from '../../modules/bounties/create-bounty-issue';
import { requireUser } from '../plugins/session';
import { MAINTAINER_GITHUB_ERRORS, errorResponses, ok } from '../schemas';
import { access } from '../access';
import { CHAIN_WRITE_LIMIT } from '../route-rate-limit';

/**
 * A maintainer's bounty issues: create one on GitHub, add coins to one's bounty (their list, with
 * the stakes each drew, is a stakes service: stakes.routes.ts).
 */
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

  // Under /api/chain/ with the original contract backend's calls (chain.routes.ts), whose limit
  // it shares; it moves the coin bounty's coins, so it is the bounties domain's route.
  r.post('/api/chain/add-stake', {
    config: { ...access('maintainer'), ...CHAIN_WRITE_LIMIT },
    schema: {
      tags: ['chain'],
      summary:
        'Adds coins (+ 5% fee) to the coin bounty of an open bounty issue; the chain bounty is apart',
      body: addStakeInputSchema,
      response: { 200: ok(addStakeResultSchema), ...errorResponses(400, 404, 409, 422) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await addToBounty(
        {
          userId: (await requireUser(request)).id,
          issueId: request.body.issueId,
          amount: request.body.stakeAmount,
        },
        ctx,
      ),
    }),
  });
}
