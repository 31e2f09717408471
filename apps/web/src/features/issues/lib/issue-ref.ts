import { issueRefParamsSchema, type IssueRef } from '@openstake/core';

/** The issue page of an issue named by repository and number: /contributor/issue/{owner}/{repo}/{number}. */
export function issueRefPath(ref: IssueRef): string {
  return `/contributor/issue/${[ref.owner, ref.repo, String(ref.number)].map(encodeURIComponent).join('/')}`;
}

/** The route's owner, repo and number, or null when they cannot name an issue (then: not found). */
export function parseIssueRef(params: {
  owner?: string | undefined;
  repo?: string | undefined;
  number?: string | undefined;
}): IssueRef | null {
  if (params.number === undefined || !/^\d+$/.test(params.number)) return null;
  const parsed = issueRefParamsSchema.safeParse(params);
  return parsed.success ? parsed.data : null;
}

const SHORTHAND = /^([^/\s#]+)\/([^/\s#]+)#(\d+)$/;

/**
 * What a contributor pasted: a GitHub issue address on GitHub's web host (github.com, or the
 * simulator's in demo mode), e.g. https://github.com/acme/widgets/issues/17 (a query, hash or
 * trailing slash allowed), or the short form acme/widgets#17. Null for anything else, such as a
 * pull request's address or another site.
 */
export function parseGithubIssueInput(text: string, githubWebUrl: string): IssueRef | null {
  const value = text.trim();
  const short = SHORTHAND.exec(value);
  if (short) return parseIssueRef({ owner: short[1], repo: short[2], number: short[3] });
  let url: URL;
  let web: URL;
  try {
    url = new URL(value);
    web = new URL(githubWebUrl);
  } catch {
    return null;
  }
  if (url.origin !== web.origin) return null;
  const base = web.pathname.replace(/\/+$/, '');
  if (!url.pathname.startsWith(`${base}/`)) return null;
  const parts = url.pathname
    .slice(base.length + 1)
    .replace(/\/+$/, '')
    .split('/');
  if (parts.length !== 4 || parts[2] !== 'issues') return null;
  return parseIssueRef({ owner: parts[0], repo: parts[1], number: parts[3] });
}
