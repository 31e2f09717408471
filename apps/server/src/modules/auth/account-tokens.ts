import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { accountTokens, users } from '../../db/schema';
import { RESET_PASSWORD_LINK_MINUTES } from '../mail/templates/reset-password';
import { VERIFY_EMAIL_LINK_HOURS } from '../mail/templates/verify-email';

export type AccountTokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

/** How long a mailed link works: what its mail says. */
export const ACCOUNT_TOKEN_TTL_MS: Record<AccountTokenPurpose, number> = {
  verify_email: VERIFY_EMAIL_LINK_HOURS * 60 * 60_000,
  reset_password: RESET_PASSWORD_LINK_MINUTES * 60_000,
};

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new single-use link's token for the account's current address: 32 random bytes, returned
 * once to be mailed; only its hash is stored.
 */
export async function issueAccountToken(
  db: Queryable,
  input: { userId: string; email: string; purpose: AccountTokenPurpose; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(accountTokens).values({
    tokenSha256: sha256(token),
    userId: input.userId,
    purpose: input.purpose,
    email: input.email,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + ACCOUNT_TOKEN_TTL_MS[input.purpose]),
  });
  return token;
}

/** How many links of the purpose the account was sent since `since`. */
export async function accountTokensSentSince(
  db: Queryable,
  input: { userId: string; purpose: AccountTokenPurpose; since: Date },
): Promise<number> {
  const [row] = await db
    .select({ sent: count() })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, input.userId),
        eq(accountTokens.purpose, input.purpose),
        gt(accountTokens.createdAt, input.since),
      ),
    );
  return row?.sent ?? 0;
}

/**
 * Uses the token once: true for the first use of a token of this purpose that has not expired and
 * was sent to the account's current address; null for anything else (unknown, used, expired, or
 * the account's address changed since). One conditional update, so two uses at once cannot both
 * succeed.
 */
export async function useAccountToken(
  db: Queryable,
  input: { token: string; purpose: AccountTokenPurpose; now: Date },
): Promise<{ userId: string; email: string } | null> {
  const [used] = await db
    .update(accountTokens)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(accountTokens.tokenSha256, sha256(input.token)),
        eq(accountTokens.purpose, input.purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, input.now),
      ),
    )
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  if (!used) return null;
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, used.userId));
  return user?.email === used.email ? used : null;
}

/** Every other unused link of the purpose stops working (a password was just reset). */
export async function retireAccountTokens(
  db: Queryable,
  input: { userId: string; purpose: AccountTokenPurpose; now: Date },
): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(accountTokens.userId, input.userId),
        eq(accountTokens.purpose, input.purpose),
        isNull(accountTokens.usedAt),
      ),
    );
}
