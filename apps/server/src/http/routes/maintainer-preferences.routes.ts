import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { maintainerPreferencesSchema } from '@openstake/core';
import type { AppContext } from '../../context';
import { getMaintainerPreferences } from '../../modules/maintainer-preferences/get-maintainer-preferences';
import { updateMaintainerPreferences } from '../../modules/maintainer-preferences/update-maintainer-preferences';
import { requireUser } from '../plugins/session';
import { errorResponses, ok } from '../schemas';
import { access } from '../access';

const tags = ['organization settings'];

/** The maintainer's notification and review preferences. */
export async function maintainerPreferencesRoutes(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/maintainer/preferences', {
    config: access('maintainer'),
    schema: {
      tags,
      summary: "The maintainer's notification and review preferences",
      response: { 200: ok(maintainerPreferencesSchema), ...errorResponses(401, 403) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await getMaintainerPreferences((await requireUser(request, 'maintainer')).id, ctx),
    }),
  });

  r.put('/api/maintainer/preferences', {
    config: access('maintainer'),
    schema: {
      tags,
      summary: "Save the maintainer's preferences",
      body: maintainerPreferencesSchema,
      response: { 200: ok(maintainerPreferencesSchema), ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await updateMaintainerPreferences(
        { userId: (await requireUser(request, 'maintainer')).id, preferences: request.body },
        ctx,
      ),
    }),
  });
}
