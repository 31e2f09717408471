import { TtlCache } from '../../lib/ttl-cache';
import { tokenKey } from './client';
import { githubStatus } from './errors';

// How long, and how many, answers are kept for conditional reads (per server process).
const CONDITIONAL_READ_MS = 60 * 60_000;
const CONDITIONAL_READ_ENTRIES = 2000;

/**
 * Reads GitHub may answer `304 Not Modified` to, which costs no rate limit: the answer is kept
 * per token hash (never the token itself) and URL with its ETag, sent back as If-None-Match,
 * and returned again on the 304 (which Octokit throws).
 */
export class ConditionalReads<T> {
  private readonly kept = new TtlCache<{ etag: string; value: T }>(
    CONDITIONAL_READ_MS,
    CONDITIONAL_READ_ENTRIES,
  );

  async read(
    token: string,
    url: string,
    read: (headers: { 'if-none-match'?: string }) => Promise<{ value: T; etag?: string }>,
  ): Promise<T> {
    const key = `${tokenKey(token)} ${url}`;
    const kept = this.kept.get(key, Date.now());
    try {
      const { value, etag } = await read(kept ? { 'if-none-match': kept.etag } : {});
      if (etag) this.kept.set(key, { etag, value }, Date.now());
      return value;
    } catch (error) {
      if (!kept || githubStatus(error) !== 304) throw error;
      this.kept.set(key, kept, Date.now());
      return kept.value;
    }
  }
}
