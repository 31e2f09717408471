import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { maintainerBalanceSchema } from '@openstake/core';
import type { AppContext } from '../../context';
import { getBalance, walletOf } from '../../modules/ledger/accounts';
import { requireUser } from '../plugins/session';
import { ok } from '../schemas';
import { access } from '../access';

/** The maintainer's coins. */
export async function ledgerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/maintainer';

  r.get(`${base}/balance`, {
    config: access('maintainer'),
    schema: {
      tags: ['maintainer'],
      summary: "The maintainer's coins (they fund bounties)",
      response: { 200: ok(maintainerBalanceSchema) },
    },
    handler: async (request) => ({
      success: true as const,
      data: { coins: await getBalance(ctx.db, walletOf((await requireUser(request)).id)) },
    }),
  });
}
