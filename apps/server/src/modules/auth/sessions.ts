import { and, eq, gt, isNull } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Role, SessionUser } from '@openstake/core';
import type { AppContext } from '../../context';
import { sessions, users } from '../../db/schema';
import { toSessionUser } from './user-view';

export const SESSION_DAYS = 30;
const ISSUER = 'openstake';

/**
 * A session is a row (so logout and revocation work) named by a signed token. The token carries
 * the role, as the spec's client decodes it, but the server always re-reads the user from the row.
 */
export async function createSession(
  ctx: Pick<AppContext, 'db' | 'secrets' | 'clock'>,
  user: { id: string; role: Role },
): Promise<{ token: string; expiresAt: Date }> {
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  const [row] = await ctx.db
    .insert(sessions)
    .values({ userId: user.id, expiresAt })
    .returning({ id: sessions.id });
  if (!row) throw new Error('insert into sessions returned no row');
  const token = await new SignJWT({ role: user.role, sid: row.id })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(ctx.secrets.sessionSecret);
  return { token, expiresAt };
}

async function readToken(
  ctx: Pick<AppContext, 'secrets' | 'clock'>,
  token: string,
): Promise<{ sid: string; sub: string } | null> {
  try {
    const { payload } = await jwtVerify(token, ctx.secrets.sessionSecret, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: ctx.clock.now(),
    });
    return typeof payload.sid === 'string' && typeof payload.sub === 'string'
      ? { sid: payload.sid, sub: payload.sub }
      : null;
  } catch {
    return null;
  }
}

/** The signed-in user for a token, or null when the token is bad, expired or revoked. */
export async function resolveSession(
  ctx: Pick<AppContext, 'db' | 'secrets' | 'clock'>,
  token: string,
): Promise<{ sessionId: string; user: SessionUser } | null> {
  const claims = await readToken(ctx, token);
  if (!claims) return null;
  const [row] = await ctx.db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, claims.sid),
        eq(sessions.userId, claims.sub),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, ctx.clock.now()),
      ),
    );
  return row ? { sessionId: claims.sid, user: toSessionUser(row.user) } : null;
}

export async function revokeSession(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  sessionId: string,
): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.clock.now() })
    .where(eq(sessions.id, sessionId));
}
