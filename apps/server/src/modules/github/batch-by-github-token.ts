import type { AppContext } from '../../context';
import { GITHUB_BATCH_SIZE } from '../../integrations/github/port';
import { githubAccessesOf, githubAuthRequired } from './github-account';

/** Rows GitHub is asked about in one request, with the token that asks. */
export interface TokenBatch<T> {
  token: string;
  rows: T[];
}

/**
 * Rows to ask GitHub about, grouped by the user whose token asks (GitHub answers about a private
 * repository only to someone who may see it) and cut into batches of at most GITHUB_BATCH_SIZE,
 * one GraphQL request each. The users' tokens are read in one query. The rows of a user without a usable
 * token come back apart, with the reason, so the caller can say why they were not asked about.
 */
export async function batchByGithubToken<T>(
  input: { rows: readonly T[]; userIdOf: (row: T) => string },
  ctx: Pick<AppContext, 'db' | 'secrets'>,
): Promise<{ batches: TokenBatch<T>[]; unasked: { rows: T[]; error: unknown }[] }> {
  const byUser = new Map<string, T[]>();
  for (const row of input.rows) {
    const userId = input.userIdOf(row);
    const rows = byUser.get(userId);
    if (rows) rows.push(row);
    else byUser.set(userId, [row]);
  }
  const batches: TokenBatch<T>[] = [];
  const unasked: { rows: T[]; error: unknown }[] = [];
  const accesses = await githubAccessesOf([...byUser.keys()], ctx);
  for (const [userId, rows] of byUser) {
    const token = accesses.get(userId)?.token;
    if (token === undefined) {
      unasked.push({ rows, error: githubAuthRequired() });
      continue;
    }
    for (let start = 0; start < rows.length; start += GITHUB_BATCH_SIZE) {
      batches.push({ token, rows: rows.slice(start, start + GITHUB_BATCH_SIZE) });
    }
  }
  return { batches, unasked };
}
