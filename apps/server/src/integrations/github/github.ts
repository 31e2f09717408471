import { createHash } from 'node:crypto';
import { exchangeWebFlowCode, getWebFlowAuthorizationUrl } from '@octokit/oauth-methods';
import { request as octokitRequest } from '@octokit/request';
import { Octokit } from '@octokit/rest';
import type { RepositoryFacts } from '@openstake/core';
import { AppError } from '../../errors';
import { TtlCache } from '../../lib/ttl-cache';
import { withoutNul } from '../../lib/without-nul';
import {
  batchQuery,
  graphqlAnswerOf,
  graphqlIssueState,
  graphqlPullRequestFacts,
  ISSUE_STATE,
  PULL_REQUEST_FACTS,
  type Fragment,
  type GraphqlError,
} from './graphql-batch';

export interface GithubConfig {
  apiUrl: string;
  webUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface GithubUser {
  id: number;
  login: string;
  name: string | null;
  avatarUrl: string;
}

/** What OpenStake keeps about an issue's repository (tracked issues show it). */
export interface RepositoryDetails {
  description: string | null;
  language: string | null;
  stargazersCount: number;
  htmlUrl: string;
  /** Private repositories' issues are shown only to people whose own GitHub token sees them. */
  private: boolean;
}

const repositoryDetailsOf = (data: {
  description: string | null;
  language?: string | null;
  stargazers_count: number;
  html_url: string;
  private: boolean;
}): RepositoryDetails => ({
  description: data.description ?? null,
  language: data.language ?? null,
  stargazersCount: data.stargazers_count,
  htmlUrl: data.html_url,
  private: data.private,
});

/** What connecting a repository keeps of it, as GitHub reports it (id, name, main language). */
export interface RepositoryConnectionFacts {
  githubId: number;
  fullName: string;
  language: string | null;
}

export const connectionFactsOf = (data: {
  id: number;
  full_name: string;
  language?: string | null;
}): RepositoryConnectionFacts => ({
  githubId: data.id,
  fullName: data.full_name,
  language: data.language ?? null,
});

const SAFE_METHODS = new Set(['GET', 'HEAD']);
const RETRY_DELAYS_MS = [200, 800];

/** A read: a GET or HEAD, or a GraphQL query (a POST, but one that changes nothing). */
const isRead = (options: { method: string; url?: string; query?: unknown }): boolean =>
  SAFE_METHODS.has(options.method) ||
  (/\/graphql$/.test(options.url ?? '') &&
    typeof options.query === 'string' &&
    !/^\s*mutation\b/.test(options.query));

const numericStatus = (value: unknown): number | undefined =>
  typeof value === 'object' && value && 'status' in value && typeof value.status === 'number'
    ? value.status
    : undefined;

/**
 * The HTTP status GitHub answered. Errors leave this client already mapped to an AppError whose
 * cause is Octokit's error, so callers that test for a 404 (and turn it into null) read GitHub's
 * own status, not the AppError's (GitHub's 401 becomes GITHUB_AUTH_REQUIRED, answered as 403).
 */
function statusOf(error: unknown): number | undefined {
  if (error instanceof AppError) return numericStatus(error.cause) ?? error.status;
  return numericStatus(error);
}

type HeaderMap = Record<string, string | undefined>;

function headersOf(error: unknown): HeaderMap {
  const response = (error as { response?: { headers?: HeaderMap } }).response;
  return response?.headers ?? {};
}

function isRateLimited(error: unknown): boolean {
  const status = statusOf(error);
  const headers = headersOf(error);
  return (
    status === 429 ||
    (status === 403 && (headers['x-ratelimit-remaining'] === '0' || 'retry-after' in headers))
  );
}

function rateLimitMessage(error: unknown): string {
  const headers = headersOf(error);
  const reset = Number(headers['x-ratelimit-reset']);
  const retryAfter = Number(headers['retry-after']);
  const seconds = retryAfter > 0 ? retryAfter : reset > 0 ? reset - Date.now() / 1000 : 60;
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `GitHub rate limit reached. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** What a request was about, in words, from Octokit's route template and its parameters. */
function subjectOf(options: { url?: string; [key: string]: unknown }): string {
  const p = (name: string) => {
    const value = options[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  };
  const repo = `${p('owner')}/${p('repo')}`;
  if (p('pull_number')) return `pull request ${repo}#${p('pull_number')}`;
  if (p('issue_number')) return `issue ${repo}#${p('issue_number')}`;
  if (p('hook_id')) return `webhook ${p('hook_id')} of ${repo}`;
  if (p('owner') && p('repo')) return `repository ${repo}`;
  if (p('org')) return `organization ${p('org')}`;
  if (p('username')) return `user ${p('username')}`;
  return options.url ?? 'resource';
}

/**
 * One mapping from GitHub's answers to errors a user can act on, so no GitHub refusal reaches
 * the error handler as an unknown error (a 500): rate limits and outages, a token GitHub no
 * longer accepts, and the 4xx refusals with GitHub's own reason.
 */
function toAppError(
  error: unknown,
  options: { method: string; url?: string; [key: string]: unknown },
): unknown {
  const status = statusOf(error);
  if (isRateLimited(error))
    return new AppError('GITHUB_RATE_LIMITED', { message: rateLimitMessage(error), cause: error });
  if (status === undefined || status >= 500) {
    return new AppError('GITHUB_UNAVAILABLE', {
      message: 'GitHub is not responding right now. Please try again shortly.',
      cause: error,
    });
  }
  const refused = `GitHub refused this request: ${githubMessage(error)}`;
  switch (status) {
    case 401:
      return new AppError('GITHUB_AUTH_REQUIRED', {
        message: 'Invalid GitHub token. Please re-authenticate.',
        cause: error,
      });
    case 403:
    case 451:
      return new AppError('FORBIDDEN', { message: refused, cause: error });
    // GitHub answers 404 (not 403) for private things the token's user may not see.
    case 404:
    case 410:
      return new AppError('NOT_FOUND', {
        message: `Not found on GitHub: ${subjectOf(options)} does not exist, or your GitHub account cannot see it`,
        cause: error,
      });
    case 405:
    case 409:
      return new AppError('CONFLICT', { message: refused, cause: error });
    default:
      // 422 (validation failed) and any other 4xx: GitHub refused what the user asked for.
      return status >= 400
        ? new AppError('BAD_REQUEST', { message: refused, cause: error })
        : error;
  }
}

/**
 * Every request through this client: reads (GET, GraphQL queries) are retried on 5xx and network
 * errors (writes are not, as a retried write might be applied twice), then failures are mapped
 * once, above.
 */
function withErrorHandling(octokit: Octokit): Octokit {
  octokit.hook.wrap('request', async (request, options) => {
    const retries = isRead(options) ? RETRY_DELAYS_MS : [];
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await request(options);
        // GitHub's texts may hold U+0000, which the database cannot store: dropped here, once.
        return { ...response, data: withoutNul(response.data) };
      } catch (error) {
        const status = statusOf(error);
        const transient = status === undefined || status >= 500;
        if (transient && attempt < retries.length && !isRateLimited(error)) {
          await new Promise((r) => setTimeout(r, retries[attempt]));
          continue;
        }
        throw toAppError(error, options);
      }
    }
  });
  return octokit;
}

