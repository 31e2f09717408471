import { z } from 'zod';
import { githubUsernameSchema, roleSchema } from './auth';
import { githubOwnerSchema, githubRepoNameSchema } from './maintainer';

/*
 * Wallet linking (decision 010). A wallet is linked only
 * after it signed a challenge the server issued: an EIP-4361 (Sign-In with Ethereum) message for
 * MetaMask, a text signed with the Hedera account's key for Hedera. A typed address proves nothing.
 */

export const WALLET_TYPES = ['hedera', 'metamask'] as const;
export const walletTypeSchema = z.enum(WALLET_TYPES, {
  message: 'walletType must be hedera or metamask',
});
export type WalletType = z.infer<typeof walletTypeSchema>;

/** How each wallet is named in the texts ('{wallet} connected successfully!'). */
export const WALLET_LABELS: Readonly<Record<WalletType, string>> = {
  hedera: 'Hedera Wallet',
  metamask: 'MetaMask',
};

/** Balance units (HBAR for hedera, ETH for metamask). */
export const WALLET_UNITS: Readonly<Record<WalletType, string>> = {
  hedera: 'HBAR',
  metamask: 'ETH',
};

/** The public address has at least 10 characters. */
export const PUBLIC_ADDRESS_MIN_LENGTH = 10;

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
// shard.realm.num, each a whole number without leading zeros (Hedera's account id).
const HEDERA_ACCOUNT_ID = /^(0|[1-9]\d{0,9})\.(0|[1-9]\d{0,9})\.(0|[1-9]\d{0,15})$/;

export const isEvmAddress = (value: string): boolean => EVM_ADDRESS.test(value);
export const isHederaAccountId = (value: string): boolean => HEDERA_ACCOUNT_ID.test(value);

/**
 * The wallet type an address is written for: `0x` + 40 hex digits is an EVM account (MetaMask),
 * `0.0.N` a Hedera account id; anything else is neither.
 */
export function walletTypeOfAddress(address: string): WalletType | null {
  if (isEvmAddress(address)) return 'metamask';
  if (isHederaAccountId(address)) return 'hedera';
  return null;
}

/** An address as stored and compared: EVM addresses lowercased, Hedera ids as written. */
export const normaliseWalletAddress = (address: string): string =>
  isEvmAddress(address) ? address.toLowerCase() : address;

/** The 'Public Address' field, with the product's messages. */
export const publicAddressFieldSchema = z
  .string({ message: 'Public address is required' })
  .trim()
  .min(1, 'Public address is required')
  .min(PUBLIC_ADDRESS_MIN_LENGTH, 'Public address is too short');

/** The /connect-wallet form as the page validates it. */
export const walletFormSchema = z.object({
  githubUsername: z.string().pipe(githubUsernameSchema),
  publicKey: publicAddressFieldSchema,
});
export type WalletForm = z.infer<typeof walletFormSchema>;

/** A public address the server can issue a challenge for: an EVM address or a Hedera account id. */
export const walletAddressSchema = publicAddressFieldSchema
  .max(64, 'Public address is too long')
  .refine((value) => walletTypeOfAddress(value) !== null, {
    message:
      'Enter an EVM address (0x followed by 40 hexadecimal digits) or a Hedera account id (0.0.N)',
  })
  .transform(normaliseWalletAddress);

const positiveIssueNumber = z
  .number()
  .int('Issue must be a whole number')
  .positive('Issue must be positive')
  .max(2 ** 31, 'Issue must be at most 2147483648');
/**
 * The issue a contributor came from (query parameter `issue`), as a number or its digits; the
 * page checks its query with it, so it sends only what the server takes.
 */
export const walletIssueNumberSchema = z.union([
  positiveIssueNumber,
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'Issue must be a positive number')
    .transform(Number)
    .pipe(positiveIssueNumber),
]);
/** Where a contributor came from (query parameters owner, repo, issue), each optional. */
const originFields = {
  owner: githubOwnerSchema.nullish(),
  repo: githubRepoNameSchema.nullish(),
  issue: walletIssueNumberSchema.nullish(),
};

/** POST /api/store/values: the form's values; answers the challenge to sign. */
export const storeValuesInputSchema = z.object({
  githubUsername: githubUsernameSchema,
  publicKey: walletAddressSchema,
  ...originFields,
});
export type StoreValuesInput = z.input<typeof storeValuesInputSchema>;

/** What the wallet must sign, exactly as given, before `expiresAt`. */
export const walletChallengeSchema = z.object({
  walletType: walletTypeSchema,
  address: z.string(),
  message: z.string(),
  expiresAt: z.string(),
});
export type WalletChallenge = z.infer<typeof walletChallengeSchema>;

export const storeValuesResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  challenge: walletChallengeSchema,
});
export type StoreValuesResult = z.infer<typeof storeValuesResultSchema>;

/** A challenge message as sent back: at most a few hundred characters in practice. */
const signedMessageSchema = z
  .string({ message: 'message is required: the challenge text that was signed' })
  .min(1, 'message is required: the challenge text that was signed')
  .max(2000, 'message is too long');

