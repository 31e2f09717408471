import type { RestEndpointMethodTypes } from '@octokit/rest';
import type { PullRequestChecks, RepositoryFacts, StakeCommitStatus } from '@openstake/core';
import type { GithubAppSettings } from '../../env';
import type { AppError } from '../../errors';

/**
 * GitHub as the services use it: the types they depend on, one interface per resource. The
 * adapters over Octokit implement them (oauth.ts, users.ts, repositories.ts, issues.ts,
 * pull-requests.ts, comments.ts, composed in github.ts; the app's bot in github-app.ts). Where a
 * service reads GitHub's own answer, its type is GitHub's REST schema as Octokit types it.
 */

type Data<T extends { response: { data: unknown } }> = T['response']['data'];
type Rest = RestEndpointMethodTypes;

/** An issue (or a pull request's issue side) as GitHub's REST API gives it. */
export type GithubIssueData = Data<Rest['issues']['get']>;
/** A pull request as GitHub's REST API gives it (with additions, mergeable_state...). */
export type GithubPullRequestData = Data<Rest['pulls']['get']>;

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
  /** When GitHub created the account: a stake's price counts an account under 90 days as new. */
  createdAt: Date;
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

/** What connecting a repository keeps of it, as GitHub reports it (id, name, main language). */
export interface RepositoryConnectionFacts {
  githubId: number;
  fullName: string;
  language: string | null;
}

/** What the stake rules read from a pull request: its state, author, merger and description. */
export interface PullRequestFacts {
  number: number;
  state: string;
  merged: boolean;
  authorLogin: string;
  /** The author's GitHub id, which a rename does not change; null when the answer lacked it. */
  authorId: number | null;
  /** Who merged it, and when; null while it is not merged. */
  mergedByLogin: string | null;
  /**
   * GitHub's numeric ids, which a rename does not change: of the account that merged it, of the
   * repository it was made to and of that repository's owner. A merge's XP is counted against
   * them (decision 012). Null when GitHub's answer did not carry them.
   */
  mergedById: number | null;
  repositoryId: number | null;
  repositoryOwnerId: number | null;
  mergedAt: Date | null;
  body: string | null;
  /**
   * The repository it was made to, as GitHub counts its stars and forks and dates its creation:
   * a merge's reward depends on the repository's outside standing (decision 012). Null when
   * GitHub's answer did not carry it.
   */
  repository: RepositoryFacts | null;
}

/** An open pull request as the maintainer's queue reads it, with its head commit's checks. */
export interface QueuedPullRequest {
  number: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  draft: boolean;
  html_url: string;
  user: { login: string; avatar_url: string };
  labels: { name: string; color: string }[];
  comments: number;
  created_at: string;
  updated_at: string;
  /** GitHub's rollup of the head commit's check runs and statuses; null when it has none. */
  checks: PullRequestChecks | null;
}

