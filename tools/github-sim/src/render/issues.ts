import type { SimState } from '../sim-state';
import type { WorldComment, WorldIssue, WorldLabel, WorldRepo } from '../world/types';
import { renderApp } from './apps';
import type { Issue, IssueComment, Label } from './github-types';
import { issueHtmlUrl, nodeId, repoApiUrl } from './urls';
import { renderSimpleUser } from './users';

export function renderLabel(s: SimState, repo: WorldRepo, label: WorldLabel): Label {
  return {
    id: label.id,
    node_id: nodeId('Label', label.id),
    url: `${repoApiUrl(s, repo)}/labels/${encodeURIComponent(label.name)}`,
    name: label.name,
    color: label.color,
    default: label.default,
    description: label.description,
  };
}

export function issueLabels(s: SimState, repo: WorldRepo, issue: WorldIssue): Label[] {
  return issue.labels.flatMap((name) => {
    const label = repo.labels.find((l) => l.name.toLowerCase() === name.toLowerCase());
    return label ? [renderLabel(s, repo, label)] : [];
  });
}

export const reactions = (url: string) => ({
  url,
  total_count: 0,
  '+1': 0,
  '-1': 0,
  laugh: 0,
  hooray: 0,
  confused: 0,
  heart: 0,
  rocket: 0,
  eyes: 0,
});

/** The issue JSON with the fields the simulator always fills, so it also fits search items. */
export type IssueJson = Issue & {
  labels: Label[];
  author_association: NonNullable<Issue['author_association']>;
};

/** An issue, or the issue side of a pull request (with its `pull_request` links). */
export function renderIssue(s: SimState, repo: WorldRepo, issue: WorldIssue): IssueJson {
  const api = `${repoApiUrl(s, repo)}/issues/${issue.number}`;
  const html = issueHtmlUrl(s, repo, issue);
  const pullApi = `${repoApiUrl(s, repo)}/pulls/${issue.number}`;
  const assignees = issue.assignees.map((login) => renderSimpleUser(s, login));
  return {
    url: api,
    repository_url: repoApiUrl(s, repo),
    labels_url: `${api}/labels{/name}`,
    comments_url: `${api}/comments`,
    events_url: `${api}/events`,
    html_url: html,
    id: issue.id,
    node_id: nodeId(issue.pull ? 'PullRequest' : 'Issue', issue.pull ? issue.pull.id : issue.id),
    number: issue.number,
    title: issue.title,
    user: renderSimpleUser(s, issue.author),
    labels: issueLabels(s, repo, issue),
    state: issue.state,
    locked: issue.locked,
    assignee: assignees[0] ?? null,
    assignees,
    milestone: null,
    comments: issue.comments.length,
    created_at: issue.createdAt,
    updated_at: issue.updatedAt,
    closed_at: issue.closedAt,
    author_association: s.authorAssociation(repo, issue.author),
    active_lock_reason: null,
    ...(issue.pull
      ? {
          draft: issue.pull.draft,
          pull_request: {
            url: pullApi,
            html_url: html,
            diff_url: `${html}.diff`,
            patch_url: `${html}.patch`,
            merged_at: issue.pull.mergedAt,
          },
        }
      : {}),
    body: issue.body,
    closed_by: issue.closedBy ? renderSimpleUser(s, issue.closedBy) : null,
    reactions: reactions(`${api}/reactions`),
    timeline_url: `${api}/timeline`,
    performed_via_github_app: null,
    state_reason: issue.stateReason,
  };
}

export function renderComment(
  s: SimState,
  repo: WorldRepo,
  issue: WorldIssue,
  comment: WorldComment,
): IssueComment {
  const url = `${repoApiUrl(s, repo)}/issues/comments/${comment.id}`;
  const bot = s.findBot(comment.author);
  return {
    url,
    html_url: `${issueHtmlUrl(s, repo, issue)}#issuecomment-${comment.id}`,
    issue_url: `${repoApiUrl(s, repo)}/issues/${issue.number}`,
    id: comment.id,
    node_id: nodeId('IssueComment', comment.id),
    user: renderSimpleUser(s, comment.author),
    created_at: comment.createdAt,
    updated_at: comment.updatedAt,
    author_association: s.authorAssociation(repo, comment.author),
    body: comment.body,
    reactions: reactions(`${url}/reactions`),
    // A comment made with an installation token: the bot's, performed via its app.
    performed_via_github_app: bot ? renderApp(s, bot) : null,
  };
}
