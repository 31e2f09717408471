import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  closePullRequestResultSchema,
  mergePullRequestInputSchema,
  mergeResultSchema,
  pullRequestDetailSchema,
  pullRequestQueueQuerySchema,
  pullRequestQueueSchema,
  repoParamsSchema,
  rewardAllowanceSchema,
  spamMarkResultSchema,
} from '@openstake/core';
import type { AppContext } from '../../context';
import { closePullRequest } from '../../modules/pull-requests/close-pull-request';
import { getPullRequest } from '../../modules/pull-requests/get-pull-request';
import { getRewardAllowance } from '../../modules/pull-requests/get-reward-allowance';
import { listPullRequests } from '../../modules/pull-requests/list-pull-requests';
import { markPullRequestAsSpam } from '../../modules/pull-requests/mark-pull-request-as-spam';
import { mergePullRequest } from '../../modules/pull-requests/merge-pull-request';
import { undoSpamMark } from '../../modules/pull-requests/undo-spam-mark';
import { routeRateLimit } from '../route-rate-limit';
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
      summary:
        "The maintainer's queue: open pull requests, staked ones with green checks first by their author's standing, unstaked ones on bounty issues apart",
      params: repoParamsSchema,
      querystring: pullRequestQueueQuerySchema,
      response: {
        200: ok(pullRequestQueueSchema),
        ...errorResponses(400, ...MAINTAINER_GITHUB_ERRORS),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await listPullRequests(
        { userId: (await requireUser(request)).id, ...request.params, ...request.query },
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

  // A spam mark weighs on the author's standing (decision 015, part 4); it moves no coin.
  const spamMarkLimit = (name: string) =>
    routeRateLimit({ name, max: 60, minutes: 10, what: 'spam marks' });

  r.post(`${base}/repos/:owner/:repo/pulls/:number/spam-mark`, {
    config: { ...access('maintainer'), ...spamMarkLimit('spam-mark') },
    schema: {
      tags: ['maintainer'],
      summary:
        "Mark a closed, unmerged pull request as spam: it raises its author's stake price; no coin moves",
      params: pullParams,
      response: {
        200: ok(spamMarkResultSchema),
        ...errorResponses(400, 409, ...MAINTAINER_GITHUB_ERRORS),
      },
    },
    handler: async (request) => {
      const { owner, repo, number } = request.params;
      return {
        success: true as const,
        data: await markPullRequestAsSpam(
          { userId: (await requireUser(request)).id, owner, repo, pullNumber: number },
          ctx,
        ),
      };
    },
  });

  r.delete(`${base}/repos/:owner/:repo/pulls/:number/spam-mark`, {
    config: { ...access('maintainer'), ...spamMarkLimit('spam-mark-undo') },
    schema: {
      tags: ['maintainer'],
      summary: 'Undo the spam mark of a pull request',
      params: pullParams,
      response: {
        200: ok(spamMarkResultSchema),
        ...errorResponses(400, 409, ...MAINTAINER_GITHUB_ERRORS),
      },
    },
    handler: async (request) => {
      const { owner, repo, number } = request.params;
      return {
        success: true as const,
        data: await undoSpamMark(
          { userId: (await requireUser(request)).id, owner, repo, pullNumber: number },
          ctx,
        ),
      };
    },
  });
}
