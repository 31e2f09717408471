import type { SessionUser } from '@openstake/core';

/**
 * How long a server trusts what it read of a session row without reading it again. A session
 * revoked on one server (logout) is refused there at once and on every other server within this
 * time; nothing else a request relies on changes in a session's row, and of the user only the
 * linked GitHub username can change (its server forgets the user's sessions when it does).
 */
export const SESSION_CACHE_MS = 5_000;
/** At most this many sessions are remembered; the oldest reading is dropped first. */
const MAX_ENTRIES = 10_000;

export interface CachedSession {
  user: SessionUser;
  expiresAt: number;
  lastSeenAt: number;
  /** When the row was read (the app's clock, in ms). */
  readAt: number;
}

/** Session rows read recently, by session id: one per server process (AppContext.sessions). */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();

  /** The reading of the session if it is younger than SESSION_CACHE_MS at `now`. */
  get(sessionId: string, now: number): CachedSession | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (now - entry.readAt >= SESSION_CACHE_MS || now < entry.readAt) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  set(sessionId: string, entry: CachedSession): void {
    this.entries.delete(sessionId);
    this.entries.set(sessionId, entry);
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  forget(sessionId: string): void {
    this.entries.delete(sessionId);
  }

  /** Forgets every session of the user, after a change to what SessionUser shows. */
  forgetUser(userId: string): void {
    for (const [sessionId, entry] of this.entries) {
      if (entry.user.id === userId) this.entries.delete(sessionId);
    }
  }
}
