import { commitFile, readFile, type CommitFileInput } from './actions/contents';
import { blobSha } from './render/repos';
import {
  closePullRequest,
  mergePullRequest,
  openPullRequest,
  pushToPullRequest,
  reviewPullRequest,
} from './actions/pull-requests';
import { createComment, deleteComment, editComment } from './actions/issues';
import { renderComment } from './render/issues';
import {
  changeInstallationRepositories,
  createApp,
  createInstallationToken,
  installApp,
  uninstallApp,
  updateAppWebhook,
  type CreateAppInput,
  type InstallAppInput,
  type InstallationRepositoriesInput,
} from './actions/apps';
import { renderInstallation } from './render/apps';
import type { Installation, IssueComment, PullRequest, Review } from './render/github-types';
import { renderPull, renderReview } from './render/pulls';
import type { SimContext } from './sim-context';
import type { AppPermissions, SimApp } from './sim-state';
import type { ReviewState } from './world/types';

/**
 * The control actions behind `GithubSim`'s methods and the `/_sim` HTTP API. Unlike the REST
 * API, each one resolves only after its webhooks have been delivered.
 */

export interface OpenPullRequestInput {
  owner: string;
  repo: string;
  author: string;
  title: string;
  body?: string;
  head?: string;
}

export interface ReviewPullRequestInput {
  owner: string;
  repo: string;
  number: number;
  reviewer: string;
  state: ReviewState;
  body?: string;
}

export interface PullRequestActionInput {
  owner: string;
  repo: string;
  number: number;
  by: string;
}

export async function controlOpenPullRequest(
  ctx: SimContext,
  input: OpenPullRequestInput,
): Promise<PullRequest> {
  const { value, delivered } = openPullRequest(ctx, input);
  await delivered;
  return renderPull(ctx.state, value.repo, value.issue);
}

export async function controlReviewPullRequest(
  ctx: SimContext,
  input: ReviewPullRequestInput,
): Promise<Review> {
  const { value, delivered } = reviewPullRequest(ctx, input);
  await delivered;
  return renderReview(ctx.state, value.repo, value.issue, value.review);
}

export async function controlMergePullRequest(
  ctx: SimContext,
  input: PullRequestActionInput,
): Promise<void> {
  const { delivered } = mergePullRequest(ctx, input);
  await delivered;
}

export async function controlClosePullRequest(
  ctx: SimContext,
  input: PullRequestActionInput,
): Promise<void> {
  const { delivered } = closePullRequest(ctx, input);
  await delivered;
}

/** What `createApp` answers: the app and what a client needs to authenticate as it. */
export interface SimAppInfo {
  id: number;
  slug: string;
  name: string;
  clientId: string;
  /** `<slug>[bot]` */
  botLogin: string;
  botId: number;
  /** PEM, for Octokit's `createAppAuth({ appId, privateKey })`. */
  privateKey: string;
  webhookUrl: string | null;
  webhookSecret: string | null;
  permissions: AppPermissions;
  events: string[];
}

export const appInfo = (app: SimApp): SimAppInfo => ({
  id: app.id,
  slug: app.slug,
  name: app.name,
  clientId: app.clientId,
  botLogin: `${app.slug}[bot]`,
  botId: app.botId,
  privateKey: app.privateKey,
  webhookUrl: app.hook?.config.url ?? null,
  webhookSecret: app.hook?.config.secret ?? null,
  permissions: { ...app.permissions },
  events: [...app.events],
});

export function controlCreateApp(ctx: SimContext, input: CreateAppInput): SimAppInfo {
  return appInfo(createApp(ctx, input));
}

export function controlUpdateApp(
  ctx: SimContext,
  idOrSlug: number | string,
  input: { webhookUrl?: string | null; webhookSecret?: string | null },
): SimAppInfo {
  return appInfo(updateAppWebhook(ctx, idOrSlug, input));
}

