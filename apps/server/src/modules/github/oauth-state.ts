import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { roleSchema } from '@openstake/core';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';

const STATE_MINUTES = 10;
const AUDIENCE = 'github-oauth';

export const oauthIntentSchema = z.discriminatedUnion('purpose', [
  z.object({ purpose: z.literal('link'), userId: z.string(), returnTo: z.string() }),
  z.object({ purpose: z.literal('signin') }),
  z.object({ purpose: z.literal('signup'), role: roleSchema }),
]);
export type OAuthIntent = z.infer<typeof oauthIntentSchema>;

/**
 * The OAuth `state`: a signed, short-lived intent, bound to the browser that started the flow by a
 * random nonce kept in an httpOnly cookie. A forged, expired or other browser's state is refused.
 */
export async function createOAuthState(
  intent: OAuthIntent,
  ctx: Pick<AppContext, 'secrets' | 'clock'>,
): Promise<{ state: string; nonce: string }> {
  const nonce = randomBytes(16).toString('base64url');
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  const state = await new SignJWT({ intent, nonce })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + STATE_MINUTES * 60)
    .sign(ctx.secrets.sessionSecret);
  return { state, nonce };
}

export async function readOAuthState(
  state: string,
  nonce: string | undefined,
  ctx: Pick<AppContext, 'secrets' | 'clock'>,
): Promise<OAuthIntent> {
  const invalid = () =>
    new AppError('BAD_REQUEST', {
      message: 'The GitHub sign-in link expired or was already used. Please try again.',
    });
  let payload;
  try {
    ({ payload } = await jwtVerify(state, ctx.secrets.sessionSecret, {
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: ctx.clock.now(),
    }));
  } catch {
    throw invalid();
  }
  if (!nonce || payload.nonce !== nonce) throw invalid();
  const intent = oauthIntentSchema.safeParse(payload.intent);
  if (!intent.success) throw invalid();
  return intent.data;
}