/** A repository's open pull requests as the queue reads them, and the recently closed ones. */
export interface OpenPullRequestQueue {
  pulls: QueuedPullRequest[];
  recentlyClosed: QueuedPullRequest[];
  /** GitHub has more open pull requests than were read. */
  truncated: boolean;
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

/** How many requests a background job (the polls) has in flight to GitHub at once. */
export const JOB_GITHUB_CONCURRENCY = 8;

/** What the bounty-issue poll reads of an issue: whether it is still open. */
export interface IssueState {
  number: number;
  state: 'open' | 'closed';
}

/** A comment written on an issue or pull request. */
export interface IssueComment {
  id: number;
  body: string;
  htmlUrl: string;
}

/** Signing in with GitHub (the OAuth app) and the account it proves. */
export interface GithubOAuth {
  authorizeUrl(input: { state: string; redirectUrl: string; scopes: string[] }): string;
  /** Exchanges the code from the OAuth callback for the user's access token. */
  exchangeCode(input: { code: string; redirectUrl: string }): Promise<{
    token: string;
    scope: string;
  }>;
  authenticatedUser(token: string): Promise<GithubUser>;
  /** The user's primary verified email, or null when GitHub has none to give. */
  primaryEmail(token: string): Promise<string | null>;
}

/** Users and organizations. */
export interface GithubUsers {
  /** A user's profile page on GitHub's web host. */
  profileUrl(login: string): string;
  /**
   * A user or organization by login (`GET /users/{username}`), with GitHub's numeric id and
   * spelling of it; null when there is none.
   */
  account(
    token: string,
    login: string,
  ): Promise<{ id: number; login: string; type: 'User' | 'Organization' } | null>;
  /**
   * `username`'s membership of `org`: whether it is active (not an invitation still pending) and
   * its role (`admin` is an organization owner); null when they are not a member.
   */
  organizationMembership(
    token: string,
    org: string,
    username: string,
  ): Promise<{ active: boolean; role: 'admin' | 'member' | 'billing_manager' } | null>;
  userProfile(
    token: string,
    login: string,
  ): Promise<{
    avatar_url: string;
    name: string | null;
    bio: string | null;
    public_repos: number;
    followers: number;
    following: number;
    location: string | null;
  }>;
  /** The user's public repositories, most recently updated first. */
  publicRepositories(
    token: string,
    login: string,
    limit: number,
  ): Promise<
    {
      id: number;
      name: string;
      fullName: string;
      owner: string;
      description: string | null;
      language: string | null;
      stargazersCount: number;
      forksCount: number;
      updatedAt: string;
      htmlUrl: string;
    }[]
  >;
  /**
   * Counts the user's merged pull requests that someone else accepted (to a repository the user
   * does not own, merged by another account), stopping at `limit`.
   */
  countMergedPullRequestsToOthers(token: string, login: string, limit: number): Promise<number>;
}

/** Repositories: what they are, who may push, and their webhooks. */
export interface GithubRepositories {
  /**
   * The repository as the token's user sees it, with whether they may push; null when the user
   * cannot see it.
   */
  repository(
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
  } | null>;
  /** What a repository's context is made of; null when the user cannot see the repository. */
  repositoryFacts(
    token: string,
    owner: string,
    repo: string,
  ): Promise<{
    fullName: string;
    htmlUrl: string;
    description: string | null;
    language: string | null;
    topics: string[];
    stargazersCount: number;
    private: boolean;
  } | null>;
  /** The repository's README as text, or null when it has none. */
  readme(token: string, owner: string, repo: string): Promise<string | null>;
  /**
   * A file's text and blob sha on the default branch (`GET /repos/{owner}/{repo}/contents/{path}`);
   * null when there is no such file.
   */
  fileContents(
    token: string,
    input: { owner: string; repo: string; path: string },
  ): Promise<{ text: string; sha: string } | null>;
  /**
   * Commits a file's new text on the default branch (`PUT /repos/{owner}/{repo}/contents/{path}`),
   * replacing the blob `sha` (GitHub refuses with 409 when the file changed since).
   */
  writeFileContents(
    token: string,
    input: {
      owner: string;
      repo: string;
      path: string;
      text: string;
      sha: string;
      message: string;
    },
  ): Promise<void>;
  /** Bytes of code per language in a repository. */
  languages(token: string, owner: string, repo: string): Promise<Record<string, number>>;
  /** The repositories the token's user owns, collaborates on or reaches through an organization. */
  repositoriesOfAuthenticatedUser(
    token: string,
    limit: number,
  ): Promise<Data<Rest['repos']['listForAuthenticatedUser']>>;
  /** Whether `username` may push to the repository; `token` must be one with push access. */
  canPush(token: string, owner: string, repo: string, username: string): Promise<boolean>;
  createWebhook(
    token: string,
    input: { owner: string; repo: string; url: string; secret: string },
  ): Promise<number>;
  /** Deletes a webhook; one already gone counts as deleted. */
  deleteWebhook(
    token: string,
    input: { owner: string; repo: string; hookId: number },
  ): Promise<void>;
}

/** Issues: single and batched reads, search, creation, labels and comments. */
export interface GithubIssues {
  /** An issue (or a pull request's issue side), null when absent; a conditional read. */
  issue(
    token: string,
    owner: string,
    repo: string,
    issueNumber: number,
  ): Promise<GithubIssueData | null>;
  /**
   * A page of a repository's open issues, pull requests left out, and whether GitHub has a page
   * after it (GitHub counts pull requests in its pages, so one can come back short, even empty).
   */
  openIssues(
    token: string,
    owner: string,
    repo: string,
    page: number,
    perPage: number,
  ): Promise<{ issues: Data<Rest['issues']['listForRepo']>; more: boolean }>;
  /** Open issues (not pull requests) matching a search, e.g. `label:"good first issue"`. */
  searchOpenIssues(
    token: string,
    query: string,
    limit: number,
  ): Promise<Data<Rest['search']['issuesAndPullRequests']>['items']>;
  /** Many issues' states in one GraphQL request (at most GITHUB_BATCH_SIZE), in the order asked. */
  issueStates(token: string, refs: readonly ItemRef[]): Promise<BatchAnswer<IssueState>[]>;
  createIssue(
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
  ): Promise<Data<Rest['issues']['create']>>;
  /** Closes an issue as not planned (used to undo an issue whose bounty could not be set up). */
  closeIssueAsNotPlanned(
    token: string,
    owner: string,
    repo: string,
    issueNumber: number,
  ): Promise<void>;
  addLabels(
    token: string,
    input: { owner: string; repo: string; issueNumber: number; labels: string[] },
  ): Promise<void>;
}

/** Comments on issues and pull requests. */
export interface GithubComments {
  issueComments(
    token: string,
    owner: string,
    repo: string,
    issueNumber: number,
  ): Promise<{ body: string; authorLogin: string; htmlUrl: string }[]>;
  createIssueComment(
    token: string,
    input: { owner: string; repo: string; issueNumber: number; body: string },
  ): Promise<IssueComment>;
}

/** Pull requests: reads (single, conditional, batched), reviews, merge and close. */
export interface GithubPullRequests {
  /** The facts of a pull request the stake rules need, null when absent; a conditional read. */
  pullRequest(
    token: string,
    owner: string,
    repo: string,
    pullNumber: number,
  ): Promise<PullRequestFacts | null>;
  /** A pull request as GitHub gives it, null when absent. */
  pullRequestData(
    token: string,
    owner: string,
    repo: string,
    pullNumber: number,
  ): Promise<GithubPullRequestData | null>;
  /**
   * Many pull requests (at most GITHUB_BATCH_SIZE) in one GraphQL request, in the order asked:
   * one that does not exist is `{ found: null }`, one GitHub refuses alone is `{ error }`.
   */
  pullRequests(token: string, refs: readonly ItemRef[]): Promise<BatchAnswer<PullRequestFacts>[]>;
  /**
   * Up to `limit` of the repository's open pull requests, oldest first, with their head commit's
   * checks, in one GraphQL request per 100; `truncated` when GitHub has more. With them, the few
   * pull requests most recently closed without a merge (a maintainer may mark them as spam).
   */
  openPullRequestQueue(
    token: string,
    owner: string,
    repo: string,
    limit: number,
  ): Promise<OpenPullRequestQueue>;
  /** The logins of everyone who submitted a review (a pending draft review is not one). */
  reviewers(token: string, owner: string, repo: string, pullNumber: number): Promise<string[]>;
  /**
   * Merges a pull request and returns the merge commit's sha; GitHub's refusals (not mergeable,
   * head modified) are a CONFLICT with GitHub's reason.
   */
  mergePullRequest(
    token: string,
    input: { owner: string; repo: string; pullNumber: number; headSha: string },
  ): Promise<string>;
  closePullRequest(token: string, owner: string, repo: string, pullNumber: number): Promise<void>;
}

/** GitHub as a user's token (or none) reaches it: every resource, and where GitHub is. */
export interface Github
  extends
    GithubOAuth,
    GithubUsers,
    GithubRepositories,
    GithubIssues,
    GithubComments,
    GithubPullRequests {
  readonly config: GithubConfig;
}

/** OpenStake's GitHub App (app mode): its installations' tokens, and what its bot does. */
export interface GithubApp {
  readonly settings: GithubAppSettings;
  /** The bot's login, `<slug>[bot]`. */
  readonly botLogin: string;
  /** Where a maintainer installs the app on their repositories. */
  readonly installUrl: string;
  /** An installation token, minted when there is none still good for five minutes. */
  installationToken(installationId: number): Promise<string>;
  /** Forgets an installation's token (the installation was deleted). */
  forgetInstallation(installationId: number): void;
  /** Whether `username` may push to the repository, asked with the installation's token. */
  canPush(
    installationId: number,
    input: { owner: string; repo: string; username: string },
  ): Promise<boolean>;
  /** The repository as the installation sees it; null when it cannot see it. */
  repository(
    installationId: number,
    input: { owner: string; repo: string },
  ): Promise<RepositoryConnectionFacts | null>;
  /** A pull request as the installation sees it (GitHub's answer; a 404 is thrown). */
  pullRequestData(
    installationId: number,
    input: { owner: string; repo: string; pullNumber: number },
  ): Promise<GithubPullRequestData>;
  createIssueComment(
    installationId: number,
    input: { owner: string; repo: string; issueNumber: number; body: string },
  ): Promise<IssueComment>;
  updateIssueComment(
    installationId: number,
    input: { owner: string; repo: string; commentId: number; body: string },
  ): Promise<IssueComment>;
  /** The bot's own earlier comment holding `marker` (a hidden line); null when there is none. */
  findBotComment(
    installationId: number,
    input: { owner: string; repo: string; issueNumber: number; marker: string },
  ): Promise<IssueComment | null>;
  /**
   * Adds labels to an issue or pull request; GitHub creates a label the repository does not have
   * yet (with its default colour).
   */
  addLabels(
    installationId: number,
    input: { owner: string; repo: string; issueNumber: number; labels: string[] },
  ): Promise<void>;
  /** Takes a label off an issue or pull request; one it does not carry is no error. */
  removeLabel(
    installationId: number,
    input: { owner: string; repo: string; issueNumber: number; name: string },
  ): Promise<void>;
  /** Closes a pull request (GitHub then sends `pull_request` closed). */
  closePullRequest(
    installationId: number,
    input: { owner: string; repo: string; pullNumber: number },
  ): Promise<void>;
  /** Writes the `openstake/stake` commit status (`stakeStatus` from core) on a commit. */
  setStakeStatus(
    installationId: number,
    input: { owner: string; repo: string; sha: string; status: StakeCommitStatus },
  ): Promise<void>;
}