/** GraphQL errors in the words of the REST mapping (toAppError): one AppError for the caller. */
function graphqlAppError(errors: GraphqlError[], cause: unknown, headers: HeaderMap): AppError {
  const reason = errors.map((e) => e.message).join('; ') || 'unknown error';
  if (errors.some((e) => e.type === 'RATE_LIMITED')) {
    return new AppError('GITHUB_RATE_LIMITED', {
      message: rateLimitMessage({ response: { headers } }),
      cause,
    });
  }
  if (errors.every((e) => e.type === 'NOT_FOUND')) {
    return new AppError('NOT_FOUND', { message: `Not found on GitHub: ${reason}`, cause });
  }
  const code = errors.some((e) => e.type === 'FORBIDDEN') ? 'FORBIDDEN' : 'BAD_REQUEST';
  return new AppError(code, { message: `GitHub refused this request: ${reason}`, cause });
}

/** A pull request or an issue, by repository and number, as a batch asks about it. */
export interface ItemRef {
  owner: string;
  repo: string;
  number: number;
}

/**
 * One item of a batched answer, in the order asked: what GitHub said (null when it does not exist
 * or the token's user cannot see it, as a REST 404), or why GitHub would not say.
 */
export type BatchAnswer<T> = { found: T | null } | { error: AppError };

