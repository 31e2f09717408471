import { z } from 'zod';

/*
 * A bounty issue's chain bounty (decision 009): native currency of the ledger network that the
 * maintainer pays into the escrow contract from the wallet they linked, separate from the coin
 * bounty. Coins are OpenStake's own and never become the chain's currency; the chain bounty is
 * paid in by its maintainer and shown as funded only once the server has read it on the chain.
 */

/**
 * A chain bounty typed in the chain's currency, as the form sends it ('1.5'): a plain decimal
 * greater than 0. The server also checks it is a whole number of the currency's smallest unit.
 */
export const chainBountyAmountTextSchema = z
  .string({ message: 'The chain bounty must be an amount such as 1.5' })
  .trim()
  .regex(/^(0|[1-9]\d{0,17})(\.\d{1,18})?$/, 'The chain bounty must be an amount such as 1.5')
  .refine((text) => /[1-9]/.test(text), 'The chain bounty must be more than 0');

/**
 * What became of a chain bounty: `awaiting_funding` until the maintainer's wallet has paid it in
 * (and the server read it on the chain), `funded` while the escrow holds it, then `released` to
 * the contributor whose pull request was merged or `refunded` to the wallet that paid it.
 * `not_funded`: the coin bounty ended before the chain bounty was paid in, so nothing is paid on
 * the chain. `funding_refused`: the chain's record of the issue is not the one expected (another
 * wallet, another amount, an earlier deadline), so it can never be funded.
 */
export const CHAIN_BOUNTY_STATUSES = [
  'awaiting_funding',
  'funded',
  'released',
  'refunded',
  'not_funded',
  'funding_refused',
] as const;
export const chainBountyStatusSchema = z.enum(CHAIN_BOUNTY_STATUSES);
export type ChainBountyStatus = z.infer<typeof chainBountyStatusSchema>;

const transactionSchema = z.object({ hash: z.string(), explorerUrl: z.string().nullable() });

export const chainBountySchema = z.object({
  status: chainBountyStatusSchema,
  /** The issue's id on the chain: its GitHub issue id. */
  chainIssueId: z.string(),
  /** In the chain's smallest unit (wei; weibars on Hedera's relay), a decimal string. */
  amount: z.string(),
  /** As the currency shows it ('1.5'). */
  amountDisplay: z.string(),
  symbol: z.string(),
  /** Unix seconds: the deadline the funding transaction must name (at least). */
  deadline: z.string(),
  escrowAddress: z.string(),
  chainId: z.number().int(),
  /** The wallet that paid it in, once funded. */
  funder: z.string().nullable(),
  fundingTx: transactionSchema.nullable(),
  /** The release or refund, once the chain has it. */
  endTx: transactionSchema.nullable(),
  /** What is under way or went wrong, in words ('Release waiting for ...'), or null. */
  note: z.string().nullable(),
});
export type ChainBounty = z.infer<typeof chainBountySchema>;
