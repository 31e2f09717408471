import { z } from 'zod';
import { ledgerNetworkRecordSchema, MAX_ISSUE_COINS } from './maintainer';

/*
 * Spec 001 s7's contract-backend calls, served under /api/chain/ (the app's own /api/health is
 * taken): the escrow contract read and written through the server's chain adapter.
 */

/** A bounty issue's id: its GitHub issue id, which is also its id on the chain. */
const issueIdSchema = z
  .number({ message: 'issueId must be a number' })
  .int('issueId must be a whole number')
  .positive('issueId must be positive')
  .max(Number.MAX_SAFE_INTEGER, 'issueId is too large');

export const chainIssueParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, 'The issue id must be a positive whole number')
    .transform(Number)
    .pipe(issueIdSchema),
});

export const chainAddressSchema = z
  .string({ message: 'The address must be a 0x-prefixed 20-byte hex address' })
  .regex(/^0x[0-9a-fA-F]{40}$/, 'The address must be a 0x-prefixed 20-byte hex address');

export const chainAddressParamsSchema = z.object({ id: chainAddressSchema });

export const chainUserIssuesQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** POST create-issue: records one of the maintainer's bounty issues on the chain now. */
export const recordOnChainInputSchema = z.object({ issueId: issueIdSchema });

export const recordOnChainResultSchema = z.object({
  blockchainIssueId: z.string(),
  txHash: z.string().nullable(),
  stakeAmount: z.number().int(),
  ledgerNetwork: ledgerNetworkRecordSchema,
});
export type RecordOnChainResult = z.infer<typeof recordOnChainResultSchema>;

/** POST add-stake: adds coins to the bounty of one of the maintainer's open bounty issues. */
export const addStakeInputSchema = z.object({
  issueId: issueIdSchema,
  stakeAmount: z
    .number({ message: 'A valid stake amount is required' })
    .int('Amounts are whole coins')
    .positive('A valid stake amount is required')
    .max(MAX_ISSUE_COINS, `At most ${String(MAX_ISSUE_COINS)} coins`),
});

export const addStakeResultSchema = z.object({
  blockchainIssueId: z.string(),
  /** The bounty after the addition, in coins. */
  bountyAmount: z.number().int(),
  fee: z.number().int(),
  /** The maintainer's coins afterwards. */
  balance: z.number().int(),
  txHash: z.string().nullable(),
  ledgerNetwork: ledgerNetworkRecordSchema,
});
export type AddStakeResult = z.infer<typeof addStakeResultSchema>;

/** POST assign-issue: names the wallet a release would pay (the operator sends it). */
export const assignIssueInputSchema = z.object({
  issueId: issueIdSchema,
  assigneeAddress: chainAddressSchema,
});

export const assignIssueResultSchema = z.object({
  blockchainIssueId: z.string(),
  assignee: z.string(),
  txHash: z.string(),
});

export const CHAIN_ISSUE_STATUSES = ['open', 'assigned', 'released', 'refunded'] as const;

/** GET issue/{id}: the contract's record. Amounts in the smallest unit and as shown. */
export const chainIssueSchema = z.object({
  id: z.string(),
  funder: z.string(),
  assignee: z.string().nullable(),
  status: z.enum(CHAIN_ISSUE_STATUSES),
  amount: z.string(),
  amountDisplay: z.string(),
  symbol: z.string(),
  deadline: z.string(),
});
export type ChainIssue = z.infer<typeof chainIssueSchema>;

export const chainUserIssuesSchema = z.object({
  address: z.string(),
  issueIds: z.array(z.string()),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});

export const contractInfoSchema = z.object({
  chainId: z.number().int(),
  escrowAddress: z.string(),
  version: z.string(),
  operator: z.string(),
  issueCount: z.string(),
  totalHeld: z.string(),
  totalHeldDisplay: z.string(),
  symbol: z.string(),
});

export const chainHealthSchema = z.object({
  configured: z.boolean(),
  ok: z.boolean(),
  chainId: z.number().int().nullable(),
  blockNumber: z.string().nullable(),
  escrowDeployed: z.boolean().nullable(),
  error: z.string().nullable(),
});
export type ChainHealthReport = z.infer<typeof chainHealthSchema>;