/**
 * How many pull requests or issues one GraphQL request asks about: 50 aliased lookups are far
 * below GitHub's limits (500,000 nodes; a query costs 1 point per 100 nodes, so one point).
 */
export const GITHUB_BATCH_SIZE = 50;

/** What the bounty-issue poll reads of an issue: whether it is still open. */
export interface IssueState {
  number: number;
  state: 'open' | 'closed';
}

/** A read GitHub may answer `304 Not Modified` to: the ETag it sent and what it gave then. */
interface ConditionalRead<T> {
  etag: string;
  value: T;
}

// How long, and how many, answers are kept for conditional reads (per server process).
const CONDITIONAL_READ_MS = 60 * 60_000;
const CONDITIONAL_READ_ENTRIES = 2000;

/** A conditional read's key: a hash of the token (never the token itself) and the URL. */
const conditionalKey = (token: string, url: string): string =>
  `${createHash('sha256').update(token).digest('base64url')} ${url}`;

type IssueData = Awaited<ReturnType<Octokit['rest']['issues']['get']>>['data'];

/** GitHub as OpenStake uses it: the real Octokit clients, pointed at GitHub or the simulator. */
export class Github {
  // The single pull request and issue reads, asked again with If-None-Match: GitHub's 304 costs
  // no rate limit, and the answer kept here is still the right one.
  private readonly pullRequestReads = new TtlCache<ConditionalRead<PullRequestFacts>>(
    CONDITIONAL_READ_MS,
    CONDITIONAL_READ_ENTRIES,
  );
  private readonly issueReads = new TtlCache<ConditionalRead<IssueData>>(
    CONDITIONAL_READ_MS,
    CONDITIONAL_READ_ENTRIES,
  );

  constructor(readonly config: GithubConfig) {}

  /**
   * A GET sent with the ETag of the answer kept from the last time this token read this URL; on
   * GitHub's 304 Not Modified (which Octokit throws) that answer is returned again.
   */
  private async conditionalRead<T>(
    cache: TtlCache<ConditionalRead<T>>,
    token: string,
    url: string,
    read: (headers: { 'if-none-match'?: string }) => Promise<{ value: T; etag?: string }>,
  ): Promise<T> {
    const key = conditionalKey(token, url);
    const kept = cache.get(key, Date.now());
    try {
      const { value, etag } = await read(kept ? { 'if-none-match': kept.etag } : {});
      if (etag) cache.set(key, { etag, value }, Date.now());
      return value;
    } catch (error) {
      if (!kept || statusOf(error) !== 304) throw error;
      cache.set(key, kept, Date.now());
      return kept.value;
    }
  }

  client(token?: string): Octokit {
    return withErrorHandling(
      new Octokit({
        auth: token,
        baseUrl: this.config.apiUrl,
        userAgent: 'OpenStake',
        log: { debug() {}, info() {}, warn() {}, error() {} },
      }),
    );
  }

  /** A user's profile page on GitHub's web host. */
  profileUrl(login: string): string {
    return `${this.config.webUrl.replace(/\/+$/, '')}/${encodeURIComponent(login)}`;
  }

  // OAuth lives on the web host (github.com, or a GitHub Enterprise host without /api/v3).
  private oauthRequest() {
    return octokitRequest.defaults({ baseUrl: this.config.webUrl });
  }

  authorizeUrl(input: { state: string; redirectUrl: string; scopes: string[] }): string {
    return getWebFlowAuthorizationUrl({
      clientType: 'oauth-app',
      clientId: this.config.clientId,
      redirectUrl: input.redirectUrl,
      state: input.state,
      scopes: input.scopes,
      allowSignup: true,
      request: this.oauthRequest(),
    }).url;
  }

