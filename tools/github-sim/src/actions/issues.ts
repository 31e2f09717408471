import { withWebhook, type Outcome, type SimContext } from '../sim-context';
import { notFound, SimError, validationFailed } from '../sim-error';
import { isoNow } from '../sim-state';
import { issueCommentPayload, issuesPayload } from '../webhooks/payloads';
import type { WorldComment, WorldIssue, WorldLabel, WorldRepo } from '../world/types';

export function findIssue(
  ctx: SimContext,
  ref: { owner: string; repo: string; number: number },
  actor: string | null,
): { repo: WorldRepo; issue: WorldIssue } {
  const repo = ctx.state.readableRepo(ref.owner, ref.repo, actor);
  const issue = ctx.state.findIssue(repo, ref.number);
  if (!issue) throw notFound();
  return { repo, issue };
}

/** GitHub's 403 for a write that needs push access to the repository. */
export function requirePush(
  ctx: SimContext,
  repo: WorldRepo,
  actor: string,
  documentationUrl: string,
): void {
  if (!ctx.state.hasPermission(repo, actor, 'write')) {
    throw new SimError(403, 'Must have push access to repository', { documentationUrl });
  }
}

/**
 * A new open issue of `repo` (not yet added to it), numbered after its last issue or pull request:
 * both share one sequence, as on GitHub.
 */
export function newIssue(
  ctx: SimContext,
  repo: WorldRepo,
  fields: Pick<WorldIssue, 'title' | 'body' | 'author' | 'labels' | 'assignees'>,
  now: string,
): WorldIssue {
  return {
    id: ctx.state.nextId('issue'),
    number: Math.max(0, ...repo.issues.map((i) => i.number)) + 1,
    title: fields.title,
    body: fields.body,
    author: fields.author,
    state: 'open',
    stateReason: null,
    labels: fields.labels,
    assignees: fields.assignees,
    locked: false,
    createdAt: now,
    updatedAt: now,
    closedAt: null,
    closedBy: null,
    comments: [],
  };
}

/** The repository's label named `name` (case-insensitive), created when missing, as GitHub does. */
function ensureLabel(ctx: SimContext, repo: WorldRepo, name: string): WorldLabel {
  const existing = repo.labels.find((l) => l.name.toLowerCase() === name.toLowerCase());
  if (existing) return existing;
  const label: WorldLabel = {
    id: ctx.state.nextId('label'),
    name,
    color: 'ededed',
    description: null,
    default: false,
  };
  repo.labels.push(label);
  return label;
}

export function createIssue(
  ctx: SimContext,
  input: {
    owner: string;
    repo: string;
    author: string;
    title: unknown;
    body?: unknown;
    labels?: unknown;
    assignees?: unknown;
  },
): Outcome<{ repo: WorldRepo; issue: WorldIssue }> {
  const { state } = ctx;
  const author = state.requireUser(input.author);
  const repo = state.readableRepo(input.owner, input.repo, author.login);
  // A simplification, documented in the README: GitHub lets anyone open an issue on a public
  // repository; OpenStake only creates issues as a maintainer, so the simulator asks for push.
  requirePush(
    ctx,
    repo,
    author.login,
    'https://docs.github.com/rest/issues/issues#create-an-issue',
  );
  const title =
    typeof input.title === 'number' ? String(input.title) : (input.title as string | undefined);
  if (typeof title !== 'string' || !title.trim()) {
    throw validationFailed({ resource: 'Issue', code: 'missing_field', field: 'title' });
  }
  const labels = labelNames(input.labels);
  const assignees = stringList(input.assignees, 'assignees').map((login) => {
    const user = state.findUser(login);
    // GitHub names the refused login in `value`.
    if (!user) {
      throw validationFailed({
        value: login,
        resource: 'Issue',
        field: 'assignees',
        code: 'invalid',
      });
    }
    return user.login;
  });
  const now = isoNow();
  const issue = newIssue(
    ctx,
    repo,
    {
      title,
      body: typeof input.body === 'string' ? input.body : null,
      author: author.login,
      labels: labels.map((name) => ensureLabel(ctx, repo, name).name),
      assignees,
    },
    now,
  );
  repo.issues.push(issue);
  repo.updatedAt = now;
  const payload = issuesPayload(state, repo, issue, 'opened', author.login);
  return withWebhook(ctx, repo, 'issues', payload, { repo, issue });
}

/**
 * GitHub's 403 when an app's bot writes without the permission: `names` are the app permissions
 * that allow the write (any of them, at `write`). Users are not concerned.
 */
export function requireAppPermission(
  ctx: SimContext,
  repo: WorldRepo,
  actor: string,
  names: string[],
): void {
  if (!ctx.state.findBot(actor)) return;
  const granted = names.some((name) => {
    const level = ctx.state.botPermission(actor, repo, name);
    return level === 'write' || level === 'admin';
  });
  if (!granted) throw new SimError(403, 'Resource not accessible by integration');
}