export async function controlInstallApp(
  ctx: SimContext,
  input: InstallAppInput,
): Promise<Installation> {
  const { value, delivered } = installApp(ctx, input);
  await delivered;
  return renderInstallation(ctx.state, value);
}

export async function controlUninstallApp(
  ctx: SimContext,
  input: { installationId: number; by?: string },
): Promise<void> {
  await uninstallApp(ctx, input).delivered;
}

export async function controlAddInstallationRepositories(
  ctx: SimContext,
  input: InstallationRepositoriesInput,
): Promise<Installation> {
  const { value, delivered } = changeInstallationRepositories(ctx, input, 'added');
  await delivered;
  return renderInstallation(ctx.state, value);
}

export async function controlRemoveInstallationRepositories(
  ctx: SimContext,
  input: InstallationRepositoriesInput,
): Promise<Installation> {
  const { value, delivered } = changeInstallationRepositories(ctx, input, 'removed');
  await delivered;
  return renderInstallation(ctx.state, value);
}

/** An installation token without the JWT round trip: `{ token, expiresAt }` (ISO). */
export function controlInstallationToken(
  ctx: SimContext,
  installationId: number,
): { token: string; expiresAt: string } {
  const { token, info } = createInstallationToken(ctx, { installationId });
  return {
    token,
    expiresAt: new Date(info.installation.expiresAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
}

export interface CommentInput {
  owner: string;
  repo: string;
  /** The issue or pull request number. */
  number: number;
  /** A user login, or an app's `<slug>[bot]` (needs the app installed with `issues` write). */
  author: string;
  body: string;
}

/** Comment on an issue or pull request as anyone (webhook `issue_comment` created, awaited). */
export async function controlCommentOnIssue(
  ctx: SimContext,
  input: CommentInput,
): Promise<IssueComment> {
  const { value, delivered } = createComment(ctx, input);
  await delivered;
  return renderComment(ctx.state, value.repo, value.issue, value.comment);
}

export interface CommentRef {
  owner: string;
  repo: string;
  commentId: number;
  /** Who edits or deletes: the author or someone with push access. */
  by: string;
}

/** Webhook `issue_comment` edited with `changes.body.from` (awaited). */
export async function controlEditComment(
  ctx: SimContext,
  input: CommentRef & { body: string },
): Promise<IssueComment> {
  const { value, delivered } = editComment(ctx, { ...input, actor: input.by });
  await delivered;
  return renderComment(ctx.state, value.repo, value.issue, value.comment);
}

/** Webhook `issue_comment` deleted (awaited). */
export async function controlDeleteComment(ctx: SimContext, input: CommentRef): Promise<void> {
  await deleteComment(ctx, { ...input, actor: input.by }).delivered;
}

export interface PushInput {
  owner: string;
  repo: string;
  number: number;
  /** The pusher (webhook `sender`); default the pull request's author. */
  by?: string;
  /** The new head SHA (40 hex digits); default a random one. */
  sha?: string;
}

/** A new head commit on an open pull request (webhook `pull_request` synchronize, awaited). */
export async function controlPushToPullRequest(
  ctx: SimContext,
  input: PushInput,
): Promise<PullRequest> {
  const { value, delivered } = pushToPullRequest(ctx, input);
  await delivered;
  return renderPull(ctx.state, value.repo, value.issue);
}

/**
 * A commit on the default branch that writes one file (webhook `push`, awaited), as a maintainer
 * editing it on GitHub; the file's current `sha` is taken when none is given.
 */
export async function controlCommitFile(
  ctx: SimContext,
  input: Omit<CommitFileInput, 'message'> & { message?: string },
): Promise<{ sha: string }> {
  const repo = ctx.state.readableRepo(input.owner, input.repo, input.by);
  const existing = readFile(ctx, repo, input.path);
  const { delivered } = commitFile(ctx, {
    ...input,
    message: input.message ?? `Update ${input.path}`,
    ...(input.sha === undefined && existing !== undefined && { sha: blobSha(existing) }),
  });
  await delivered;
  return { sha: blobSha(input.text) };
}
