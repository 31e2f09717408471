import { and, eq, isNull, lt, lte } from 'drizzle-orm';
import type { Role, SessionUser } from '@openstake/core';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { sessions, users } from '../../db/schema';
import type { CachedSession } from './session-cache';
import { signSessionToken, verifySessionToken } from './session-token';
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

/**
 * A session is a row (so logout and revocation work) named by a signed token. The token carries
 * the role, as the original client decodes it, but the server always takes the user from the row
 * (read at most SESSION_CACHE_MS before, see session-cache.ts).
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
  await markActive(ctx.db, user.id, now);
  const token = signSessionToken(
    ctx.secrets.sessionSecret,
    { sub: user.id, sid: row.id, role: user.role },
    { issuedAt: now, expiresAt },
  );
  return { token, expiresAt };
}

/** The user used OpenStake at `at` (the directory's last activity); never moves it back. */
async function markActive(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ lastActiveAt: at })
    .where(and(eq(users.id, userId), lt(users.lastActiveAt, at)));
}

/** The session's row and user, if it is neither revoked nor expired. */
async function readSession(
  ctx: Pick<AppContext, 'db'>,
  claims: { sid: string; sub: string },
): Promise<CachedSession | undefined> {
  const [row] = await ctx.db
    .select({ user: users, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.sub), isNull(sessions.revokedAt)),
    );
  return row
    ? {
        user: toSessionUser(row.user),
        expiresAt: row.expiresAt.getTime(),
        lastSeenAt: row.lastSeenAt.getTime(),
        readAt: 0,
      }
    : undefined;
}

/**
 * The signed-in user for a token, or null when the token is bad, expired, revoked or its session
 * went unused for SESSION_IDLE_DAYS. Marks the session used, at most every few minutes.
 */
export async function resolveSession(
  ctx: Pick<AppContext, 'db' | 'secrets' | 'clock' | 'sessions'>,
  token: string,
): Promise<{ sessionId: string; user: SessionUser } | null> {
  const now = ctx.clock.now();
  const claims = verifySessionToken(ctx.secrets.sessionSecret, token, now);
  if (!claims) return null;
  const nowMs = now.getTime();
  let session = ctx.sessions.get(claims.sid, nowMs);
  if (!session || session.user.id !== claims.sub) {
    session = await readSession(ctx, claims);
    if (!session) return null;
    session.readAt = nowMs;
    ctx.sessions.set(claims.sid, session);
  }
  if (session.expiresAt <= nowMs || session.lastSeenAt <= nowMs - SESSION_IDLE_DAYS * DAY_MS) {
    ctx.sessions.forget(claims.sid);
    return null;
  }
  if (nowMs - session.lastSeenAt >= TOUCH_AFTER_MS) {
    // Conditional, so concurrent requests of one session write it once.
    session.lastSeenAt = nowMs;
    const touched = await ctx.db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(
        and(
          eq(sessions.id, claims.sid),
          lte(sessions.lastSeenAt, new Date(nowMs - TOUCH_AFTER_MS)),
        ),
      )
      .returning({ id: sessions.id });
    if (touched.length > 0) await markActive(ctx.db, session.user.id, now);
  }
  return { sessionId: claims.sid, user: session.user };
}

/** Revokes the session: at once on this server, within SESSION_CACHE_MS on every other. */
export async function revokeSession(
  ctx: Pick<AppContext, 'db' | 'clock' | 'sessions'>,
  sessionId: string,
): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.clock.now() })
    .where(eq(sessions.id, sessionId));
  ctx.sessions.forget(sessionId);
}
