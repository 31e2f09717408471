import {
  hederaBalanceSchema,
  hederaConnectInputSchema,
  hederaConnectResultSchema,
  linkWalletInputSchema,
  linkWalletResultSchema,
  storeValuesInputSchema,
  storeValuesResultSchema,
  walletTypeParamsSchema,
  walletsViewSchema,
} from '@openstake/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { connectHederaWallet } from '../../modules/wallets/connect-hedera-wallet';
import { linkWallet } from '../../modules/wallets/link-wallet';
import {
  disconnectWallet,
  getHederaBalance,
  listWallets,
} from '../../modules/wallets/list-wallets';
import { storeWalletValues } from '../../modules/wallets/store-wallet-values';
import { access } from '../access';
import { requireUser } from '../plugins/session';
import { publicOrigin } from '../request-origin';
import { routeRateLimit } from '../route-rate-limit';
import { done, errorResponses, ok } from '../schemas';

const tags = ['wallet'];

/** The two calls that check a wallet's signature and link it: the same limit on each. */
const WALLET_PROOF = {
  ...access('github-user'),
  ...routeRateLimit({ name: 'wallet-proof', max: 30, minutes: 10, what: 'wallet connections' }),
};
const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { cookieAuth: [] }];

/**
 * Wallet linking with proof of ownership (/connect-wallet and the header wallet;
 * decision 010). Contributors and maintainers (`github-user`) link wallets to their own account.
 */
export async function walletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/store/values', {
    config: {
      ...access('github-user'),
      // Each call writes a challenge row: a client cannot fill the table.
      ...routeRateLimit({
        name: 'wallet-challenge',
        max: 30,
        minutes: 10,
        what: 'wallet challenges',
      }),
    },
    schema: {
      tags,
      security,
      summary: "'Store These Values': keeps the form's values and answers the challenge to sign",
      body: storeValuesInputSchema,
      response: { 200: storeValuesResultSchema, ...errorResponses(400, 401, 403, 429) },
    },
    handler: async (request) => ({
      success: true as const,
      message: 'Values stored successfully! You can now connect your wallet.',
      challenge: await storeWalletValues(
        {
          user: await requireUser(request),
          values: request.body,
          origin: publicOrigin(ctx, request),
        },
        ctx,
      ),
    }),
  });

  r.post('/api/hedera/connect', {
    config: WALLET_PROOF,
    schema: {
      tags,
      security,
      summary: "Links a Hedera account whose key signed the user's challenge",
      body: hederaConnectInputSchema,
      response: {
        200: hederaConnectResultSchema,
        ...errorResponses(400, 401, 403, 404, 409, 429, 503),
      },
    },
    handler: async (request) =>
      connectHederaWallet(
        {
          user: await requireUser(request),
          githubUsername: request.body.githubUsername,
          accountId: request.body.publicKey,
          message: request.body.message,
          signature: request.body.signature,
        },
        ctx,
      ),
  });

  r.post('/api/users/create', {
    config: WALLET_PROOF,
    schema: {
      tags,
      security,
      summary:
        'Links a proven wallet to the signed-in account (never creates an account or changes a role)',
      body: linkWalletInputSchema,
      response: { 200: linkWalletResultSchema, ...errorResponses(400, 401, 403, 409, 429) },
    },
    handler: async (request) =>
      linkWallet(
        {
          user: await requireUser(request),
          githubUsername: request.body.githubUsername,
          walletType: request.body.walletType,
          walletAddress: request.body.walletAddress,
          message: request.body.message,
          signature: request.body.signature,
        },
        ctx,
      ),
  });

  r.get('/api/wallet', {
    config: access('github-user'),
    schema: {
      tags,
      security,
      summary: "The signed-in user's linked wallets",
      response: { 200: ok(walletsViewSchema), ...errorResponses(401, 403) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await listWallets(await requireUser(request), ctx),
    }),
  });

  r.get('/api/wallet/hedera/balance', {
    config: access('github-user'),
    schema: {
      tags,
      security,
      summary: "The linked Hedera account's balance in HBAR (mirror node)",
      response: { 200: ok(hederaBalanceSchema), ...errorResponses(401, 403, 404, 503) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await getHederaBalance((await requireUser(request)).id, ctx),
    }),
  });

  r.delete('/api/wallet/:walletType', {
    config: access('github-user'),
    schema: {
      tags,
      security,
      summary: 'Disconnects (unlinks) the wallet of that type',
      params: walletTypeParamsSchema,
      response: { 200: done, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await disconnectWallet(
        { userId: (await requireUser(request)).id, walletType: request.params.walletType },
        ctx,
      );
      return { success: true as const };
    },
  });
}
