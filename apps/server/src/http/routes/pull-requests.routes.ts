import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  closePullRequestResultSchema,
  mergePullRequestInputSchema,
  mergeResultSchema,
  pageQuerySchema,
  pullRequestDetailSchema,
  pullRequestSchema,
  repoParamsSchema,
  rewardAllowanceSchema,
} from '@openstake/core';
import type { AppContext } from '../../context';
import { closePullRequest } from '../../modules/pull-requests/close-pull-request';
import { getPullRequest } from '../../modules/pull-requests/get-pull-request';
import { getRewardAllowance } from '../../modules/pull-requests/get-reward-allowance';
import { listPullRequests } from '../../modules/pull-requests/list-pull-requests';
import { mergePullRequest } from '../../modules/pull-requests/merge-pull-request';
import { requireUser } from '../plugins/session';
import { MAINTAINER_GITHUB_ERRORS, errorResponses, numberParam, ok } from '../schemas';
import { access } from '../access';

const pullParams = repoParamsSchema.extend({ number: numberParam('Pull request number') });

/** A maintainer's pull requests: list, read, merge (and settle), close. */
export async function pullRequestsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/maintainer';

  r.get(`${base}/repos/:owner/:repo/pulls`, {
    config: access('maintainer'),
    schema: {
      tags: ['maintainer'],
      summary: 'Open pull requests of a repository (30 per page), with the coins staked on each',
      params: repoParamsSchema,
      querystring: pageQuerySchema,
      response: {
        200: ok(z.array(pullRequestSchema)),
        ...errorResponses(400, ...MAINTAINER_GITHUB_ERRORS),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await listPullRequests(
        { userId: (await requireUser(request)).id, ...request.params, page: request.query.page },
        ctx,
      ),
    }),
  });

  r.get(`${base}/repos/:owner/:repo/pulls/:number`, {
    config: access('maintainer'),
    schema: {
      tags: ['maintainer'],
      summary: 'One pull request with its mergeable state and size',
      params: pullParams,
      response: {
        200: ok(pullRequestDetailSchema),
        ...errorResponses(400, ...MAINTAINER_GITHUB_ERRORS),
      },
    },
    handler: async (request) => {
      const { owner, repo, number } = request.params;
      return {
        success: true as const,
        data: await getPullRequest(
          { userId: (await requireUser(request)).id, owner, repo, pullNumber: number },
          ctx,
        ),
      };
    },
  });

  r.post(`${base}/repos/:owner/:repo/pulls/:number/merge`, {
    config: access('maintainer'),
    schema: {
      tags: ['maintainer'],
      summary:
        'Submit & Merge PR: merge on GitHub, then record it, settle the stake, pay the bounty and the feedback reward',
      params: pullParams,
      body: mergePullRequestInputSchema,
      response: {
        200: ok(mergeResultSchema),
        ...errorResponses(400, 409, ...MAINTAINER_GITHUB_ERRORS),
      },
    },
    handler: async (request) => {
      const { owner, repo, number } = request.params;
      return {
        success: true as const,
        data: await mergePullRequest(
          {
            userId: (await requireUser(request)).id,
            owner,
            repo,
            pullNumber: number,
            feedback: request.body,
          },
          ctx,
        ),
      };
    },
  });

  r.get(`${base}/repos/:owner/:repo/pulls/:number/reward-allowance`, {
    config: access('maintainer'),
    schema: {
      tags: ['maintainer'],
      summary:
        "What a merge by you could make count for the pull request's author now: the repository's standing and what you and its organization already gave them in 30 days",
      params: pullParams,
      response: {
        200: ok(rewardAllowanceSchema),
        ...errorResponses(400, ...MAINTAINER_GITHUB_ERRORS),
      },
    },
    handler: async (request) => {
      const { owner, repo, number } = request.params;
      return {
        success: true as const,
        data: await getRewardAllowance(
          { userId: (await requireUser(request)).id, owner, repo, pullNumber: number },
          ctx,
        ),
      };
    },
  });

  r.post(`${base}/repos/:owner/:repo/pulls/:number/close`, {
    config: access('maintainer'),
    schema: {
      tags: ['maintainer'],
      summary: 'Close a pull request on GitHub and settle any stake on it as closed',
      params: pullParams,
      response: {
        200: ok(closePullRequestResultSchema),
        ...errorResponses(400, 409, ...MAINTAINER_GITHUB_ERRORS),
      },
    },
    handler: async (request) => {
      const { owner, repo, number } = request.params;
      return {
        success: true as const,
        data: await closePullRequest(
          { userId: (await requireUser(request)).id, owner, repo, pullNumber: number },
          ctx,
        ),
      };
    },
  });
}
