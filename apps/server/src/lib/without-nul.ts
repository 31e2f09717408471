/**
 * PostgreSQL's text and jsonb cannot hold U+0000, which GitHub's texts (a comment, a pull request
 * or issue body) may legitimately carry: what comes from GitHub (its REST answers and webhook
 * payloads) is stored without it, in every string and key. Requests to OpenStake itself are
 * refused instead (http/plugins/refuse-nul.ts).
 */
export function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return value.replaceAll('\u0000', '') as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key.replaceAll('\u0000', ''), withoutNul(item)]),
    ) as T;
  }
  return value;
}