/** The comment `commentId` of a repository `actor` can see, with its issue, or GitHub's 404. */
export function findComment(
  ctx: SimContext,
  ref: { owner: string; repo: string; commentId: number },
  actor: string | null,
): { repo: WorldRepo; issue: WorldIssue; comment: WorldComment } {
  const repo = ctx.state.readableRepo(ref.owner, ref.repo, actor);
  for (const issue of repo.issues) {
    const comment = issue.comments.find((c) => c.id === ref.commentId);
    if (comment) return { repo, issue, comment };
  }
  throw notFound();
}

/** Comments by users, or by an app's bot (`<slug>[bot]`, which needs the `issues` permission). */
export function createComment(
  ctx: SimContext,
  input: { owner: string; repo: string; number: number; author: string; body: unknown },
): Outcome<{ repo: WorldRepo; issue: WorldIssue; comment: WorldComment }> {
  const author = ctx.state.requireActor(input.author);
  const { repo, issue } = findIssue(ctx, input, author);
  requireAppPermission(ctx, repo, author, issue.pull ? ['issues', 'pull_requests'] : ['issues']);
  if (typeof input.body !== 'string' || !input.body.trim()) {
    throw validationFailed({ resource: 'IssueComment', code: 'missing_field', field: 'body' });
  }
  if (issue.locked && !ctx.state.hasPermission(repo, author, 'write')) {
    throw new SimError(403, 'Unable to create comment because issue is locked.');
  }
  const now = isoNow();
  const comment: WorldComment = {
    id: ctx.state.nextId('comment'),
    author,
    body: input.body,
    createdAt: now,
    updatedAt: now,
  };
  issue.comments.push(comment);
  issue.updatedAt = now;
  const payload = issueCommentPayload(ctx.state, repo, issue, comment, 'created', author);
  return withWebhook(ctx, repo, 'issue_comment', payload, { repo, issue, comment });
}

/** Editing or deleting a comment takes its author or push access (an app: `issues` write). */
function requireCommentWrite(
  ctx: SimContext,
  repo: WorldRepo,
  issue: WorldIssue,
  comment: WorldComment,
  actor: string,
): void {
  requireAppPermission(ctx, repo, actor, issue.pull ? ['issues', 'pull_requests'] : ['issues']);
  if (comment.author.toLowerCase() === actor.toLowerCase()) return;
  if (!ctx.state.hasPermission(repo, actor, 'write')) {
    // GitHub answers 404 to someone who may see the comment but not change it.
    throw notFound();
  }
}

/** `PATCH .../issues/comments/{id}`: webhook `issue_comment` edited with `changes.body.from`. */
export function editComment(
  ctx: SimContext,
  input: { owner: string; repo: string; commentId: number; actor: string; body: unknown },
): Outcome<{ repo: WorldRepo; issue: WorldIssue; comment: WorldComment }> {
  const actor = ctx.state.requireActor(input.actor);
  const { repo, issue, comment } = findComment(ctx, input, actor);
  requireCommentWrite(ctx, repo, issue, comment, actor);
  if (typeof input.body !== 'string' || !input.body.trim()) {
    throw validationFailed({ resource: 'IssueComment', code: 'missing_field', field: 'body' });
  }
  if (input.body === comment.body) {
    return { value: { repo, issue, comment }, delivered: Promise.resolve() };
  }
  const from = comment.body;
  comment.body = input.body;
  comment.updatedAt = isoNow();
  const payload = {
    ...issueCommentPayload(ctx.state, repo, issue, comment, 'edited', actor),
    changes: { body: { from } },
  };
  return withWebhook(ctx, repo, 'issue_comment', payload, { repo, issue, comment });
}

/** `DELETE .../issues/comments/{id}`: webhook `issue_comment` deleted. */
export function deleteComment(
  ctx: SimContext,
  input: { owner: string; repo: string; commentId: number; actor: string },
): Outcome<void> {
  const actor = ctx.state.requireActor(input.actor);
  const { repo, issue, comment } = findComment(ctx, input, actor);
  requireCommentWrite(ctx, repo, issue, comment, actor);
  issue.comments.splice(issue.comments.indexOf(comment), 1);
  const payload = issueCommentPayload(ctx.state, repo, issue, comment, 'deleted', actor);
  return withWebhook(ctx, repo, 'issue_comment', payload, undefined);
}

/**
 * `POST .../issues/{n}/labels`: adds labels (creating missing ones) and returns all of them. A
 * person needs triage access; an app's bot, its `issues` or `pull_requests` write permission.
 */
