import type { Hook, SimState } from '../sim-state';
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
  action: 'opened' | 'closed' | 'reopened' | 'edited',
  sender: string,
  changes?: { title?: { from: string }; body?: { from: string } },
) {
  return {
    action,
    number: issue.number,
    ...(changes ? { changes } : {}),
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
) {
  return {
    action: 'created',
    issue: renderIssue(s, repo, issue),
    comment: renderComment(s, repo, issue, comment),
    ...context(s, repo, comment.author),
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
