import type { SimState } from '../sim-state';
import type { WorldIssue, WorldPull, WorldRepo, WorldReview } from '../world/types';
import type { PullRequest, Review } from './github-types';
import { issueLabels } from './issues';
import { renderRepo } from './repos';
import { issueHtmlUrl, nodeId, repoApiUrl } from './urls';
import { renderSimpleUser } from './users';

export type PullIssue = WorldIssue & { pull: WorldPull };

export const isPull = (issue: WorldIssue): issue is PullIssue => issue.pull !== undefined;

/** `GET /repos/{owner}/{repo}/pulls/{n}`; the lists and webhook payloads use the same object. */
export function renderPull(s: SimState, repo: WorldRepo, issue: PullIssue): PullRequest {
  const pull = issue.pull;
  const api = `${repoApiUrl(s, repo)}/pulls/${issue.number}`;
  const issueApi = `${repoApiUrl(s, repo)}/issues/${issue.number}`;
  const html = issueHtmlUrl(s, repo, issue);
  const repoJson = renderRepo(s, repo);
  const owner = renderSimpleUser(s, repo.owner);
  const open = issue.state === 'open';
  return {
    url: api,
    id: pull.id,
    node_id: nodeId('PullRequest', pull.id),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: issueApi,
    number: issue.number,
    state: issue.state,
    locked: issue.locked,
    title: issue.title,
    user: renderSimpleUser(s, issue.author),
    body: issue.body,
    created_at: issue.createdAt,
    updated_at: issue.updatedAt,
    closed_at: issue.closedAt,
    merged_at: pull.mergedAt,
    merge_commit_sha: pull.mergeCommitSha,
    assignee: issue.assignees[0] ? renderSimpleUser(s, issue.assignees[0]) : null,
    assignees: issue.assignees.map((login) => renderSimpleUser(s, login)),
    requested_reviewers: [],
    requested_teams: [],
    labels: issueLabels(s, repo, issue).map((l) => ({ ...l, description: l.description ?? '' })),
    milestone: null,
    draft: pull.draft,
    commits_url: `${api}/commits`,
    review_comments_url: `${api}/comments`,
    review_comment_url: `${repoApiUrl(s, repo)}/pulls/comments{/number}`,
    comments_url: `${issueApi}/comments`,
    statuses_url: `${repoApiUrl(s, repo)}/statuses/${pull.headSha}`,
    // Branches of the repository itself: the simulator has no forks.
    head: {
      label: `${repo.owner}:${pull.headRef}`,
      ref: pull.headRef,
      sha: pull.headSha,
      user: owner,
      repo: repoJson,
    },
    base: {
      label: `${repo.owner}:${pull.baseRef}`,
      ref: pull.baseRef,
      sha: pull.baseSha,
      user: owner,
      repo: repoJson,
    },
    _links: {
      self: { href: api },
      html: { href: html },
      issue: { href: issueApi },
      comments: { href: `${issueApi}/comments` },
      review_comments: { href: `${api}/comments` },
      review_comment: { href: `${repoApiUrl(s, repo)}/pulls/comments{/number}` },
      commits: { href: `${api}/commits` },
      statuses: { href: `${repoApiUrl(s, repo)}/statuses/${pull.headSha}` },
    },
    author_association: s.authorAssociation(repo, issue.author),
    auto_merge: null,
    active_lock_reason: null,
    merged: pull.merged,
    mergeable: open ? true : null,
    rebaseable: open ? true : null,
    mergeable_state: open ? 'clean' : 'unknown',
    merged_by: pull.mergedBy ? renderSimpleUser(s, pull.mergedBy) : null,
    comments: issue.comments.length,
    review_comments: 0,
    maintainer_can_modify: false,
    commits: pull.commits,
    additions: pull.additions,
    deletions: pull.deletions,
    changed_files: pull.changedFiles,
  };
}

export function renderReview(
  s: SimState,
  repo: WorldRepo,
  issue: PullIssue,
  review: WorldReview,
): Review {
  const html = `${issueHtmlUrl(s, repo, issue)}#pullrequestreview-${review.id}`;
  const pullApi = `${repoApiUrl(s, repo)}/pulls/${issue.number}`;
  return {
    id: review.id,
    node_id: nodeId('PullRequestReview', review.id),
    user: renderSimpleUser(s, review.author),
    body: review.body,
    state: review.state,
    html_url: html,
    pull_request_url: pullApi,
    author_association: s.authorAssociation(repo, review.author),
    _links: { html: { href: html }, pull_request: { href: pullApi } },
    submitted_at: review.submittedAt,
    commit_id: review.commitId,
  };
}
