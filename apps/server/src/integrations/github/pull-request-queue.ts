import type { Octokit } from '@octokit/rest';
import { AppError } from '../../errors';
import { graphqlAppError, type GraphqlError, type HeaderMap } from './errors';
import type { QueuedPullRequest } from './port';

/**
 * The maintainer's queue read from GitHub's GraphQL API: a repository's open pull requests, 100
 * a request, oldest first, each with its head commit's `statusCheckRollup` (GitHub's one state
 * over every check run and commit status). REST would need the list plus two requests a pull
 * request (combined status and check runs of the head sha); this is one request per 100.
 */

const QUEUE_PAGE = 100;

/** How many recently closed, unmerged pull requests come with the queue (to mark as spam). */
export const RECENTLY_CLOSED = 10;

const QUEUE_QUERY = `query ($owner: String!, $name: String!, $first: Int!, $after: String, $withClosed: Boolean!, $closedFirst: Int!) {
  repository(owner: $owner, name: $name) {
    pullRequests(states: [OPEN], first: $first, after: $after, orderBy: { field: CREATED_AT, direction: ASC }) {
      pageInfo { hasNextPage endCursor }
      nodes { ...QueuedPullRequest }
    }
    closed: pullRequests(states: [CLOSED], first: $closedFirst, orderBy: { field: UPDATED_AT, direction: DESC }) @include(if: $withClosed) {
      nodes { ...QueuedPullRequest }
    }
  }
}
# A pull request's labels, up to GitHub's 100 a page, as REST's list answered them all.
fragment QueuedPullRequest on PullRequest {
  number title body state isDraft url createdAt updatedAt
  author { login avatarUrl }
  labels(first: 100) { nodes { name color } }
  comments { totalCount }
  commits(last: 1) { nodes { commit { statusCheckRollup { state } } } }
}`;

type RollupState = 'ERROR' | 'EXPECTED' | 'FAILURE' | 'PENDING' | 'SUCCESS';

interface QueueNode {
  number: number;
  state: 'OPEN' | 'CLOSED' | 'MERGED';
  title: string;
  body: string;
  isDraft: boolean;
  url: string;
  createdAt: string;
  updatedAt: string;
  author: { login: string; avatarUrl: string } | null;
  labels: { nodes: { name: string; color: string }[] } | null;
  comments: { totalCount: number };
  commits: { nodes: { commit: { statusCheckRollup: { state: RollupState } | null } }[] };
}

interface QueueAnswer {
  repository: {
    pullRequests: {
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
      nodes: QueueNode[];
    };
    closed?: { nodes: QueueNode[] };
  } | null;
}

function checksOf(node: QueueNode): QueuedPullRequest['checks'] {
  const state = node.commits.nodes[0]?.commit.statusCheckRollup?.state;
  if (!state) return null;
  if (state === 'SUCCESS') return 'success';
  if (state === 'FAILURE' || state === 'ERROR') return 'failure';
  return 'pending';
}

const toQueued = (node: QueueNode): QueuedPullRequest => ({
  number: node.number,
  title: node.title,
  body: node.body === '' ? null : node.body,
  state: node.state === 'OPEN' ? 'open' : 'closed',
  draft: node.isDraft,
  html_url: node.url,
  user: { login: node.author?.login ?? 'ghost', avatar_url: node.author?.avatarUrl ?? '' },
  labels: node.labels?.nodes ?? [],
  comments: node.comments.totalCount,
  created_at: node.createdAt,
  updated_at: node.updatedAt,
  checks: checksOf(node),
});

async function queuePage(
  octokit: Octokit,
  variables: {
    owner: string;
    name: string;
    first: number;
    after: string | null;
    withClosed: boolean;
    closedFirst: number;
  },
): Promise<QueueAnswer> {
  try {
    return await octokit.graphql<QueueAnswer>(QUEUE_QUERY, variables);
  } catch (error) {
    const answer = error as { name?: string; errors?: GraphqlError[]; headers?: HeaderMap };
    if (error instanceof Error && answer.name === 'GraphqlResponseError' && answer.errors) {
      // The words REST's 404 has (toAppError), for the repository as a whole.
      if (answer.errors.every((e) => e.type === 'NOT_FOUND' && e.path?.[0] === 'repository')) {
        throw new AppError('NOT_FOUND', {
          message: `Not found on GitHub: repository ${variables.owner}/${variables.name} does not exist, or your GitHub account cannot see it`,
          cause: error,
        });
      }
      throw graphqlAppError(answer.errors, error, answer.headers ?? {});
    }
    throw error;
  }
}

/**
 * Up to `limit` open pull requests, oldest first, and whether GitHub has more; with the first
 * page, the RECENTLY_CLOSED pull requests closed without a merge most recently.
 */
export async function readPullRequestQueue(
  octokit: Octokit,
  input: { owner: string; repo: string; limit: number },
): Promise<{
  pulls: QueuedPullRequest[];
  recentlyClosed: QueuedPullRequest[];
  truncated: boolean;
}> {
  const pulls: QueuedPullRequest[] = [];
  let recentlyClosed: QueuedPullRequest[] = [];
  let after: string | null = null;
  for (;;) {
    const data = await queuePage(octokit, {
      owner: input.owner,
      name: input.repo,
      first: Math.min(QUEUE_PAGE, input.limit - pulls.length),
      after,
      withClosed: after === null,
      closedFirst: RECENTLY_CLOSED,
    });
    const repository = data.repository;
    if (!repository) return { pulls, recentlyClosed, truncated: false };
    if (repository.closed) recentlyClosed = repository.closed.nodes.map(toQueued);
    const page = repository.pullRequests;
    pulls.push(...page.nodes.map(toQueued));
    if (!page.pageInfo.hasNextPage) return { pulls, recentlyClosed, truncated: false };
    if (pulls.length >= input.limit) return { pulls, recentlyClosed, truncated: true };
    after = page.pageInfo.endCursor;
  }
}