const HEX_SIGNATURE = /^(0x)?[0-9a-fA-F]{128,130}$/;
export const signatureSchema = z
  .string({ message: 'signature is required' })
  .trim()
  .min(1, 'signature is required')
  .regex(HEX_SIGNATURE, 'signature must be hexadecimal (64 or 65 bytes)');

/**
 * POST /api/hedera/connect. `useEnvCredentials` is accepted as the original client
 * sends it and means nothing: OpenStake never connects its own operator account for a user
 * (decision 010). The proof is `signature`, made by the account's key over `message`.
 */
export const hederaConnectInputSchema = z.object({
  useEnvCredentials: z.boolean().optional(),
  githubUsername: githubUsernameSchema,
  publicKey: z
    .string({ message: 'publicKey must be the Hedera account id (0.0.N)' })
    .trim()
    .refine(isHederaAccountId, 'publicKey must be the Hedera account id (0.0.N)'),
  message: signedMessageSchema,
  signature: signatureSchema,
});
export type HederaConnectInput = z.input<typeof hederaConnectInputSchema>;

export const hederaConnectResultSchema = z.object({
  success: z.literal(true),
  error: z.null(),
  accountId: z.string(),
  /** HBAR with 4 decimals (tinybars / 1e8), or 'N/A' when the mirror node did not answer. */
  balance: z.string(),
  publicKey: z.string(),
});
export type HederaConnectResult = z.infer<typeof hederaConnectResultSchema>;

/**
 * POST /api/users/create: links the wallet to the signed-in account; it never creates an account
 * nor changes a role (`role` is accepted as the original client sends it). A MetaMask
 * wallet brings its signed challenge here; a Hedera wallet was proven by /api/hedera/connect.
 */
export const linkWalletInputSchema = z
  .object({
    walletAddress: walletAddressSchema,
    githubUsername: githubUsernameSchema,
    walletType: walletTypeSchema,
    publicKey: z.string().max(200, 'publicKey is too long').nullish(),
    role: roleSchema.optional(),
    ...originFields,
    message: signedMessageSchema.optional(),
    signature: signatureSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (walletTypeOfAddress(value.walletAddress) !== value.walletType) {
      ctx.addIssue({
        code: 'custom',
        path: ['walletAddress'],
        message: `walletAddress is not a ${WALLET_LABELS[value.walletType]} address`,
      });
    }
    if (value.walletType === 'metamask' && (!value.message || !value.signature)) {
      ctx.addIssue({
        code: 'custom',
        path: ['signature'],
        message: 'A MetaMask wallet is linked only with its signature of the challenge',
      });
    }
  });
export type LinkWalletInput = z.input<typeof linkWalletInputSchema>;

export const linkedWalletSchema = z.object({
  walletType: walletTypeSchema,
  address: z.string(),
  publicKey: z.string(),
  linkedAt: z.string(),
});
export type LinkedWallet = z.infer<typeof linkedWalletSchema>;

export const linkWalletResultSchema = z.object({
  success: z.literal(true),
  user: z.object({ githubUsername: z.string() }),
  wallet: linkedWalletSchema,
});
export type LinkWalletResult = z.infer<typeof linkWalletResultSchema>;

/** GET /api/wallet: the signed-in user's linked wallets and the GitHub name they link to. */
export const walletsViewSchema = z.object({
  githubUsername: z.string().nullable(),
  wallets: z.array(linkedWalletSchema),
  /**
   * Demo mode: the address of the wallet the server made for this maintainer on the local test
   * chain (it signs on the server); null or absent otherwise.
   */
  demoWalletAddress: z.string().nullish(),
});
export type WalletsView = z.infer<typeof walletsViewSchema>;

export const hederaBalanceSchema = z.object({
  accountId: z.string(),
  balance: z.string(),
});
export type HederaBalance = z.infer<typeof hederaBalanceSchema>;

export const walletTypeParamsSchema = z.object({ walletType: walletTypeSchema });

/**
 * An amount in a currency's smallest unit (`decimals` of them to one) shown with 4 decimals, in
 * integer arithmetic: the fifth decimal onward is cut, never rounded up, so no balance is shown
 * that is not held.
 */
function formatCutToFourDecimals(amount: bigint, decimals: number): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const unit = 10n ** BigInt(decimals);
  const whole = abs / unit;
  const fraction = (abs % unit) / 10n ** BigInt(decimals - 4);
  return `${negative ? '-' : ''}${whole.toString()}.${fraction.toString().padStart(4, '0')}`;
}

/** Tinybars as HBAR (10^8 tinybars each) with 4 decimals, cut, never rounded up. */
export function formatTinybarsAsHbar(tinybars: bigint): string {
  return formatCutToFourDecimals(tinybars, 8);
}

/** Wei as ETH (10^18 wei each) with 4 decimals, cut, never rounded up. */
export function formatWeiAsEth(wei: bigint): string {
  if (wei < 0n) throw new RangeError('A balance cannot be negative');
  return formatCutToFourDecimals(wei, 18);
}
