import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contributorProfileSchema,
  createStakeInputSchema,
  dashboardProfileSchema,
  issueDetailSchema,
  issueIdSchema,
  profileUpdateSchema,
  repositoryAnalysisSchema,
  stakeSchema,
  suggestedIssueSchema,
} from '@openstake/core';
import type { AppContext } from '../../context';
import {
  analyzeRepositories,
  getRepositoryAnalysis,
} from '../../modules/contributors/analyze-repositories';
import { getContributorProfile } from '../../modules/contributors/get-contributor-profile';
import { getDashboardProfile } from '../../modules/contributors/get-dashboard-profile';
import { updateContributorProfile } from '../../modules/contributors/update-contributor-profile';
import { getIssueDetails } from '../../modules/issues/get-issue-details';
import { suggestIssues } from '../../modules/issues/suggest-issues';
import { createStake } from '../../modules/stakes/create-stake';
import { listStakes } from '../../modules/stakes/list-stakes';
import { requireUser } from '../plugins/session';
import { errorResponses, ok } from '../schemas';

// The spec's client sends accessToken or userId in these bodies; the session decides instead.
const ignoredBody = z.object({}).passthrough().optional();
const userIdParams = z.object({ userId: z.string().uuid('Invalid user id') });
const githubErrors = errorResponses(401, 403, 502, 503);
const tags = ['contributor'];

export async function contributorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/contributor';

  r.post(`${base}/profile`, {
    schema: {
      tags,
      summary: 'Dashboard overview: GitHub identity, coins, XP, rank',
      body: ignoredBody,
      response: { 200: ok(dashboardProfileSchema), ...githubErrors },
    },
    handler: async (request) => ({
      success: true as const,
      data: await getDashboardProfile((await requireUser(request)).id, ctx),
    }),
  });

  r.get(`${base}/stakes`, {
    schema: {
      tags,
      summary: 'My stakes, newest first',
      response: { 200: ok(z.array(stakeSchema)) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await listStakes((await requireUser(request)).id, ctx),
    }),
  });

  r.post(`${base}/stakes`, {
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

  r.post(`${base}/analyze-repositories`, {
    schema: {
      tags,
      summary: 'Analyze my public repositories and their languages on GitHub',
      body: ignoredBody,
      response: {
        200: ok(repositoryAnalysisSchema).extend({ message: z.string() }),
        ...githubErrors,
      },
    },
    handler: async (request) => ({
      success: true as const,
      message: 'Repository analysis completed!',
      data: await analyzeRepositories((await requireUser(request)).id, ctx),
    }),
  });

  r.get(`${base}/analysis`, {
    schema: {
      tags,
      summary: 'My latest repository analysis, or null',
      response: { 200: ok(repositoryAnalysisSchema.nullable()) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await getRepositoryAnalysis((await requireUser(request)).id, ctx),
    }),
  });

  r.post(`${base}/suggested-issues`, {
    schema: {
      tags,
      summary: 'Open issues for me: good first issue / help wanted in my top languages',
      body: ignoredBody,
      response: { 200: ok(z.object({ issues: z.array(suggestedIssueSchema) })), ...githubErrors },
    },
    handler: async (request) => ({
      success: true as const,
      data: { issues: await suggestIssues((await requireUser(request)).id, ctx) },
    }),
  });

  r.post(`${base}/issue-details/:issueId`, {
    schema: {
      tags,
      summary: 'One issue, refreshed from GitHub',
      params: z.object({ issueId: issueIdSchema }),
      body: ignoredBody,
      response: {
        200: ok(
          z.object({ issue: issueDetailSchema, bounty: z.object({ stakingRequired: z.number() }) }),
        ),
        ...errorResponses(400, 401, 403, 404, 502, 503),
      },
    },
    handler: async (request) => {
      const issue = await getIssueDetails(
        { userId: (await requireUser(request)).id, issueId: request.params.issueId },
        ctx,
      );
      return {
        success: true as const,
        data: { issue, bounty: { stakingRequired: issue.stakingRequired } },
      };
    },
  });

  r.get(`${base}/profile/:userId`, {
    schema: {
      tags,
      summary: "A contributor's profile (email only for its owner)",
      params: userIdParams,
      response: {
        200: ok(z.object({ profile: contributorProfileSchema })),
        ...errorResponses(400, 401, 403, 404),
      },
    },
    handler: async (request) => {
      const viewer = await requireUser(request);
      return {
        success: true as const,
        data: {
          profile: await getContributorProfile(
            { viewerId: viewer.id, userId: request.params.userId },
            ctx,
          ),
        },
      };
    },
  });

  r.put(`${base}/profile/:userId`, {
    schema: {
      tags,
      summary: 'Update my display name and bio (bio at most 500 characters)',
      params: userIdParams,
      body: profileUpdateSchema,
      response: {
        200: ok(z.object({ profile: contributorProfileSchema })),
        ...errorResponses(400, 401, 403),
      },
    },
    handler: async (request) => {
      const viewer = await requireUser(request);
      await updateContributorProfile(
        { viewerId: viewer.id, userId: request.params.userId, ...request.body.profile },
        ctx,
      );
      return {
        success: true as const,
        data: {
          profile: await getContributorProfile(
            { viewerId: viewer.id, userId: request.params.userId },
            ctx,
          ),
        },
      };
    },
  });
}
