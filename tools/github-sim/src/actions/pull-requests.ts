import { createHash, randomBytes } from 'node:crypto';
import { isPull, type PullIssue } from '../render/pulls';
import { withWebhook, type Outcome, type SimContext } from '../sim-context';
import { notFound, SimError, validationFailed } from '../sim-error';
import { isoNow } from '../sim-state';
import { issuesPayload, pullRequestPayload, pullRequestReviewPayload } from '../webhooks/payloads';
import type { ReviewState, WorldRepo, WorldReview } from '../world/types';
import { findIssue, newIssue, requirePush } from './issues';

const DOCS_PULLS = 'https://docs.github.com/rest/pulls/pulls';

const randomSha = (seed: string): string =>
  createHash('sha1').update(seed).update(randomBytes(16)).digest('hex');

export interface PullRef {
  owner: string;
  repo: string;
  number: number;
}

/** The pull request `number` of a repository `actor` can see, or GitHub's 404. */
export function findPull(
  ctx: SimContext,
  ref: PullRef,
  actor: string | null,
): { repo: WorldRepo; issue: PullIssue } {
  const { repo, issue } = findIssue(ctx, ref, actor);
  if (!isPull(issue)) throw notFound();
  return { repo, issue };
}

/** Editing or closing a pull request takes its author or push access. */
function requireAuthorOrPush(ctx: SimContext, repo: WorldRepo, issue: PullIssue, actor: string) {
  if (issue.author.toLowerCase() === actor.toLowerCase()) return;
  // An app's bot updates (closes) pull requests with its `pull_requests` write permission.
  if (ctx.state.botPermission(actor, repo, 'pull_requests') === 'write') return;
  requirePush(ctx, repo, actor, `${DOCS_PULLS}#update-a-pull-request`);
}

export function openPullRequest(
  ctx: SimContext,
  input: {
    owner: string;
    repo: string;
    author: string;
    title: string;
    body?: string | null;
    head?: string;
    base?: string;
    draft?: boolean;
  },
): Outcome<{ repo: WorldRepo; issue: PullIssue }> {
  const { state } = ctx;
  const author = state.requireUser(input.author);
  const repo = state.readableRepo(input.owner, input.repo, author.login);
  if (!input.title?.trim()) {
    throw validationFailed({ resource: 'PullRequest', code: 'missing_field', field: 'title' });
  }
  const now = isoNow();
  const fields = { title: input.title, body: input.body ?? null, author: author.login };
  const opened = newIssue(ctx, repo, { ...fields, labels: [], assignees: [] }, now);
  const { number } = opened;
  const issue: PullIssue = {
    ...opened,
    pull: {
      id: state.nextId('pull'),
      headRef: input.head?.trim() || `${author.login}/patch-${number}`,
      headSha: randomSha(`${repo.id}:${number}:head`),
      baseRef: input.base ?? repo.defaultBranch,
      baseSha: randomSha(`${repo.id}:${number}:base`),
      draft: input.draft ?? false,
      merged: false,
      mergedAt: null,
      mergedBy: null,
      mergeCommitSha: null,
      commits: 1,
      additions: 10,
      deletions: 2,
      changedFiles: 1,
      reviews: [],
    },
  };
  repo.issues.push(issue);
  touch(repo, now);
  const payload = pullRequestPayload(state, repo, issue, 'opened', author.login);
  return withWebhook(ctx, repo, 'pull_request', payload, { repo, issue });
}

