import type { FastifyReply, FastifyRequest } from 'fastify';
import { asRecord } from '../as-record';
import { notFound, SimError, validationFailed } from '../sim-error';
import type { SimApp, TokenInfo } from '../sim-state';
import type { WorldIssue } from '../world/types';

declare module 'fastify' {
  interface FastifyRequest {
    /** The token's holder, when the request carried a valid token. */
    viewer: TokenInfo | null;
    /** The GitHub App a request's JWT authenticates (`GET /app`, installations). */
    integration: SimApp | null;
  }
}

export type Query = Record<string, string | string[] | undefined>;

/** The path parameters of every `/repos/{owner}/{repo}/...` route. */
export type RepoParams = { owner: string; repo: string };

/** A query parameter's first value. */
export function query(req: FastifyRequest, name: string): string | undefined {
  const value = (req.query as Query)[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The signed-in user, or GitHub's 401 for endpoints that need one. */
export function requireViewer(req: FastifyRequest): TokenInfo {
  if (!req.viewer) throw new SimError(401, 'Requires authentication');
  return req.viewer;
}

/** The app of the request's JWT, or GitHub's 401 (the `/app` endpoints take nothing else). */
export function requireIntegration(req: FastifyRequest): SimApp {
  if (!req.integration) {
    throw new SimError(401, 'A JSON web token could not be decoded', {
      documentationUrl: 'https://docs.github.com/rest',
    });
  }
  return req.integration;
}

/** The installation token of the request, or GitHub's 403 for anything else. */
export function requireInstallationToken(
  req: FastifyRequest,
  message: string,
): TokenInfo & {
  installation: NonNullable<TokenInfo['installation']>;
} {
  const viewer = requireViewer(req);
  if (!viewer.installation) {
    throw new SimError(403, message);
  }
  return viewer as TokenInfo & { installation: NonNullable<TokenInfo['installation']> };
}

export const viewerLogin = (req: FastifyRequest): string | null => req.viewer?.login ?? null;

/** A numeric path parameter; anything else is a 404, as GitHub's router answers. */
export function numberParam(value: string): number {
  if (!/^\d+$/.test(value)) throw notFound();
  return Number(value);
}

/** An issue or pull request from its route's path parameters: `number` must be numeric (404). */
export function itemRef(
  params: RepoParams,
  number: string,
): { owner: string; repo: string; number: number } {
  return { owner: params.owner, repo: params.repo, number: numberParam(number) };
}

/** An enumerated query parameter, or GitHub's 422 naming it. */
export function enumQuery<T extends string>(
  req: FastifyRequest,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = query(req, name);
  if (value === undefined || value === '') return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw validationFailed({ resource: 'Request', code: 'invalid', field: name });
  }
  return value as T;
}

export const bodyRecord = (req: { body: unknown }): Record<string, unknown> => asRecord(req.body);

/**
 * GitHub's page-based pagination: `per_page` (default 30, at most 100), `page` (from 1), and a
 * `Link` header with absolute `first`, `prev`, `next` and `last` URLs when there is more than
 * one page.
 */
export function paginate<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  origin: string,
  items: readonly T[],
  options: { maxResults?: number } = {},
): T[] {
  const perPageRaw = Number(query(req, 'per_page'));
  const perPage = Number.isInteger(perPageRaw) && perPageRaw > 0 ? Math.min(perPageRaw, 100) : 30;
  const pageRaw = Number(query(req, 'page'));
  const page = Number.isInteger(pageRaw) && pageRaw > 0 ? pageRaw : 1;
  const reachable = options.maxResults ? items.slice(0, options.maxResults) : items;
  const last = Math.max(1, Math.ceil(reachable.length / perPage));
  const links: string[] = [];
  const link = (target: number, rel: string) => {
    const url = new URL(req.url, origin);
    url.searchParams.set('page', String(target));
    links.push(`<${url.toString()}>; rel="${rel}"`);
  };
  if (page > 1) link(Math.min(page - 1, last), 'prev');
  if (page < last) link(page + 1, 'next');
  if (page < last) link(last, 'last');
  if (page > 1) link(1, 'first');
  if (links.length > 0) reply.header('link', links.join(', '));
  return reachable.slice((page - 1) * perPage, page * perPage);
}

/** `direction`, `asc` or `desc`; the default depends on the endpoint's sort (`asc` for names). */
export function direction(req: FastifyRequest, ascendingByDefault: boolean): 'asc' | 'desc' {
  return enumQuery(req, 'direction', ['asc', 'desc'] as const, ascendingByDefault ? 'asc' : 'desc');
}

/** The issue and pull request lists' `state` filter: `open` (the default), `closed` or `all`. */
export function stateFilter(req: FastifyRequest): (item: { state: string }) => boolean {
  const wanted = enumQuery(req, 'state', ['open', 'closed', 'all'] as const, 'open');
  return (item) => wanted === 'all' || item.state === wanted;
}

/** Orders issues or pull requests (in place) by comment count or a date, ties by number. */
export function sortIssues<T extends WorldIssue>(
  items: T[],
  by: 'created' | 'updated' | 'comments',
  dir: 'asc' | 'desc',
): T[] {
  const key = (issue: T) =>
    by === 'comments'
      ? issue.comments.length
      : Date.parse(by === 'updated' ? issue.updatedAt : issue.createdAt);
  const sign = dir === 'asc' ? 1 : -1;
  return items.sort((a, b) => (key(a) - key(b) || a.number - b.number) * sign);
}
