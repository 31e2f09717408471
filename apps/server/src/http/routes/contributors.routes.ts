import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contributorPrivacySchema,
  contributorProfileSchema,
  dashboardProfileSchema,
  profileUpdateSchema,
  repositoryAnalysisSchema,
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
import { requireUser } from '../plugins/session';
import { contributorGithubErrors, errorResponses, ignoredBody, ok } from '../schemas';
import { access } from '../access';

const userIdParams = z.object({ userId: z.string().uuid('Invalid user id') });
const tags = ['contributor'];

/** A contributor's dashboard, profile, repository analysis and privacy. */
export async function contributorsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
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
