import {
  assignIssueInputSchema,
  assignIssueResultSchema,
  chainAddressParamsSchema,
  chainHealthSchema,
  chainIssueParamsSchema,
  chainIssueSchema,
  chainUserIssuesQuerySchema,
  chainBountySchema,
  chainUserIssuesSchema,
  confirmFundingInputSchema,
  contractInfoSchema,
  demoFundingInputSchema,
  demoFundingResultSchema,
  demoWalletInputSchema,
  demoWalletSchema,
} from '@openstake/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { assignIssueOnChain } from '../../modules/chain/assign-issue-on-chain';
import { confirmChainFunding } from '../../modules/chain/confirm-chain-funding';
import {
  getChainHealth,
  getChainIssue,
  getContractInfo,
  listChainUserIssues,
} from '../../modules/chain/read-chain';
import { fundWithDemoWallet, provideDemoWallet } from '../../modules/chain/demo-wallet';
import { access } from '../access';
import { publicOrigin } from '../request-origin';
import { CHAIN_WRITE_LIMIT } from '../route-rate-limit';
import { requireUser } from '../plugins/session';
import { errorResponses, ok } from '../schemas';

/**
 * The original contract backend's calls, under /api/chain/ (the app's own /api/health is taken):
 * maintainers' calls on their own bounty issues, reads by any signed-in account; and demo mode's
 * wallets for maintainers, under /api/demo/.
 */
export async function chainRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/chain';
  const userId = async (request: Parameters<typeof requireUser>[0]) =>
    (await requireUser(request)).id;

  r.post(`${base}/confirm-funding`, {
    config: { ...access('maintainer'), ...CHAIN_WRITE_LIMIT },
    schema: {
      tags: ['chain'],
      summary:
        "Checks on the chain that the maintainer's wallet funded one of their chain bounties; answers the chain bounty",
      body: confirmFundingInputSchema,
      response: { 200: ok(chainBountySchema), ...errorResponses(400, 404, 409, 503) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await confirmChainFunding(
        {
          userId: await userId(request),
          issueId: request.body.issueId,
          txHash: request.body.txHash,
        },
        ctx,
      ),
    }),
  });

  r.post(`${base}/assign-issue`, {
    config: { ...access('maintainer'), ...CHAIN_WRITE_LIMIT },
    schema: {
      tags: ['chain'],
      summary: 'Names on the chain the wallet a release of a bounty issue would pay',
      body: assignIssueInputSchema,
      response: { 200: ok(assignIssueResultSchema), ...errorResponses(400, 404, 409, 503) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await assignIssueOnChain(
        {
          userId: await userId(request),
          issueId: request.body.issueId,
          assignee: request.body.assigneeAddress,
        },
        ctx,
      ),
    }),
  });

  r.get(`${base}/issue/:id`, {
    config: access('signed-in'),
    schema: {
      tags: ['chain'],
      summary: "The escrow contract's record of an issue",
      params: chainIssueParamsSchema,
      response: { 200: ok(chainIssueSchema), ...errorResponses(400, 404, 503) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await getChainIssue(request.params.id, ctx),
    }),
  });

  r.get(`${base}/user-issues/:id`, {
    config: access('signed-in'),
    schema: {
      tags: ['chain'],
      summary: 'The issues an address funded or was assigned on the chain, a page',
      params: chainAddressParamsSchema,
      querystring: chainUserIssuesQuerySchema,
      response: { 200: ok(chainUserIssuesSchema), ...errorResponses(400, 503) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await listChainUserIssues({ address: request.params.id, ...request.query }, ctx),
    }),
  });

  r.get(`${base}/contract/info`, {
    config: access('signed-in'),
    schema: {
      tags: ['chain'],
      summary: "The escrow contract's version, operator, issues and amount held",
      response: { 200: ok(contractInfoSchema), ...errorResponses(503) },
    },
    handler: async () => ({ success: true as const, data: await getContractInfo(ctx) }),
  });

  r.get(`${base}/health`, {
    config: access('signed-in'),
    schema: {
      tags: ['chain'],
      summary: 'Whether the ledger network answers and the escrow contract is deployed',
      response: { 200: ok(chainHealthSchema) },
    },
    handler: async () => ({ success: true as const, data: await getChainHealth(ctx) }),
  });

  r.post('/api/demo/wallet', {
    config: { ...access('maintainer'), ...CHAIN_WRITE_LIMIT },
    schema: {
      tags: ['chain'],
      summary:
        'Demo mode: makes, links and funds the maintainer’s demo wallet on the local test chain',
      body: demoWalletInputSchema,
      response: { 200: ok(demoWalletSchema), ...errorResponses(400, 403, 404, 409, 503) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await provideDemoWallet(
        {
          user: await requireUser(request),
          replaceLinkedWallet: request.body.replaceLinkedWallet,
          origin: publicOrigin(ctx, request),
        },
        ctx,
      ),
    }),
  });

  r.post('/api/demo/wallet/fund', {
    config: { ...access('maintainer'), ...CHAIN_WRITE_LIMIT },
    schema: {
      tags: ['chain'],
      summary: 'Demo mode: the maintainer’s demo wallet pays one of their chain bounties in',
      body: demoFundingInputSchema,
      response: { 200: ok(demoFundingResultSchema), ...errorResponses(400, 404, 409, 503) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await fundWithDemoWallet(
        { userId: await userId(request), issueId: request.body.issueId },
        ctx,
      ),
    }),
  });
}