export function reviewPullRequest(
  ctx: SimContext,
  input: PullRef & { reviewer: string; state: ReviewState; body?: string | null },
): Outcome<{ repo: WorldRepo; issue: PullIssue; review: WorldReview }> {
  const reviewer = ctx.state.requireUser(input.reviewer);
  const { repo, issue } = findPull(ctx, input, reviewer.login);
  if (!['APPROVED', 'CHANGES_REQUESTED', 'COMMENTED'].includes(input.state)) {
    throw validationFailed({ resource: 'PullRequestReview', code: 'invalid', field: 'event' });
  }
  const own = issue.author.toLowerCase() === reviewer.login.toLowerCase();
  if (own && input.state !== 'COMMENTED') {
    const what = input.state === 'APPROVED' ? 'approve' : 'request changes on';
    throw new SimError(422, 'Unprocessable Entity', {
      errors: [`Can not ${what} your own pull request`],
      documentationUrl:
        'https://docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request',
    });
  }
  const now = isoNow();
  const review: WorldReview = {
    id: ctx.state.nextId('review'),
    author: reviewer.login,
    state: input.state,
    body: input.body ?? '',
    submittedAt: now,
    commitId: issue.pull.headSha,
  };
  issue.pull.reviews.push(review);
  issue.updatedAt = now;
  const payload = pullRequestReviewPayload(ctx.state, repo, issue, review);
  return withWebhook(ctx, repo, 'pull_request_review', payload, { repo, issue, review });
}

/** Issues a pull request body closes on merge: `Fixes #12`, `closes #3`, `Resolved #4`... */
export function closingReferences(body: string | null): number[] {
  if (!body) return [];
  const pattern = /\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\s*:?\s+#(\d+)\b/gi;
  return [...body.matchAll(pattern)].map((m) => Number(m[1]));
}

export function mergePullRequest(
  ctx: SimContext,
  input: PullRef & { by: string; sha?: string; mergeMethod?: string; commitTitle?: string },
): Outcome<{ sha: string; message: string }> {
  const { state } = ctx;
  const merger = state.requireUser(input.by);
  const { repo, issue } = findPull(ctx, input, merger.login);
  const docs = `${DOCS_PULLS}#merge-a-pull-request`;
  requirePush(ctx, repo, merger.login, docs);
  if (issue.state !== 'open' || issue.pull.merged) {
    throw new SimError(405, 'Pull Request is not mergeable', { documentationUrl: docs });
  }
  if (input.mergeMethod && !['merge', 'squash', 'rebase'].includes(input.mergeMethod)) {
    throw validationFailed({ resource: 'PullRequest', code: 'invalid', field: 'merge_method' });
  }
  if (input.sha && input.sha !== issue.pull.headSha) {
    throw new SimError(409, 'Head branch was modified. Review and try the merge again.', {
      documentationUrl: docs,
    });
  }
  const now = isoNow();
  const sha = randomSha(`${repo.id}:${issue.number}:merge`);
  Object.assign(issue.pull, { merged: true, mergedAt: now, mergedBy: merger.login });
  issue.pull.mergeCommitSha = sha;
  Object.assign(issue, { state: 'closed', closedAt: now, closedBy: merger.login, updatedAt: now });
  touch(repo, now);
  const events: [string, object][] = [
    ['pull_request', pullRequestPayload(state, repo, issue, 'closed', merger.login)],
  ];
  // Merging into the default branch closes the issues the body references, as on GitHub.
  if (issue.pull.baseRef === repo.defaultBranch) {
    for (const number of closingReferences(issue.body)) {
      const fixed = state.findIssue(repo, number);
      if (!fixed || fixed.pull || fixed.state === 'closed') continue;
      Object.assign(fixed, {
        state: 'closed',
        stateReason: 'completed',
        closedAt: now,
        closedBy: merger.login,
        updatedAt: now,
      });
      events.push(['issues', issuesPayload(state, repo, fixed, 'closed', merger.login)]);
    }
  }
  const delivered = Promise.all(
    events.map(([event, payload]) => ctx.webhooks.emit(repo, event, payload)),
  ).then(() => undefined);
  return { value: { sha, message: 'Pull Request successfully merged' }, delivered };
}

export function closePullRequest(
  ctx: SimContext,
  input: PullRef & { by: string },
): Outcome<{ repo: WorldRepo; issue: PullIssue }> {
  const closer = ctx.state.requireActor(input.by);
  const { repo, issue } = findPull(ctx, input, closer);
  requireAuthorOrPush(ctx, repo, issue, closer);
  if (issue.state === 'closed') return { value: { repo, issue }, delivered: Promise.resolve() };
  const now = isoNow();
  Object.assign(issue, { state: 'closed', closedAt: now, closedBy: closer, updatedAt: now });
  const payload = pullRequestPayload(ctx.state, repo, issue, 'closed', closer);
  return withWebhook(ctx, repo, 'pull_request', payload, { repo, issue });
}