export function addLabels(
  ctx: SimContext,
  input: { owner: string; repo: string; number: number; actor: string; labels: unknown },
): { repo: WorldRepo; issue: WorldIssue } {
  const actor = ctx.state.requireActor(input.actor);
  const { repo, issue } = findIssue(ctx, input, actor);
  requireTriage(
    ctx,
    repo,
    actor,
    'https://docs.github.com/rest/issues/labels#add-labels-to-an-issue',
  );
  const names = labelNames(input.labels);
  if (names.length === 0) {
    throw validationFailed({ resource: 'Label', code: 'missing_field', field: 'labels' });
  }
  for (const name of names) {
    const label = ensureLabel(ctx, repo, name);
    if (!issue.labels.some((l) => l.toLowerCase() === label.name.toLowerCase())) {
      issue.labels.push(label.name);
    }
  }
  issue.updatedAt = isoNow();
  return { repo, issue };
}

/**
 * `DELETE .../issues/{n}/labels/{name}`: takes one label off the issue (the label stays in the
 * repository) and returns the rest; GitHub's 404 `Label does not exist` when the issue has none
 * of that name.
 */
export function removeLabel(
  ctx: SimContext,
  input: { owner: string; repo: string; number: number; actor: string; name: string },
): { repo: WorldRepo; issue: WorldIssue } {
  const actor = ctx.state.requireActor(input.actor);
  const { repo, issue } = findIssue(ctx, input, actor);
  requireTriage(
    ctx,
    repo,
    actor,
    'https://docs.github.com/rest/issues/labels#remove-a-label-from-an-issue',
  );
  const index = issue.labels.findIndex((l) => l.toLowerCase() === input.name.toLowerCase());
  if (index === -1) {
    throw new SimError(404, 'Label does not exist', {
      documentationUrl: 'https://docs.github.com/rest/issues/labels#remove-a-label-from-an-issue',
    });
  }
  issue.labels.splice(index, 1);
  issue.updatedAt = isoNow();
  return { repo, issue };
}

/** GitHub's 403 for a label change by someone without triage access (a bot: without the permission). */
function requireTriage(ctx: SimContext, repo: WorldRepo, actor: string, documentationUrl: string) {
  if (!ctx.state.hasPermission(repo, actor, 'triage')) {
    throw new SimError(403, 'Must have triage access to repository', { documentationUrl });
  }
}

/** Labels as GitHub accepts them: names, or objects with a `name`. */
function labelNames(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    throw validationFailed({ resource: 'Label', code: 'invalid', field: 'labels' });
  }
  const names = value.map((item: unknown) => {
    const name =
      typeof item === 'string'
        ? item
        : typeof item === 'object' && item !== null && 'name' in item
          ? item.name
          : undefined;
    if (typeof name !== 'string' || !name.trim()) {
      throw validationFailed({ resource: 'Label', code: 'invalid', field: 'name' });
    }
    return name.trim();
  });
  return [...new Set(names)];
}

function stringList(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw validationFailed({ resource: 'Issue', code: 'invalid', field });
  }
  return value as string[];
}

/**
 * `PATCH /repos/{owner}/{repo}/issues/{n}` for state: closing (with a state_reason) or reopening,
 * by the author or someone with push access, with GitHub's `issues` webhook.
 */
export function updateIssueState(
  ctx: SimContext,
  input: {
    owner: string;
    repo: string;
    number: number;
    actor: string;
    state: unknown;
    stateReason: unknown;
  },
): Outcome<{ repo: WorldRepo; issue: WorldIssue }> {
  const actor = ctx.state.requireUser(input.actor);
  const { repo, issue } = findIssue(ctx, input, actor.login);
  if (issue.author.toLowerCase() !== actor.login.toLowerCase()) {
    requirePush(
      ctx,
      repo,
      actor.login,
      'https://docs.github.com/rest/issues/issues#update-an-issue',
    );
  }
  if (input.state !== undefined && input.state !== 'open' && input.state !== 'closed') {
    throw validationFailed({ resource: 'Issue', code: 'invalid', field: 'state' });
  }
  const reasons = ['completed', 'not_planned', 'reopened', null, undefined];
  if (!reasons.includes(input.stateReason as string | null | undefined)) {
    throw validationFailed({ resource: 'Issue', code: 'invalid', field: 'state_reason' });
  }
  const now = isoNow();
  if (input.state === 'closed' && issue.state === 'open') {
    Object.assign(issue, {
      state: 'closed',
      stateReason: (input.stateReason as string | undefined) ?? 'completed',
      closedAt: now,
      closedBy: actor.login,
      updatedAt: now,
    });
    const payload = issuesPayload(ctx.state, repo, issue, 'closed', actor.login);
    return withWebhook(ctx, repo, 'issues', payload, { repo, issue });
  }
  if (input.state === 'open' && issue.state === 'closed') {
    Object.assign(issue, {
      state: 'open',
      stateReason: 'reopened',
      closedAt: null,
      closedBy: null,
      updatedAt: now,
    });
    const payload = issuesPayload(ctx.state, repo, issue, 'reopened', actor.login);
    return withWebhook(ctx, repo, 'issues', payload, { repo, issue });
  }
  return { value: { repo, issue }, delivered: Promise.resolve() };
}