  /** Exchanges the code from the OAuth callback for the user's access token. */
  async exchangeCode(input: {
    code: string;
    redirectUrl: string;
  }): Promise<{ token: string; scope: string }> {
    try {
      const { authentication } = await exchangeWebFlowCode({
        clientType: 'oauth-app',
        clientId: this.config.clientId,
        clientSecret: this.config.clientSecret,
        code: input.code,
        redirectUrl: input.redirectUrl,
        request: this.oauthRequest(),
      });
      return { token: authentication.token, scope: authentication.scopes.join(',') };
    } catch (error) {
      const status = statusOf(error);
      if (status === undefined || status >= 500) {
        throw new AppError('GITHUB_UNAVAILABLE', {
          message: 'GitHub is not responding right now. Please try again shortly.',
          cause: error,
        });
      }
      throw new AppError('BAD_REQUEST', {
        message: 'The GitHub sign-in link expired or was already used. Please try again.',
        cause: error,
      });
    }
  }

  async authenticatedUser(token: string): Promise<GithubUser> {
    const { data } = await this.client(token).rest.users.getAuthenticated();
    return { id: data.id, login: data.login, name: data.name ?? null, avatarUrl: data.avatar_url };
  }

  /** The user's primary verified email, or null when GitHub has none to give. */
  async primaryEmail(token: string): Promise<string | null> {
    const { data } = await this.client(token).rest.users.listEmailsForAuthenticatedUser({
      per_page: 100,
    });
    return data.find((e) => e.primary && e.verified)?.email ?? null;
  }

  /**
   * Counts the user's merged pull requests that someone else accepted, stopping at `limit` (the
   * starting-XP cap makes counting further pointless): to a repository the user does not own, and
   * merged by another account. A pull request its author merged, in an organization of their own
   * for instance, proves nothing and could be made by the dozen. The search gives the candidates;
   * who merged them comes from one GraphQL request per GITHUB_BATCH_SIZE.
   */
  async countMergedPullRequestsToOthers(
    token: string,
    login: string,
    limit: number,
  ): Promise<number> {
    const octokit = this.client(token);
    const isUser = (other: string | null | undefined) =>
      other?.toLowerCase() === login.toLowerCase();
    let count = 0;
    for await (const page of octokit.paginate.iterator(octokit.rest.search.issuesAndPullRequests, {
      q: `is:pr is:merged author:${login}`,
      per_page: 100,
    })) {
      const refs = page.data.flatMap((item): ItemRef[] => {
        const [owner, repo] = item.repository_url.split('/').slice(-2);
        return owner && repo && !isUser(owner) ? [{ owner, repo, number: item.number }] : [];
      });
      for (let at = 0; at < refs.length; at += GITHUB_BATCH_SIZE) {
        const answers = await this.pullRequests(token, refs.slice(at, at + GITHUB_BATCH_SIZE));
        for (const answer of answers) {
          const pull = 'found' in answer ? answer.found : null;
          if (pull?.merged && pull.mergedByLogin && !isUser(pull.mergedByLogin)) count++;
          if (count >= limit) return count;
        }
      }
    }
    return count;
  }

  /**
   * The repository as the token's user sees it, with whether they may push (GitHub reports the
   * caller's own permissions on the repository; admin and maintain include push). Null when the
   * user cannot see it.
   */
  async repository(
    token: string,
    owner: string,
    repo: string,
  ): Promise<{
    id: number;
    fullName: string;
    canPush: boolean;
    details: RepositoryDetails;
    /** What its outside standing is read from (decision 012). */
    facts: RepositoryFacts;
  } | null> {
    const data = await this.repositoryData(token, owner, repo);
    if (!data) return null;
    return {
      id: data.id,
      fullName: data.full_name,
      canPush: Boolean(data.permissions?.push),
      details: repositoryDetailsOf(data),
      facts: {
        stargazersCount: data.stargazers_count,
        forksCount: data.forks_count,
        createdAt: data.created_at ?? new Date(0),
      },
    };
  }

