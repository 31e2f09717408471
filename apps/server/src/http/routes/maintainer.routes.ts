import {
  bountyIssuesPageSchema,
  bountyIssuesQuerySchema,
  closePullRequestResultSchema,
  createBountyIssueInputSchema,
  createdBountyIssueSchema,
  maintainerBalanceSchema,
  maintainerRepositorySchema,
  mergePullRequestInputSchema,
  mergeResultSchema,
  pageQuerySchema,
  pullRequestDetailSchema,
  pullRequestSchema,
  relatedIssueSchema,
  repoParamsSchema,
  repositoryIssuesPageSchema,
  rewardAllowanceSchema,
} from '@openstake/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { createBountyIssue } from '../../modules/bounties/create-bounty-issue';
import { listBountyIssues } from '../../modules/bounties/list-bounty-issues';
import { listMaintainerRepositories } from '../../modules/github/list-maintainer-repositories';
import { getRelatedIssue } from '../../modules/issues/get-related-issue';
import { listRepositoryIssues } from '../../modules/issues/list-repository-issues';
import { getBalance, walletOf } from '../../modules/ledger/accounts';
import { closePullRequest } from '../../modules/pull-requests/close-pull-request';
import { getPullRequest } from '../../modules/pull-requests/get-pull-request';
import { getRewardAllowance } from '../../modules/pull-requests/get-reward-allowance';
import { listPullRequests } from '../../modules/pull-requests/list-pull-requests';
import { mergePullRequest } from '../../modules/pull-requests/merge-pull-request';
import { requireUser } from '../plugins/session';
import { MAINTAINER_GITHUB_ERRORS, errorResponses, numberParam, ok } from '../schemas';
import { access } from '../access';

const pullParams = repoParamsSchema.extend({ number: numberParam('Pull request number') });
const issueParams = repoParamsSchema.extend({ number: numberParam('Issue number') });

/** The maintainer area: every route needs a maintainer session (session plugin). */
export async function maintainerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/maintainer';
  const userId = async (request: Parameters<typeof requireUser>[0]) =>
    (await requireUser(request)).id;

  r.get(`${base}/balance`, {
    config: access('maintainer'),
    schema: {
      tags: ['maintainer'],
      summary: "The maintainer's coins (they fund bounties)",
      response: { 200: ok(maintainerBalanceSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: { coins: await getBalance(ctx.db, walletOf(await userId(request))) },
    }),
  });

  r.get(`${base}/github/repositories`, {
    config: access('maintainer'),
    schema: {
      tags: ['maintainer'],
      summary: "The maintainer's GitHub repositories, with push permission and connection",
      response: {
        200: ok(z.array(maintainerRepositorySchema)),
        ...errorResponses(...MAINTAINER_GITHUB_ERRORS),
      },
    },
    handler: async (request) => ({
      success: true as const,
      data: await listMaintainerRepositories(await userId(request), ctx),
    }),
  });

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
        { userId: await userId(request), ...request.params, page: request.query.page },
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
          { userId: await userId(request), owner, repo, pullNumber: number },
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
            userId: await userId(request),
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
          { userId: await userId(request), owner, repo, pullNumber: number },
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
          { userId: await userId(request), owner, repo, pullNumber: number },
          ctx,
        ),
      };
    },
  });

  r.get(`${base}/repos/:owner/:repo/issues`, {
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
        { userId: await userId(request), ...request.params, page: request.query.page },
        ctx,
      );
      return { success: true as const, data: issues, nextPage };
    },
  });

  r.get(`${base}/repos/:owner/:repo/issues/:number`, {
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
          { userId: await userId(request), owner, repo, issueNumber: number },
          ctx,
        ),
      };
    },
  });

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
        { userId: await userId(request), issue: request.body },
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
      data: await listBountyIssues({ userId: await userId(request), query: request.query }, ctx),
    }),
  });
}
