import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  issueDetailSchema,
  issueIdSchema,
  issueRefParamsSchema,
  type IssueDetail,
} from '@openstake/core';
import type { AppContext } from '../../context';
import { getIssueDetails } from '../../modules/issue-page/get-issue-details';
import { resolveIssue } from '../../modules/issue-page/resolve-issue';
import { requireUser } from '../plugins/session';
import { errorResponses, ignoredBody, ok } from '../schemas';
import { access } from '../access';

// The issue page's answer: the issue (with the viewer's stake) and, as the original API had it,
// its stake.
const issueDetailsResponse = ok(
  z.object({ issue: issueDetailSchema, bounty: z.object({ stakingRequired: z.number() }) }),
);
const issueDetailsData = (issue: IssueDetail) => ({
  success: true as const,
  data: { issue, bounty: { stakingRequired: issue.stakingRequired } },
});
const tags = ['contributor'];

/** The contributor's issue page: an issue by id or by repository and number. */
export async function issuePageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/contributor';

  r.post(`${base}/issue-details/:issueId`, {
    config: access('contributor'),
    schema: {
      tags,
      summary: 'One issue, refreshed from GitHub',
      params: z.object({ issueId: issueIdSchema }),
      body: ignoredBody,
      response: { 200: issueDetailsResponse, ...errorResponses(400, 401, 403, 404, 502, 503) },
    },
    handler: async (request) =>
      issueDetailsData(
        await getIssueDetails(
          { userId: (await requireUser(request)).id, issueId: request.params.issueId },
          ctx,
        ),
      ),
  });

  r.get(`${base}/repos/:owner/:repo/issues/:number`, {
    config: access('contributor'),
    schema: {
      tags,
      summary:
        'An issue by repository and number, looked up on GitHub with my token and tracked (links to issues OpenStake has not shown yet)',
      params: issueRefParamsSchema,
      response: { 200: issueDetailsResponse, ...errorResponses(400, 401, 403, 404, 502, 503) },
    },
    handler: async (request) =>
      issueDetailsData(
        await resolveIssue({ userId: (await requireUser(request)).id, ref: request.params }, ctx),
      ),
  });
}