/** `PATCH /repos/{owner}/{repo}/pulls/{n}`: title, body, and state (close or reopen). */
export function updatePullRequest(
  ctx: SimContext,
  input: PullRef & { by: string; title?: string; body?: string | null; state?: string },
): Outcome<{ repo: WorldRepo; issue: PullIssue }> {
  const actor = ctx.state.requireActor(input.by);
  const { repo, issue } = findPull(ctx, input, actor);
  requireAuthorOrPush(ctx, repo, issue, actor);
  if (input.state !== undefined && !['open', 'closed'].includes(input.state)) {
    throw validationFailed({ resource: 'PullRequest', code: 'invalid', field: 'state' });
  }
  if (input.title !== undefined && !input.title.trim()) {
    throw validationFailed({ resource: 'PullRequest', code: 'missing_field', field: 'title' });
  }
  const deliveries: Promise<void>[] = [];
  const now = isoNow();
  const changes: { title?: { from: string }; body?: { from: string } } = {};
  if (input.title !== undefined && input.title !== issue.title) {
    changes.title = { from: issue.title };
    issue.title = input.title;
  }
  if (input.body !== undefined && input.body !== issue.body) {
    changes.body = { from: issue.body ?? '' };
    issue.body = input.body;
  }
  if (changes.title || changes.body) {
    issue.updatedAt = now;
    deliveries.push(
      ctx.webhooks.emit(
        repo,
        'pull_request',
        pullRequestPayload(ctx.state, repo, issue, 'edited', actor, changes),
      ),
    );
  }
  if (input.state === 'closed' && issue.state === 'open') {
    deliveries.push(closePullRequest(ctx, { ...input, by: actor }).delivered);
  } else if (input.state === 'open' && issue.state === 'closed') {
    if (issue.pull.merged) {
      throw validationFailed({
        resource: 'PullRequest',
        code: 'custom',
        field: 'state',
        message: 'state cannot be changed. The pull request cannot be reopened.',
      });
    }
    Object.assign(issue, { state: 'open', closedAt: null, closedBy: null, updatedAt: now });
    deliveries.push(
      ctx.webhooks.emit(
        repo,
        'pull_request',
        pullRequestPayload(ctx.state, repo, issue, 'reopened', actor),
      ),
    );
  }
  return { value: { repo, issue }, delivered: Promise.all(deliveries).then(() => undefined) };
}

function touch(repo: WorldRepo, now: string): void {
  repo.updatedAt = now;
  repo.pushedAt = now;
}

/**
 * A push to the head branch of an open pull request: a new head commit (`sha`, or a random one),
 * webhook `pull_request` synchronize with `before` and `after`. The old head stays a known commit.
 */
export function pushToPullRequest(
  ctx: SimContext,
  input: PullRef & { by?: string; sha?: string },
): Outcome<{ repo: WorldRepo; issue: PullIssue; before: string }> {
  const { state } = ctx;
  const found = findPull(ctx, input, input.by ?? null);
  const pusher = state.requireActor(input.by ?? found.issue.author);
  const { repo, issue } = findPull(ctx, input, pusher);
  if (issue.state !== 'open') {
    throw new SimError(422, 'Cannot push to a closed pull request');
  }
  const after = input.sha?.toLowerCase() ?? randomSha(`${repo.id}:${issue.number}:push`);
  if (!/^[0-9a-f]{40}$/.test(after)) throw new SimError(400, 'sha must be 40 hex digits');
  const before = issue.pull.headSha;
  if (after === before) throw new SimError(409, 'sha is already the head of the pull request');
  state.commits.add(`${repo.id}:${before}`);
  const now = isoNow();
  issue.pull.headSha = after;
  issue.pull.commits += 1;
  issue.updatedAt = now;
  touch(repo, now);
  const payload = pullRequestPayload(state, repo, issue, 'synchronize', pusher, undefined, {
    before,
    after,
  });
  return withWebhook(ctx, repo, 'pull_request', payload, { repo, issue, before });
}
