import type {
  CreateAppInput,
  InstallAppInput,
  InstallationRepositoriesInput,
} from './actions/apps';
import { expireInstallationTokens } from './actions/apps';
import {
  appInfo,
  controlAddInstallationRepositories,
  controlCommentOnIssue,
  controlDeleteComment,
  controlEditComment,
  controlPushToPullRequest,
  controlCommitFile,
  type CommentInput,
  type CommentRef,
  type PushInput,
  controlCreateApp,
  controlInstallApp,
  controlUpdateApp,
  controlInstallationToken,
  controlRemoveInstallationRepositories,
  controlUninstallApp,
  type SimAppInfo,
  controlClosePullRequest,
  controlMergePullRequest,
  controlOpenPullRequest,
  controlReviewPullRequest,
  type OpenPullRequestInput,
  type PullRequestActionInput,
  type ReviewPullRequestInput,
} from './control';
import { API_PREFIX, createApp } from './http/create-app';
import { FailureInjector, type FailureRule } from './http/failure-injector';
import { RequestLog, type RequestRecord } from './http/request-log';
import type { OAuthClient } from './http/routes/oauth.routes';
import type { Installation, IssueComment, PullRequest, Review } from './render/github-types';
import type { SimContext } from './sim-context';
import { SimState } from './sim-state';
import { WebhookDispatcher, type DeliveryRecord } from './webhooks/webhook-dispatcher';
import { loadFixtureWorld } from './world/load-fixture-world';
import type { World } from './world/types';

export interface StartGithubSimOptions {
  /** Interface to listen on; default '127.0.0.1'. */
  host?: string;
  /** Port; default 0 (a free port). */
  port?: number;
  /** The initial world (copied, never mutated); default the committed fixture. */
  world?: World;
  /** OAuth apps; default one demo client, `openstake-demo` / `openstake-demo-secret`. */
  oauthClients?: OAuthClient[];
  /** Fastify's request log; default false. */
  logger?: boolean;
  /** GitHub Apps to register at start (see `createApp`). */
  apps?: CreateAppInput[];
}

export interface GithubSim {
  /** e.g. `http://127.0.0.1:40123` */
  origin: string;
  /** REST base URL (`${origin}/api/v3`), as GitHub Enterprise Server: Octokit's `baseUrl`. */
  apiUrl: string;
  /** Where the OAuth pages, avatars and `html_url` links live: the origin. */
  webUrl: string;
  /** An access token for `login`, as after the OAuth flow; throws for an unknown login. */
  tokenFor(login: string): string;
  close(): Promise<void>;
  /** Open a pull request (webhook `pull_request` opened, awaited). */
  openPullRequest(input: OpenPullRequestInput): Promise<PullRequest>;
  /** Submit a review (webhook `pull_request_review` submitted, awaited). */
  reviewPullRequest(input: ReviewPullRequestInput): Promise<Review>;
  /** Merge (webhooks `pull_request` closed with `merged: true`, `issues` closed, awaited). */
  mergePullRequest(input: PullRequestActionInput): Promise<void>;
  /** Close without merging (webhook `pull_request` closed, awaited). */
  closePullRequest(input: PullRequestActionInput): Promise<void>;
  /** Every webhook delivery attempt so far, oldest first. */
  deliveries(): DeliveryRecord[];
  /** Every API request (REST and GraphQL) answered so far, oldest first (the last 10,000). */
  requests(): RequestRecord[];
  /** Make the next matching request(s) fail, for error-handling tests. */
  failNext(rule: FailureRule): void;
  /** Resolves once every webhook delivery in flight (e.g. one started by the REST API) is done. */
  idle(): Promise<void>;

  /** Register a GitHub App (a fresh RSA key unless `privateKey` is given). */
  createApp(input: CreateAppInput): SimAppInfo;
  /** The registered apps. */
  apps(): SimAppInfo[];
  /** Set an app's webhook URL (null: no deliveries) or secret, e.g. once the receiver listens. */
  updateApp(
    app: number | string,
    input: { webhookUrl?: string | null; webhookSecret?: string | null },
  ): SimAppInfo;
  /** Install an app on an account (webhook `installation` created to the app, awaited). */
  installApp(input: InstallAppInput): Promise<Installation>;
  /** Uninstall (webhook `installation` deleted, awaited); its tokens stop working. */
  uninstallApp(input: { installationId: number; by?: string }): Promise<void>;
  /** Webhook `installation_repositories` added (awaited). */
  addInstallationRepositories(input: InstallationRepositoriesInput): Promise<Installation>;
  /** Webhook `installation_repositories` removed (awaited). */
  removeInstallationRepositories(input: InstallationRepositoriesInput): Promise<Installation>;
  /** An installation access token without the JWT round trip. */
  installationToken(installationId: number): { token: string; expiresAt: string };
  /** Expire installation tokens now (all, or one installation's); returns how many. */
  expireInstallationTokens(installationId?: number): number;
  /** Move the simulator's clock forward (installation tokens expire after an hour of it). */
  advanceClock(ms: number): void;
  /** The simulator's clock, epoch milliseconds. */
  now(): number;

