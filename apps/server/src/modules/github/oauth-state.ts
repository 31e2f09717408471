import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { returnToSchema, roleSchema } from '@openstake/core';
import type { AppContext } from '../../context';
import { oauthStates } from '../../db/schema';
import { clearSomeExpired } from '../../db/clear-expired';
import { AppError } from '../../errors';

const STATE_MINUTES = 10;

export const oauthIntentSchema = z.discriminatedUnion('purpose', [
  // returnTo is checked again when read back: only a page of the app is ever redirected to.
  z.object({ purpose: z.literal('link'), userId: z.string(), returnTo: returnToSchema }),
  z.object({ purpose: z.literal('signin') }),
  z.object({ purpose: z.literal('signup'), role: roleSchema }),
]);
export type OAuthIntent = z.infer<typeof oauthIntentSchema>;

type Ctx = Pick<AppContext, 'db' | 'clock'>;

const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url');
const random = (): string => randomBytes(32).toString('base64url');

/**
 * Starts an OAuth round trip. The `state` sent through GitHub is random and says nothing; the
 * intent stays on the server, stored by the state's hash together with the hash of a second
 * random value, the nonce, which only the starting browser holds (an httpOnly cookie). Neither
 * value can be read back from the database or from a URL.
 */
export async function createOAuthState(
  intent: OAuthIntent,
  ctx: Ctx,
): Promise<{ state: string; nonce: string }> {
  const now = ctx.clock.now();
  const state = random();
  const nonce = random();
  await ctx.db.insert(oauthStates).values({
    stateHash: sha256(state),
    nonceHash: sha256(nonce),
    intent,
    expiresAt: new Date(now.getTime() + STATE_MINUTES * 60_000),
  });
  await clearSomeExpired(ctx.db, {
    table: oauthStates,
    key: oauthStates.stateHash,
    expiresAt: oauthStates.expiresAt,
    now,
  });
  return { state, nonce };
}

/**
 * Ends a round trip: one conditional update claims the state, so it works once, before it
 * expires, and only with the nonce of the browser that started it. A state tried with another
 * browser's nonce stays usable for its own browser.
 */
export async function consumeOAuthState(
  state: string | undefined,
  nonce: string | undefined,
  ctx: Ctx,
): Promise<OAuthIntent> {
  const invalid = () =>
    new AppError('BAD_REQUEST', {
      message: 'The GitHub sign-in link expired or was already used. Please try again.',
    });
  if (!state || !nonce) throw invalid();
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(oauthStates)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oauthStates.stateHash, sha256(state)),
        eq(oauthStates.nonceHash, sha256(nonce)),
        isNull(oauthStates.consumedAt),
        gt(oauthStates.expiresAt, now),
      ),
    )
    .returning({ intent: oauthStates.intent });
  const intent = oauthIntentSchema.safeParse(row?.intent);
  if (!intent.success) throw invalid();
  return intent.data;
}
