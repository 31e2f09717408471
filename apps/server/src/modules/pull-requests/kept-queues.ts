import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { OpenPullRequestQueue } from '../../integrations/github/port';
import { latestDeliveryAt } from '../github-events/github-event-store';

/**
 * The maintainer's queue as last read from GitHub (ten requests for 1,000 pull requests, half a
 * second or more), kept so that the next load asks GitHub nothing while nothing changed. A kept
 * read serves the same user and repository again until any of:
 * - a webhook delivery about the repository is recorded after it was read (a pull request opened,
 *   pushed to, labelled, commented on or closed: every server sees the delivery in the database);
 * - OpenStake itself merges or closes one of the repository's pull requests (this process);
 * - QUEUE_KEPT_MS passes: checks finishing send no event to a repository's own hook, and a
 *   repository may have no hook at all;
 * - the maintainer asks for a fresh read (the screen's Refresh, which says when it last read).
 * Only what GitHub answers is kept: the stakes, the standings and the bounty issues are read from
 * the database on every load. Kept per user, as each reads GitHub with their own token, and per
 * database, in this process; the least recently used reads go first beyond KEPT_QUEUES.
 */
export const QUEUE_KEPT_MS = 60_000;
const KEPT_QUEUES = 100;

interface KeptQueue {
  queue: OpenPullRequestQueue;
  readAt: Date;
  /** The repository's latest delivery when the read began. */
  deliveredUpTo: string | null;
}

const keptByDatabase = new WeakMap<Db, Map<string, KeptQueue>>();

function keptIn(db: Db): Map<string, KeptQueue> {
  let kept = keptByDatabase.get(db);
  if (!kept) {
    kept = new Map();
    keptByDatabase.set(db, kept);
  }
  return kept;
}

const keyOf = (userId: string, repositoryFullName: string) =>
  `${repositoryFullName.toLowerCase()} ${userId}`;

/** The user's kept read of the repository's queue while it holds, else a new one from `read`. */
export async function keptQueue(
  input: { userId: string; repositoryFullName: string; refresh: boolean },
  ctx: Pick<AppContext, 'db' | 'clock'>,
  read: () => Promise<OpenPullRequestQueue>,
): Promise<{ queue: OpenPullRequestQueue; readAt: Date }> {
  const kept = keptIn(ctx.db);
  const key = keyOf(input.userId, input.repositoryFullName);
  const deliveredUpTo = await latestDeliveryAt(ctx, input.repositoryFullName);
  const found = kept.get(key);
  if (
    found &&
    !input.refresh &&
    found.deliveredUpTo === deliveredUpTo &&
    ctx.clock.now().getTime() - found.readAt.getTime() < QUEUE_KEPT_MS
  ) {
    // Map keeps insertion order: moved to the end, it is the most recently used.
    kept.delete(key);
    kept.set(key, found);
    return found;
  }
  const readAt = ctx.clock.now();
  const queue = await read();
  kept.delete(key);
  kept.set(key, { queue, readAt, deliveredUpTo });
  for (const oldest of kept.keys()) {
    if (kept.size <= KEPT_QUEUES) break;
    kept.delete(oldest);
  }
  return { queue, readAt };
}

/** OpenStake changed one of the repository's pull requests: every user's kept read is stale. */
export function forgetKeptQueues(db: Db, repositoryFullName: string): void {
  const kept = keptByDatabase.get(db);
  if (!kept) return;
  const prefix = `${repositoryFullName.toLowerCase()} `;
  for (const key of [...kept.keys()]) if (key.startsWith(prefix)) kept.delete(key);
}