  /** Comment as any user or app bot (webhook `issue_comment` created, awaited). */
  commentOnIssue(input: CommentInput): Promise<IssueComment>;
  /** Edit a comment (webhook `issue_comment` edited with `changes.body.from`, awaited). */
  editComment(input: CommentRef & { body: string }): Promise<IssueComment>;
  /** Delete a comment (webhook `issue_comment` deleted, awaited). */
  deleteComment(input: CommentRef): Promise<void>;
  /** Push a new head commit to a pull request (webhook `pull_request` synchronize, awaited). */
  pushToPullRequest(input: PushInput): Promise<PullRequest>;
  /**
   * Commit one file on the default branch (webhook `push`, awaited); `sha` defaults to the file's
   * current one. Answers the new blob's sha.
   */
  commitFile(input: Parameters<typeof controlCommitFile>[1]): Promise<{ sha: string }>;
}

export const DEFAULT_OAUTH_CLIENTS: OAuthClient[] = [
  { clientId: 'openstake-demo', clientSecret: 'openstake-demo-secret' },
];

/** Starts the simulator on its own HTTP server. */
export async function startGithubSim(options: StartGithubSimOptions = {}): Promise<GithubSim> {
  const world = options.world ? structuredClone(options.world) : loadFixtureWorld();
  const state = new SimState(world);
  const webhooks = new WebhookDispatcher(state, { warn: (m) => console.warn(`github-sim: ${m}`) });
  const ctx: SimContext = { state, webhooks };
  const failures = new FailureInjector();
  const requests = new RequestLog();
  for (const input of options.apps ?? []) controlCreateApp(ctx, input);
  const app = createApp(ctx, {
    logger: options.logger ?? false,
    oauthClients: options.oauthClients ?? DEFAULT_OAUTH_CLIENTS,
    failures,
    requests,
  });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('github-sim: no TCP address');
  // A wildcard address is not something a client can connect to: link to the loopback instead.
  const linkHost =
    host === '0.0.0.0'
      ? '127.0.0.1'
      : host === '::'
        ? '[::1]'
        : host.includes(':')
          ? `[${host}]`
          : host;
  const origin = `http://${linkHost}:${address.port}`;
  state.urls = { origin, apiUrl: `${origin}${API_PREFIX}`, webUrl: origin };

  let closed = false;
  return {
    origin,
    apiUrl: state.urls.apiUrl,
    webUrl: state.urls.webUrl,
    tokenFor: (login) => state.issueToken(login),
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
      await webhooks.idle();
    },
    openPullRequest: (input) => controlOpenPullRequest(ctx, input),
    reviewPullRequest: (input) => controlReviewPullRequest(ctx, input),
    mergePullRequest: (input) => controlMergePullRequest(ctx, input),
    closePullRequest: (input) => controlClosePullRequest(ctx, input),
    deliveries: () => webhooks.records(),
    requests: () => requests.all(),
    failNext: (rule) => failures.add(rule),
    idle: () => webhooks.idle(),
    createApp: (input) => controlCreateApp(ctx, input),
    apps: () => state.apps.map(appInfo),
    updateApp: (app, input) => controlUpdateApp(ctx, app, input),
    installApp: (input) => controlInstallApp(ctx, input),
    uninstallApp: (input) => controlUninstallApp(ctx, input),
    addInstallationRepositories: (input) => controlAddInstallationRepositories(ctx, input),
    removeInstallationRepositories: (input) => controlRemoveInstallationRepositories(ctx, input),
    installationToken: (id) => controlInstallationToken(ctx, id),
    expireInstallationTokens: (id) => expireInstallationTokens(ctx, id),
    advanceClock: (ms) => {
      if (!Number.isFinite(ms) || ms < 0) throw new Error('advanceClock: ms must be >= 0');
      state.clockOffsetMs += ms;
    },
    now: () => state.now(),
    commentOnIssue: (input) => controlCommentOnIssue(ctx, input),
    editComment: (input) => controlEditComment(ctx, input),
    deleteComment: (input) => controlDeleteComment(ctx, input),
    pushToPullRequest: (input) => controlPushToPullRequest(ctx, input),
    commitFile: (input) => controlCommitFile(ctx, input),
  };
}
