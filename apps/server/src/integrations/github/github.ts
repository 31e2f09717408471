import { exchangeWebFlowCode, getWebFlowAuthorizationUrl } from '@octokit/oauth-methods';
import { request as octokitRequest } from '@octokit/request';
import { Octokit } from '@octokit/rest';
import { AppError } from '../../errors';

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
}

const repositoryDetailsOf = (data: {
  description: string | null;
  language?: string | null;
  stargazers_count: number;
  html_url: string;
}): RepositoryDetails => ({
  description: data.description ?? null,
  language: data.language ?? null,
  stargazersCount: data.stargazers_count,
  htmlUrl: data.html_url,
});

const SAFE_METHODS = new Set(['GET', 'HEAD']);
const RETRY_DELAYS_MS = [200, 800];

function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error && 'status' in error && typeof error.status === 'number'
    ? error.status
    : undefined;
}

function headersOf(error: unknown): Record<string, string | undefined> {
  const response = (error as { response?: { headers?: Record<string, string | undefined> } })
    .response;
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

/**
 * Turns GitHub's failures into errors a user can act on: a rate limit or an outage is never a
 * crash. Reads (GET) are retried on 5xx and network errors; writes are not, as a retried write
 * might be applied twice. 4xx answers other than rate limits are left to the caller.
 */
function withErrorHandling(octokit: Octokit): Octokit {
  octokit.hook.wrap('request', async (request, options) => {
    const retries = SAFE_METHODS.has(options.method) ? RETRY_DELAYS_MS : [];
    for (let attempt = 0; ; attempt++) {
      try {
        return await request(options);
      } catch (error) {
        const status = statusOf(error);
        const transient = status === undefined || status >= 500;
        if (transient && attempt < retries.length && !isRateLimited(error)) {
          await new Promise((r) => setTimeout(r, retries[attempt]));
          continue;
        }
        if (isRateLimited(error))
          throw new AppError('GITHUB_RATE_LIMITED', {
            message: rateLimitMessage(error),
            cause: error,
          });
        if (status === 401) {
          throw new AppError('GITHUB_AUTH_REQUIRED', {
            message: 'Invalid GitHub token. Please re-authenticate.',
            cause: error,
          });
        }
        if (transient) {
          throw new AppError('GITHUB_UNAVAILABLE', {
            message: 'GitHub is not responding right now. Please try again shortly.',
            cause: error,
          });
        }
        throw error;
      }
    }
  });
  return octokit;
}

/** GitHub as OpenStake uses it: the real Octokit clients, pointed at GitHub or the simulator. */
export class Github {
  constructor(readonly config: GithubConfig) {}

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
   * Counts the user's merged pull requests to repositories they do not own, stopping at `limit`
   * (the starting-XP cap makes counting further pointless).
   */
  async countMergedPullRequestsToOthers(
    token: string,
    login: string,
    limit: number,
  ): Promise<number> {
    const octokit = this.client(token);
    let count = 0;
    for await (const page of octokit.paginate.iterator(octokit.rest.search.issuesAndPullRequests, {
      q: `is:pr is:merged author:${login}`,
      per_page: 100,
    })) {
      for (const item of page.data) {
        const owner = item.repository_url.split('/').at(-2) ?? '';
        if (owner.toLowerCase() !== login.toLowerCase()) count++;
        if (count >= limit) return count;
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
  } | null> {
    const data = await this.repositoryData(token, owner, repo);
    if (!data) return null;
    return {
      id: data.id,
      fullName: data.full_name,
      canPush: Boolean(data.permissions?.push),
      details: repositoryDetailsOf(data),
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

  async issue(token: string, owner: string, repo: string, issueNumber: number) {
    try {
      const { data } = await this.client(token).rest.issues.get({
        owner,
        repo,
        issue_number: issueNumber,
      });
      return data;
    } catch (error) {
      if (statusOf(error) === 404 || statusOf(error) === 410) return null;
      throw error;
    }
  }

  async repositoryDetails(token: string, owner: string, repo: string): Promise<RepositoryDetails> {
    const { data } = await this.client(token).rest.repos.get({ owner, repo });
    return repositoryDetailsOf(data);
  }

  /** The facts of a pull request the stake rules need, null when absent. */
  async pullRequest(token: string, owner: string, repo: string, pullNumber: number) {
    const data = await this.pullRequestData(token, owner, repo, pullNumber);
    if (!data) return null;
    return {
      number: data.number,
      state: data.state,
      merged: Boolean(data.merged),
      authorLogin: data.user.login,
    };
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
  async openIssues(token: string, owner: string, repo: string, page: number, perPage: number) {
    const { data } = await this.client(token).rest.issues.listForRepo({
      owner,
      repo,
      state: 'open',
      per_page: perPage,
      page,
    });
    return data.filter((issue) => !issue.pull_request);
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

  async reviewCount(
    token: string,
    owner: string,
    repo: string,
    pullNumber: number,
  ): Promise<number> {
    const { data } = await this.client(token).rest.pulls.listReviews({
      owner,
      repo,
      pull_number: pullNumber,
      per_page: 100,
    });
    return data.length;
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
   * Whether `username` is a member (public or private) of `org`. Asked with the user's own token:
   * GitHub answers 204 to members; a non-member is redirected to the public-membership check,
   * which answers 404.
   */
  async isOrganizationMember(token: string, org: string, username: string): Promise<boolean> {
    try {
      const response = await this.client(token).rest.orgs.checkMembershipForUser({
        org,
        username,
      });
      return (response.status as number) === 204;
    } catch (error) {
      if (statusOf(error) === 404 || statusOf(error) === 302) return false;
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
  ): Promise<{ htmlUrl: string }> {
    const { data } = await this.client(token).rest.issues.createComment({
      owner: input.owner,
      repo: input.repo,
      issue_number: input.issueNumber,
      body: input.body,
    });
    return { htmlUrl: data.html_url };
  }
}

export const githubStatus = statusOf;

/** GitHub's own message from a failed request, for errors shown to the user. */
export function githubMessage(error: unknown): string {
  const data = (error as { response?: { data?: { message?: unknown } } }).response?.data;
  return typeof data?.message === 'string' ? data.message : 'unknown error';
}
