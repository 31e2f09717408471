import { z } from 'zod';
import { MAX_ISSUE_COINS } from './maintainer';

/*
 * The original contract backend's calls, served under /api/chain/ (the app's own /api/health is
 * taken): the escrow contract read through the server's chain adapter, and a maintainer's own
 * wallet's funding of a chain bounty checked on the chain.
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

/** A transaction hash (0x + 32 bytes in hex). */
export const transactionHashSchema = z
  .string({ message: 'txHash must be a transaction hash' })
  .regex(/^0x[0-9a-fA-F]{64}$/, 'txHash must be a transaction hash (0x followed by 64 hex digits)')
  .transform((hash) => hash.toLowerCase());

/**
 * POST confirm-funding: the maintainer's wallet sent the chain bounty's funding (createIssue with
 * the bounty as value); the server checks it on the chain, never on this word. The hash is a
 * hint: the transaction shown once the chain holds the funding.
 */
export const confirmFundingInputSchema = z.object({
  issueId: issueIdSchema,
  txHash: transactionHashSchema.nullable().default(null),
});

/**
 * POST add-stake: adds coins to the coin bounty of one of the maintainer's open bounty issues. The
 * chain bounty is separate and unchanged: coins never become the chain's currency.
 */
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
  /** Until when the funder may not refund because a contributor's work is pending; null: none. */
  heldUntil: z.string().nullable(),
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

/**
 * Demo mode's wallet for a maintainer (decision 010): a key the server made for them, linked to
 * their account by its signature like any wallet and funded on the local devnet, which signs
 * their chain bounties' funding on the server. Its key never leaves the server.
 */
export const demoWalletSchema = z.object({
  address: z.string(),
  /** Its balance on the devnet, in the smallest unit, and as the currency shows it. */
  balance: z.string(),
  balanceDisplay: z.string(),
  symbol: z.string(),
});
export type DemoWallet = z.infer<typeof demoWalletSchema>;

/**
 * POST /api/demo/wallet: makes (once) and links the demo wallet. `replaceLinkedWallet`: the user
 * agreed that it takes the place of an EVM wallet they linked before; without that, such a wallet
 * is kept and the call refused.
 */
export const demoWalletInputSchema = z.object({
  replaceLinkedWallet: z.boolean({ message: 'replaceLinkedWallet must be true or false' }),
});

export const demoFundingInputSchema = z.object({ issueId: issueIdSchema });
export const demoFundingResultSchema = z.object({ txHash: z.string() });
