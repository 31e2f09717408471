import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { z } from 'zod';
import type { WalletChallenge, WalletType } from '@openstake/core';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { walletChallenges } from '../../db/schema';
import { clearSomeExpired } from '../../db/clear-expired';
import { AppError } from '../../errors';

/** A challenge is signed within 5 minutes of being issued (decision 010). */
const CHALLENGE_MINUTES = 5;

const STATEMENT = 'Link this wallet to my OpenStake account. This signature moves no funds.';

/** The values 'Store These Values' keeps with the challenge. */
const challengeContextSchema = z.object({
  githubUsername: z.string(),
  owner: z.string().nullable(),
  repo: z.string().nullable(),
  issue: z.number().nullable(),
});
export type ChallengeContext = z.infer<typeof challengeContextSchema>;

export type ChallengeRow = typeof walletChallenges.$inferSelect;

// SIWE nonces are alphanumeric (EIP-4361); 128 random bits in hex.
const newNonce = (): string => randomBytes(16).toString('hex');
const NONCE_LINE = /^Nonce: ([0-9a-f]{32})$/m;
export const nonceHash = (nonce: string): string =>
  createHash('sha256').update(nonce).digest('base64url');

/**
 * The exact text the wallet signs. MetaMask: an EIP-4361 message for the app's domain and the
 * configured chain. Hedera: the same facts in plain lines (there is no Hedera standard for it).
 */
function challengeMessage(
  row: Pick<
    ChallengeRow,
    'type' | 'address' | 'domain' | 'uri' | 'chainId' | 'issuedAt' | 'expiresAt'
  >,
  context: Pick<ChallengeContext, 'githubUsername'>,
  nonce: string,
): string {
  if (row.type === 'metamask') {
    return createSiweMessage({
      domain: row.domain,
      address: getAddress(row.address),
      statement: `${STATEMENT} GitHub: ${context.githubUsername}`,
      uri: row.uri,
      version: '1',
      chainId: row.chainId,
      nonce,
      issuedAt: row.issuedAt,
      expirationTime: row.expiresAt,
    });
  }
  return [
    `${row.domain} wants you to sign with your Hedera account:`,
    row.address,
    '',
    `${STATEMENT} GitHub: ${context.githubUsername}`,
    '',
    `URI: ${row.uri}`,
    `Nonce: ${nonce}`,
    `Issued At: ${row.issuedAt.toISOString()}`,
    `Expiration Time: ${row.expiresAt.toISOString()}`,
  ].join('\n');
}

/** Issues a single-use challenge for `address`, bound to the user; answers what to sign. */
export async function issueWalletChallenge(
  input: {
    userId: string;
    walletType: WalletType;
    address: string;
    /** The origin the browser uses (PUBLIC_URL or the request's): its host is the SIWE domain. */
    origin: string;
    context: ChallengeContext;
  },
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'chain'>,
): Promise<WalletChallenge> {
  const now = ctx.clock.now();
  // Whole seconds: the message's times round-trip through text exactly.
  const issuedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const expiresAt = new Date(issuedAt.getTime() + CHALLENGE_MINUTES * 60_000);
  const url = new URL(input.origin);
  const nonce = newNonce();
  const row = {
    nonceHash: nonceHash(nonce),
    userId: input.userId,
    type: input.walletType,
    address: input.address,
    domain: url.host,
    uri: url.origin,
    // The ledger network's chain, where the wallet's payouts go (demo mode's devnet is 31337).
    // Without one, EIP-4361 still wants a chain: Ethereum's (1), which decides nothing here, as an
    // account's address is the same on every EVM chain.
    chainId: ctx.chain?.chainId ?? ctx.config.CHAIN_ID ?? 1,
    context: input.context,
    issuedAt,
    expiresAt,
  };
  await ctx.db.insert(walletChallenges).values(row);
  await clearSomeExpired(ctx.db, {
    table: walletChallenges,
    key: walletChallenges.nonceHash,
    expiresAt: walletChallenges.expiresAt,
    now,
  });
  return {
    walletType: input.walletType,
    address: input.address,
    message: challengeMessage(row, input.context, nonce),
    expiresAt: expiresAt.toISOString(),
  };
}

const refused = (message: string) => new AppError('BAD_REQUEST', { message, field: 'message' });

/**
 * Reads the challenge a signed message answers, without using it: it must be the user's, for
 * this wallet, unexpired and unused, and the message must be exactly the one issued (same
 * domain, address, chain, times). The caller verifies the signature, then `claimChallenge`.
 */
export async function openChallenge(
  input: { userId: string; walletType: WalletType; address: string; message: string },
  ctx: Pick<AppContext, 'db' | 'clock'>,
): Promise<{ row: ChallengeRow; context: ChallengeContext }> {
  const nonce = NONCE_LINE.exec(input.message)?.[1];
  if (!nonce) throw refused('The signed message is not an OpenStake challenge');
  const [row] = await ctx.db
    .select()
    .from(walletChallenges)
    .where(eq(walletChallenges.nonceHash, nonceHash(nonce)));
  const expiredOrUsed = refused(
    'This challenge expired or was already used. Store the values again to get a new one.',
  );
  if (!row || row.userId !== input.userId) throw expiredOrUsed;
  if (row.consumedAt !== null || row.expiresAt <= ctx.clock.now()) throw expiredOrUsed;
  if (row.type !== input.walletType || row.address !== input.address) {
    throw refused('This challenge was issued for another wallet address');
  }
  const context = challengeContextSchema.parse(row.context);
  if (challengeMessage(row, context, nonce) !== input.message) {
    throw refused('The signed message is not the challenge OpenStake issued');
  }
  return { row, context };
}

/** Uses the challenge once: one conditional update, so two racing links cannot both use it. */
export async function claimChallenge(tx: Queryable, row: ChallengeRow, now: Date): Promise<void> {
  const claimed = await tx
    .update(walletChallenges)
    .set({ consumedAt: now })
    .where(
      and(
        eq(walletChallenges.nonceHash, row.nonceHash),
        isNull(walletChallenges.consumedAt),
        gt(walletChallenges.expiresAt, now),
      ),
    )
    .returning({ nonceHash: walletChallenges.nonceHash });
  if (claimed.length === 0) {
    throw refused(
      'This challenge expired or was already used. Store the values again to get a new one.',
    );
  }
}