  /** GitHub's answer for a repository, null when the user cannot see it. */
  private async repositoryData(token: string, owner: string, repo: string) {
    try {
      const { data } = await this.client(token).rest.repos.get({ owner, repo });
      return data;
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async userProfile(token: string, login: string) {
    const { data } = await this.client(token).rest.users.getByUsername({ username: login });
    return {
      avatar_url: data.avatar_url,
      name: data.name ?? null,
      bio: data.bio ?? null,
      public_repos: data.public_repos,
      followers: data.followers,
      following: data.following,
      location: data.location ?? null,
    };
  }

  /** The user's public repositories, most recently updated first. */
  async publicRepositories(token: string, login: string, limit: number) {
    const { data } = await this.client(token).rest.repos.listForUser({
      username: login,
      sort: 'updated',
      per_page: limit,
      type: 'owner',
    });
    return data
      .filter((r) => !r.private)
      .map((r) => ({
        id: r.id,
        name: r.name,
        fullName: r.full_name,
        owner: r.owner.login,
        description: r.description ?? null,
        language: r.language ?? null,
        stargazersCount: r.stargazers_count ?? 0,
        forksCount: r.forks_count ?? 0,
        updatedAt: r.updated_at ?? new Date(0).toISOString(),
        htmlUrl: r.html_url,
      }));
  }

  /** Bytes of code per language in a repository. */
  async languages(token: string, owner: string, repo: string): Promise<Record<string, number>> {
    const { data } = await this.client(token).rest.repos.listLanguages({ owner, repo });
    return data;
  }

  /** Open issues (not pull requests) matching a search, e.g. `label:"good first issue" language:Go`. */
  async searchOpenIssues(token: string, query: string, limit: number) {
    const { data } = await this.client(token).rest.search.issuesAndPullRequests({
      q: `is:issue is:open ${query}`,
      per_page: limit,
      sort: 'updated',
    });
    return data.items.filter((i) => !i.pull_request);
  }

  /** An issue (or a pull request's issue side), null when absent; a conditional read. */
  async issue(
    token: string,
    owner: string,
    repo: string,
    issueNumber: number,
  ): Promise<IssueData | null> {
    const url = `/repos/${owner}/${repo}/issues/${issueNumber}`;
    try {
      return await this.conditionalRead(this.issueReads, token, url, async (headers) => {
        const answer = await this.client(token).rest.issues.get({
          owner,
          repo,
          issue_number: issueNumber,
          headers,
        });
        return { value: answer.data, etag: answer.headers.etag };
      });
    } catch (error) {
      if (statusOf(error) === 404 || statusOf(error) === 410) return null;
      throw error;
    }
  }

  /** The facts of a pull request the stake rules need, null when absent; a conditional read. */
  async pullRequest(
    token: string,
    owner: string,
    repo: string,
    pullNumber: number,
  ): Promise<PullRequestFacts | null> {
    const url = `/repos/${owner}/${repo}/pulls/${pullNumber}`;
    try {
      return await this.conditionalRead(this.pullRequestReads, token, url, async (headers) => {
        const answer = await this.client(token).rest.pulls.get({
          owner,
          repo,
          pull_number: pullNumber,
          headers,
        });
        return { value: pullRequestFacts(answer.data), etag: answer.headers.etag };
      });
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  /** A pull request as GitHub gives it (with additions, mergeable_state...), null when absent. */
  async pullRequestData(token: string, owner: string, repo: string, pullNumber: number) {
    try {
      const { data } = await this.client(token).rest.pulls.get({
        owner,
        repo,
        pull_number: pullNumber,
      });
      return data;
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  /**
   * Many pull requests (at most GITHUB_BATCH_SIZE) in one GraphQL request, with the facts
   * `pullRequest` gives, in the order asked. One that does not exist is `{ found: null }`, as the
   * REST 404; one GitHub refuses alone (e.g. an organization's SAML) is `{ error }` and leaves the
   * others answered. A refusal of the whole request throws, mapped like any other.
   */
  async pullRequests(
    token: string,
    refs: readonly ItemRef[],
  ): Promise<BatchAnswer<PullRequestFacts>[]> {
    return this.batch(token, refs, 'pullRequest', PULL_REQUEST_FACTS, graphqlPullRequestFacts);
  }

  /** Many issues' states in one GraphQL request: as `pullRequests`, for issues. */
  async issueStates(token: string, refs: readonly ItemRef[]): Promise<BatchAnswer<IssueState>[]> {
    return this.batch(token, refs, 'issue', ISSUE_STATE, graphqlIssueState);
  }

  private async batch<Node, T>(
    token: string,
    refs: readonly ItemRef[],
    field: 'pullRequest' | 'issue',
    fragment: Fragment,
    parse: (node: Node) => T,
  ): Promise<BatchAnswer<T>[]> {
    if (refs.length === 0) return [];
    if (refs.length > GITHUB_BATCH_SIZE) {
      throw new Error(`at most ${GITHUB_BATCH_SIZE} items a batch, not ${refs.length}`);
    }
    const variables: Record<string, string | number> = {};
    refs.forEach((ref, i) => {
      variables[`owner${i}`] = ref.owner;
      variables[`name${i}`] = ref.repo;
      variables[`number${i}`] = ref.number;
    });
    type Data = Record<string, Record<string, Node | null> | null> | null | undefined;
    let data: Data;
    // Errors GitHub gave beside the data, about some of the items.
    let partial: { errors: GraphqlError[]; cause: unknown; headers: HeaderMap } | null = null;
    try {
      const query = batchQuery(field, fragment, refs.length);
      data = await this.client(token).graphql<Data>(query, variables);
    } catch (error) {
      const answer = graphqlAnswerOf(error);
      if (!answer) throw error;
      // An error with no path is about the query as a whole: nothing was looked up.
      if (!answer.data || answer.errors.some((e) => !e.path?.length)) {
        throw graphqlAppError(answer.errors, error, answer.headers);
      }
      data = answer.data as Data;
      partial = { errors: answer.errors, cause: error, headers: answer.headers };
    }
    return refs.map((_, i) => {
      const alias = `item${i}`;
      const refused = (partial?.errors ?? []).filter(
        (e) => e.path?.[0] === alias && e.type !== 'NOT_FOUND',
      );
      if (partial && refused.length > 0) {
        return { error: graphqlAppError(refused, partial.cause, partial.headers) };
      }
      const node = data?.[alias]?.[field] ?? null;
      return { found: node === null ? null : parse(node) };
    });
  }

  /** The repositories the token's user owns, collaborates on or reaches through an organization. */
  async repositoriesOfAuthenticatedUser(token: string, limit: number) {
    const { data } = await this.client(token).rest.repos.listForAuthenticatedUser({
      affiliation: 'owner,collaborator,organization_member',
      sort: 'updated',
      per_page: limit,
    });
    return data;
  }

  async openPullRequests(
    token: string,
    owner: string,
    repo: string,
    page: number,
    perPage: number,
  ) {
    const { data } = await this.client(token).rest.pulls.list({
      owner,
      repo,
      state: 'open',
      per_page: perPage,
      page,
    });
    return data;
  }

  /** Open issues of a repository, pull requests left out (GitHub lists both as issues). */
  /**
   * A page of a repository's open issues, pull requests left out, and whether GitHub has a page
   * after it. GitHub counts pull requests in its issue pages, so a page of issues can come back
   * short, even empty, with more to come: only the length of GitHub's own page tells.
   */
  async openIssues(token: string, owner: string, repo: string, page: number, perPage: number) {
    const { data } = await this.client(token).rest.issues.listForRepo({
      owner,
      repo,
      state: 'open',
      per_page: perPage,
      page,
    });
    return { issues: data.filter((issue) => !issue.pull_request), more: data.length === perPage };
  }

  /**
   * Merges a pull request and returns the merge commit's sha. GitHub's refusals (not mergeable,
   * head modified) become a CONFLICT with GitHub's reason, as nothing was merged.
   */
  async mergePullRequest(
    token: string,
    input: { owner: string; repo: string; pullNumber: number; headSha: string },
  ): Promise<string> {
    try {
      const { data } = await this.client(token).rest.pulls.merge({
        owner: input.owner,
        repo: input.repo,
        pull_number: input.pullNumber,
        sha: input.headSha,
      });
      return data.sha;
    } catch (error) {
      const status = statusOf(error);
      if (status === 405 || status === 409 || status === 422) {
        throw new AppError('CONFLICT', {
          message: `GitHub did not merge the pull request: ${githubMessage(error)}`,
          cause: error,
        });
      }
      throw error;
    }
  }

  async closePullRequest(token: string, owner: string, repo: string, pullNumber: number) {
    await this.client(token).rest.pulls.update({
      owner,
      repo,
      pull_number: pullNumber,
      state: 'closed',
    });
  }

  async createIssue(
    token: string,
    input: {
      owner: string;
      repo: string;
      title: string;
      body: string;
      labels: string[];
      assignees: string[];
      milestone: number | null;
    },
  ) {
    const { data } = await this.client(token).rest.issues.create({
      owner: input.owner,
      repo: input.repo,
      title: input.title,
      body: input.body,
      labels: input.labels,
      assignees: input.assignees,
      ...(input.milestone === null ? {} : { milestone: input.milestone }),
    });
    return data;
  }

  /** Closes an issue as not planned (used to undo an issue whose bounty could not be set up). */
  async closeIssueAsNotPlanned(token: string, owner: string, repo: string, issueNumber: number) {
    await this.client(token).rest.issues.update({
      owner,
      repo,
      issue_number: issueNumber,
      state: 'closed',
      state_reason: 'not_planned',
    });
  }

  /** The logins of everyone who submitted a review (a pending draft review is not one). */
  async reviewers(
    token: string,
    owner: string,
    repo: string,
    pullNumber: number,
  ): Promise<string[]> {
    const { data } = await this.client(token).rest.pulls.listReviews({
      owner,
      repo,
      pull_number: pullNumber,
      per_page: 100,
    });
    return data.flatMap((r) => (r.state !== 'PENDING' && r.user ? [r.user.login] : []));
  }

  /**
   * Whether `username` may push to the repository (admin, maintain or write). GitHub answers this
   * only to a caller who has push access, so `token` must be one (a maintainer's).
   */
  async canPush(token: string, owner: string, repo: string, username: string): Promise<boolean> {
    return userCanPush(this.client(token), { owner, repo, username });
  }

  async createWebhook(
    token: string,
    input: { owner: string; repo: string; url: string; secret: string },
  ): Promise<number> {
    const { data } = await this.client(token).rest.repos.createWebhook({
      owner: input.owner,
      repo: input.repo,
      name: 'web',
      active: true,
      events: ['pull_request', 'pull_request_review', 'issues', 'issue_comment'],
      config: { url: input.url, content_type: 'json', secret: input.secret, insecure_ssl: '0' },
    });
    return data.id;
  }

  /** Deletes a webhook; one already gone counts as deleted. */
  async deleteWebhook(
    token: string,
    input: { owner: string; repo: string; hookId: number },
  ): Promise<void> {
    try {
      await this.client(token).rest.repos.deleteWebhook({
        owner: input.owner,
        repo: input.repo,
        hook_id: input.hookId,
      });
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
    }
  }

  /** A user or organization by login, with GitHub's spelling of it; null when there is none. */
  async account(
    token: string,
    login: string,
  ): Promise<{ login: string; type: 'User' | 'Organization' } | null> {
    try {
      const { data } = await this.client(token).rest.users.getByUsername({ username: login });
      return { login: data.login, type: data.type === 'Organization' ? 'Organization' : 'User' };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  /**
   * `username`'s membership of `org`: whether it is active (not an invitation still pending)
   * and its role (`admin` is an organization owner); null when they are not a member. GitHub
   * answers members, and anyone asking about themselves.
   */
  async organizationMembership(
    token: string,
    org: string,
    username: string,
  ): Promise<{ active: boolean; role: 'admin' | 'member' | 'billing_manager' } | null> {
    try {
      const { data } = await this.client(token).rest.orgs.getMembershipForUser({ org, username });
      return { active: data.state === 'active', role: data.role };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  /** What a repository's context is made of; null when the user cannot see the repository. */
  async repositoryFacts(token: string, owner: string, repo: string) {
    const data = await this.repositoryData(token, owner, repo);
    if (!data) return null;
    return {
      fullName: data.full_name,
      htmlUrl: data.html_url,
      description: data.description ?? null,
      language: data.language ?? null,
      topics: data.topics ?? [],
      stargazersCount: data.stargazers_count,
      private: data.private,
    };
  }

  /** The repository's README as text, or null when it has none. */
  async readme(token: string, owner: string, repo: string): Promise<string | null> {
    try {
      const { data } = await this.client(token).rest.repos.getReadme({ owner, repo });
      return Buffer.from(data.content, data.encoding === 'base64' ? 'base64' : 'utf8').toString(
        'utf8',
      );
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async issueComments(token: string, owner: string, repo: string, issueNumber: number) {
    const { data } = await this.client(token).rest.issues.listComments({
      owner,
      repo,
      issue_number: issueNumber,
      per_page: 100,
    });
    return data.map((c) => ({
      body: c.body ?? '',
      authorLogin: c.user?.login ?? '',
      htmlUrl: c.html_url,
    }));
  }

  async createIssueComment(
    token: string,
    input: { owner: string; repo: string; issueNumber: number; body: string },
  ): Promise<IssueComment> {
    return commentOnIssue(this.client(token), input);
  }
}

/** A comment written on an issue or pull request. */
export interface IssueComment {
  id: number;
  body: string;
  htmlUrl: string;
}

/**
 * Whether `username` may push to the repository (admin, maintain or write; GitHub reports
 * maintain as write), asked with any client that may read its collaborators: a user's token
 * (`Github`) or an installation's (`GithubApp`). Not a collaborator: false.
 */
export async function userCanPush(
  octokit: Octokit,
  input: { owner: string; repo: string; username: string },
): Promise<boolean> {
  try {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel(input);
    return data.permission === 'admin' || data.permission === 'write';
  } catch (error) {
    if (statusOf(error) === 404) return false;
    throw error;
  }
}

/** Writes a comment on an issue or pull request as whoever the client acts for. */
export async function commentOnIssue(
  octokit: Octokit,
  input: { owner: string; repo: string; issueNumber: number; body: string },
): Promise<IssueComment> {
  const { data } = await octokit.rest.issues.createComment({
    owner: input.owner,
    repo: input.repo,
    issue_number: input.issueNumber,
    body: input.body,
  });
  return { id: data.id, body: data.body ?? '', htmlUrl: data.html_url };
}

export const githubStatus = statusOf;

/** What the stake rules read from a pull request: its state, author, merger and description. */
export interface PullRequestFacts {
  number: number;
  state: string;
  merged: boolean;
  authorLogin: string;
  /** Who merged it, and when; null while it is not merged. */
  mergedByLogin: string | null;
  mergedAt: Date | null;
  body: string | null;
  /**
   * The repository it was made to, as GitHub counts its stars and forks and dates its creation:
   * a merge's reward depends on the repository's outside standing (decision 012). Null when
   * GitHub's answer did not carry it.
   */
  repository: RepositoryFacts | null;
}

/** How many requests a background job (the polls) has in flight to GitHub at once. */
export const JOB_GITHUB_CONCURRENCY = 8;

export const pullRequestFacts = (data: {
  number: number;
  state: string;
  merged?: boolean | null;
  user: { login: string };
  merged_by?: { login: string } | null;
  merged_at?: string | null;
  body?: string | null;
  base?: {
    repo?: { stargazers_count?: number; forks_count?: number; created_at?: string | null } | null;
  };
}): PullRequestFacts => {
  const repo = data.base?.repo;
  return {
    number: data.number,
    state: data.state,
    merged: Boolean(data.merged),
    authorLogin: data.user.login,
    mergedByLogin: data.merged_by?.login ?? null,
    mergedAt: data.merged_at ? new Date(data.merged_at) : null,
    body: data.body ?? null,
    repository:
      typeof repo?.stargazers_count === 'number' && repo.created_at
        ? {
            stargazersCount: repo.stargazers_count,
            forksCount: repo.forks_count ?? 0,
            createdAt: repo.created_at,
          }
        : null,
  };
};

/**
 * GitHub's own message from a failed request (or the AppError it became), for the user, with the
 * details of a 422 (`Validation Failed` alone says nothing): each error's message, else its field
 * and code with the value GitHub refused ('assignees invalid: nobody').
 */
export function githubMessage(error: unknown): string {
  const failed = error instanceof AppError ? error.cause : error;
  const data = (
    failed as { response?: { data?: { message?: unknown; errors?: unknown } } } | undefined
  )?.response?.data;
  if (typeof data?.message !== 'string') return 'unknown error';
  const details = (Array.isArray(data.errors) ? (data.errors as unknown[]) : [])
    .map((item) => {
      if (typeof item === 'string') return item;
      const { message, field, code, value } = (item ?? {}) as Record<string, unknown>;
      if (typeof message === 'string') return message;
      const what = [field, code].filter((part) => typeof part === 'string').join(' ');
      const refused = Array.isArray(value) ? value.join(', ') : value;
      return typeof refused === 'string' || typeof refused === 'number'
        ? `${what}: ${String(refused)}`
        : what;
    })
    .filter(Boolean);
  return details.length ? `${data.message} (${details.join('; ')})` : data.message;
}
