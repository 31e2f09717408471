import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Role, SessionUser } from '@openstake/core';
import type { AppContext } from '../../context';
import { sessions, users } from '../../db/schema';
import { toSessionUser } from './user-view';

/** The absolute limit: a session ends 30 days after sign-in, however much it is used. */
export const SESSION_DAYS = 30;
/** A session unused for 7 days ends (ASVS 7.3.1): a forgotten device does not stay signed in. */
export const SESSION_IDLE_DAYS = 7;
/**
 * How stale `last_seen_at` may get before a request writes it again: one write per session every
 * few minutes instead of one per request. An idle session so ends between 7 days and 7 days
 * plus these minutes after its last use.
 */
const TOUCH_AFTER_MS = 5 * 60_000;
const DAY_MS = 86_400_000;
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
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY_MS);
  const [row] = await ctx.db
    .insert(sessions)
    .values({ userId: user.id, expiresAt, lastSeenAt: now })
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

/**
 * The signed-in user for a token, or null when the token is bad, expired, revoked or its session
 * went unused for SESSION_IDLE_DAYS. Marks the session used, at most every few minutes.
 */
export async function resolveSession(
  ctx: Pick<AppContext, 'db' | 'secrets' | 'clock'>,
  token: string,
): Promise<{ sessionId: string; user: SessionUser } | null> {
  const claims = await readToken(ctx, token);
  if (!claims) return null;
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, claims.sid),
        eq(sessions.userId, claims.sub),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_DAYS * DAY_MS)),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_AFTER_MS) {
    // Conditional, so concurrent requests of one session write it once.
    const stale = new Date(now.getTime() - TOUCH_AFTER_MS);
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, claims.sid), lte(sessions.lastSeenAt, stale)));
  }
  return { sessionId: claims.sid, user: toSessionUser(row.user) };
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
