import {
  closePullRequest,
  mergePullRequest,
  openPullRequest,
  reviewPullRequest,
} from './actions/pull-requests';
import type { PullRequest, Review } from './render/github-types';
import { renderPull, renderReview } from './render/pulls';
import type { SimContext } from './sim-context';
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
