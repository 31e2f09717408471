import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contributorPrivacySchema,
  contributorProfileSchema,
  createStakeInputSchema,
  dashboardProfileSchema,
  issueDetailSchema,
  issueIdSchema,
  issueRefParamsSchema,
  profileUpdateSchema,
  repositoryAnalysisSchema,
  stakeSchema,
  stakesQuerySchema,
  suggestedIssueSchema,
  type IssueDetail,
} from '@openstake/core';
import type { AppContext } from '../../context';
import {
  analyzeRepositories,
  getRepositoryAnalysis,
} from '../../modules/contributors/analyze-repositories';
import {
  getContributorPrivacy,
  updateContributorPrivacy,
} from '../../modules/contributors/contributor-privacy';
import { getContributorProfile } from '../../modules/contributors/get-contributor-profile';
import { getDashboardProfile } from '../../modules/contributors/get-dashboard-profile';
import { updateContributorProfile } from '../../modules/contributors/update-contributor-profile';
import { getIssueDetails } from '../../modules/issue-page/get-issue-details';
import { resolveIssue } from '../../modules/issue-page/resolve-issue';
import { suggestIssues } from '../../modules/issues/suggest-issues';
import { createStake } from '../../modules/stakes/create-stake';
import { listStakes } from '../../modules/stakes/list-stakes';
import { stakesCursorSchema } from '../../modules/stakes/stakes-cursor';
import { requireUser } from '../plugins/session';
import { contributorGithubErrors, errorResponses, ignoredBody, ok } from '../schemas';
import { access } from '../access';

const userIdParams = z.object({ userId: z.string().uuid('Invalid user id') });
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

export async function contributorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/contributor';

  r.post(`${base}/profile`, {
    config: access('contributor'),
    schema: {
      tags,
      summary:
        'Dashboard overview: coins, XP, rank and active stakes, and the GitHub identity once linked',
      body: ignoredBody,
      response: { 200: ok(dashboardProfileSchema), ...errorResponses(401, 403) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await getDashboardProfile((await requireUser(request)).id, ctx),
    }),
  });

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

  r.post(`${base}/analyze-repositories`, {
    config: access('contributor'),
    schema: {
      tags,
      summary: 'Analyze my public repositories and their languages on GitHub',
      body: ignoredBody,
      response: {
        200: ok(repositoryAnalysisSchema).extend({ message: z.string() }),
        ...contributorGithubErrors,
      },
    },
    handler: async (request) => ({
      success: true as const,
      message: 'Repository analysis completed!',
      data: await analyzeRepositories((await requireUser(request)).id, ctx),
    }),
  });

  r.get(`${base}/analysis`, {
    config: access('contributor'),
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
    config: access('contributor'),
    schema: {
      tags,
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

  r.get(`${base}/profile/:userId`, {
    config: access('public'),
    schema: {
      tags,
      summary:
        "A contributor's public profile: anyone may see it (the email only its owner); a contributor who hides is a 404 to anyone but themselves",
      params: userIdParams,
      response: {
        200: ok(z.object({ profile: contributorProfileSchema })),
        ...errorResponses(400, 404),
      },
    },
    handler: async (request) => {
      const session = await request.session();
      return {
        success: true as const,
        data: {
          profile: await getContributorProfile(
            { viewerId: session?.user.id ?? null, userId: request.params.userId },
            ctx,
          ),
        },
      };
    },
  });

  r.put(`${base}/profile/:userId`, {
    config: access('contributor'),
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

  r.get(`${base}/privacy`, {
    config: access('contributor'),
    schema: {
      tags,
      summary: 'What I show companies: directory listing, email, contact',
      response: { 200: ok(contributorPrivacySchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await getContributorPrivacy((await requireUser(request)).id, ctx),
    }),
  });

  r.put(`${base}/privacy`, {
    config: access('contributor'),
    schema: {
      tags,
      summary: 'Choose what I show companies',
      body: contributorPrivacySchema,
      response: { 200: ok(contributorPrivacySchema), ...errorResponses(400) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await updateContributorPrivacy(
        { userId: (await requireUser(request)).id, privacy: request.body },
        ctx,
      ),
    }),
  });
}
