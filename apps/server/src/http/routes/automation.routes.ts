import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { issueCommentInputSchema, issueCommentResultSchema } from '@openstake/core';
import type { AppContext } from '../../context';
import { postIssueGuidance } from '../../modules/automation/post-issue-guidance';
import { errorResponses, ok } from '../schemas';
import { routeRateLimit } from '../route-rate-limit';
import { access } from '../access';
import { bearerToken } from '../bearer-token';

const tags = ['organization settings'];

/** The automation workflow's call: guidance on a new issue, with an organization's API key. */
export async function automationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Called by the automation workflow (GitHub Actions) with an organization's API key, not a
  // session: the route declares the key check (`access('api-key')`).
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
