import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pageQuerySchema,
  relatedIssueSchema,
  repoParamsSchema,
  repositoryIssuesPageSchema,
  suggestedIssueSchema,
} from '@openstake/core';
import type { AppContext } from '../../context';
import { getRelatedIssue } from '../../modules/issues/get-related-issue';
import { listRepositoryIssues } from '../../modules/issues/list-repository-issues';
import { suggestIssues } from '../../modules/issues/suggest-issues';
import { requireUser } from '../plugins/session';
import {
  MAINTAINER_GITHUB_ERRORS,
  contributorGithubErrors,
  errorResponses,
  ignoredBody,
  numberParam,
  ok,
} from '../schemas';
import { access } from '../access';

const issueParams = repoParamsSchema.extend({ number: numberParam('Issue number') });

/**
 * Issues on GitHub: the ones suggested to a contributor, and a repository's issues as its
 * maintainer reads them.
 */
export async function issuesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/contributor/suggested-issues', {
    config: access('contributor'),
    schema: {
      tags: ['contributor'],
      summary: 'Open issues for me: good first issue / help wanted in my top languages',
      body: ignoredBody,
      response: {
        200: ok(z.object({ issues: z.array(suggestedIssueSchema) })),
        ...contributorGithubErrors,
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: { issues: await suggestIssues((await requireUser(request)).id, ctx) },
    }),
  });

  r.get('/api/maintainer/repos/:owner/:repo/issues', {
    config: access('maintainer'),
    schema: {
      tags: ['maintainer'],
      summary:
        'Open issues of a repository (a GitHub page of 30 items), pull requests excluded, and the next page (null after the last)',
      params: repoParamsSchema,
      querystring: pageQuerySchema,
      response: {
        200: repositoryIssuesPageSchema.extend({ success: z.literal(true) }),
        ...errorResponses(400, ...MAINTAINER_GITHUB_ERRORS),
      },
    },
    handler: async (request) => {
      const { issues, nextPage } = await listRepositoryIssues(
        { userId: (await requireUser(request)).id, ...request.params, page: request.query.page },
        ctx,
      );
      return { success: true as const, data: issues, nextPage };
    },
  });

  r.get('/api/maintainer/repos/:owner/:repo/issues/:number', {
    config: access('maintainer'),
    schema: {
      tags: ['maintainer'],
      summary: 'The issue a pull request refers to, with its stake and bounty when tracked',
      params: issueParams,
      response: {
        200: ok(relatedIssueSchema),
        ...errorResponses(400, ...MAINTAINER_GITHUB_ERRORS),
      },
    },
    handler: async (request) => {
      const { owner, repo, number } = request.params;
      return {
        success: true as const,
        data: await getRelatedIssue(
          { userId: (await requireUser(request)).id, owner, repo, issueNumber: number },
          ctx,
        ),
      };
    },
  });
}
