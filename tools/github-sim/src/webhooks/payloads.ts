import type { Hook, SimCheckRun, SimState, SimStatus } from '../sim-state';
import { renderCheckRun, renderCheckSuiteOf, renderStatus } from '../render/statuses';
import { isPull } from '../render/pulls';
import { nodeId, repoApiUrl, repoHtmlUrl } from '../render/urls';
import { renderHook } from '../render/hooks';
import { renderComment, renderIssue } from '../render/issues';
import { renderPull, renderReview, type PullIssue } from '../render/pulls';
import { renderRepo } from '../render/repos';
import { renderOrgSimple, renderSimpleUser } from '../render/users';
import type { WorldComment, WorldIssue, WorldRepo, WorldReview } from '../world/types';

/** Webhook payloads, shaped like GitHub's (see `@octokit/webhooks-examples`). */

function context(s: SimState, repo: WorldRepo, sender: string) {
  const owner = s.ownerAccount(repo);
  return {
    repository: renderRepo(s, repo),
    ...(owner.kind === 'org' ? { organization: renderOrgSimple(s, owner.org) } : {}),
    sender: renderSimpleUser(s, sender),
  };
}

export function pullRequestPayload(
  s: SimState,
  repo: WorldRepo,
  issue: PullIssue,
  action: 'opened' | 'closed' | 'reopened' | 'edited' | 'synchronize',
  sender: string,
  changes?: { title?: { from: string }; body?: { from: string } },
  push?: { before: string; after: string },
) {
  return {
    action,
    number: issue.number,
    ...(changes ? { changes } : {}),
    ...(push ? { before: push.before, after: push.after } : {}),
    pull_request: renderPull(s, repo, issue),
    ...context(s, repo, sender),
  };
}

export function pullRequestReviewPayload(
  s: SimState,
  repo: WorldRepo,
  issue: PullIssue,
  review: WorldReview,
) {
  const rendered = renderReview(s, repo, issue, review);
  return {
    action: 'submitted',
    // Webhooks carry the review state in lower case, unlike the REST API.
    review: { ...rendered, state: review.state.toLowerCase(), updated_at: review.submittedAt },
    pull_request: renderPull(s, repo, issue),
    ...context(s, repo, review.author),
  };
}

export function issuesPayload(
  s: SimState,
  repo: WorldRepo,
  issue: WorldIssue,
  action: 'opened' | 'closed' | 'reopened',
  sender: string,
) {
  return { action, issue: renderIssue(s, repo, issue), ...context(s, repo, sender) };
}

export function issueCommentPayload(
  s: SimState,
  repo: WorldRepo,
  issue: WorldIssue,
  comment: WorldComment,
  action: 'created' | 'edited' | 'deleted',
  sender: string,
) {
  return {
    action,
    issue: renderIssue(s, repo, issue),
    comment: renderComment(s, repo, issue, comment),
    ...context(s, repo, sender),
  };
}

export const ZEN = [
  'Design for failure.',
  'Keep it logically awesome.',
  'Speak like a human.',
  'Anything added dilutes everything else.',
  'Mind your words, they are important.',
  'Non-blocking is better than blocking.',
  'Favor focus over features.',
  'Approachable is better than simple.',
  'Half measures are as bad as nothing at all.',
  'Responsive is better than fast.',
  "It's not fully shipped until it's fast.",
  'Avoid administrative distraction.',
  'Practicality beats purity.',
  'Encourage flow.',
];

export function pingPayload(s: SimState, repo: WorldRepo, hook: Hook, sender: string) {
  return {
    zen: ZEN[hook.id % ZEN.length] as string,
    hook_id: hook.id,
    hook: renderHook(s, repo, hook),
    ...context(s, repo, sender),
  };
}

/** The commit object of a `status` webhook, made up from what the simulator knows of it. */
function statusCommit(s: SimState, repo: WorldRepo, sha: string) {
  const api = repoApiUrl(s, repo);
  const head = repo.issues.filter(isPull).find((i) => i.pull.headSha === sha);
  const login = head?.author ?? null;
  const user = login ? s.findUser(login) : undefined;
  const date = head?.updatedAt ?? repo.pushedAt;
  const person = {
    name: user?.name ?? login ?? 'GitHub',
    email: user ? `${user.id}+${user.login}@users.noreply.github.com` : 'noreply@github.com',
    date,
    ...(user ? { username: user.login } : {}),
  };
  return {
    sha,
    node_id: nodeId('Commit', sha),
    commit: {
      author: person,
      committer: person,
      message: head ? head.title : 'Commit',
      tree: { sha, url: `${api}/git/trees/${sha}` },
      url: `${api}/git/commits/${sha}`,
      comment_count: 0,
      verification: {
        verified: false,
        reason: 'unsigned',
        signature: null,
        payload: null,
        verified_at: null,
      },
    },
    url: `${api}/commits/${sha}`,
    html_url: `${repoHtmlUrl(s, repo)}/commit/${sha}`,
    comments_url: `${api}/commits/${sha}/comments`,
    author: login ? renderSimpleUser(s, login) : null,
    committer: login ? renderSimpleUser(s, login) : null,
    parents: [],
  };
}

export function statusPayload(s: SimState, repo: WorldRepo, status: SimStatus) {
  const rendered = renderStatus(s, repo, status);
  const api = repoApiUrl(s, repo);
  const branches = repo.issues
    .filter(isPull)
    .filter((i) => i.state === 'open' && i.pull.headSha === status.sha)
    .map((i) => ({
      name: i.pull.headRef,
      commit: { sha: status.sha, url: `${api}/commits/${status.sha}` },
      protected: false,
    }));
  return {
    id: status.id,
    sha: status.sha,
    name: `${repo.owner}/${repo.name}`,
    target_url: rendered.target_url,
    avatar_url: rendered.avatar_url,
    context: status.context,
    description: status.description,
    state: status.state,
    commit: statusCommit(s, repo, status.sha),
    branches,
    created_at: status.createdAt,
    updated_at: status.updatedAt,
    ...context(s, repo, status.creator),
  };
}

export function checkRunPayload(
  s: SimState,
  repo: WorldRepo,
  run: SimCheckRun,
  action: 'created' | 'completed',
  sender: string,
) {
  return {
    action,
    check_run: { ...renderCheckRun(s, repo, run), check_suite: renderCheckSuiteOf(s, repo, run) },
    ...context(s, repo, sender),
  };
}
