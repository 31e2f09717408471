import { createHash } from 'node:crypto';
import { isoNow, type Permission, type SimState } from '../sim-state';
import type { WorldRepo } from '../world/types';
import type { FullRepository, ReadmeFile, Repository } from './github-types';
import { nodeId, repoApiUrl, repoHtmlUrl } from './urls';
import { renderSimpleUser } from './users';

/** The language with the most bytes, as GitHub's `language` field. */
export function primaryLanguage(repo: WorldRepo): string | null {
  let best: string | null = null;
  let bytes = -1;
  for (const [language, count] of Object.entries(repo.languages)) {
    if (count > bytes) [best, bytes] = [language, count];
  }
  return best;
}

export function openIssuesCount(repo: WorldRepo): number {
  return repo.issues.filter((i) => i.state === 'open').length;
}

/** The `permissions` flags GitHub derives from a permission: each level includes the lower ones. */
export function permissionFlags(permission: Permission) {
  const at = (levels: Permission[]) => levels.includes(permission);
  return {
    admin: at(['admin']),
    maintain: at(['admin', 'maintain']),
    push: at(['admin', 'maintain', 'write']),
    triage: at(['admin', 'maintain', 'write', 'triage']),
    pull: permission !== 'none',
  };
}

/**
 * A repository as GitHub's lists, pull requests and webhook payloads show it. `viewer` adds the
 * viewer's `permissions`.
 */
export function renderRepo(s: SimState, repo: WorldRepo, viewer: string | null = null): Repository {
  const api = repoApiUrl(s, repo);
  const html = repoHtmlUrl(s, repo);
  const host = new URL(s.urls.webUrl).host;
  const openIssues = openIssuesCount(repo);
  const size = Math.round(Object.values(repo.languages).reduce((a, b) => a + b, 0) / 1024);
  const license = repo.license
    ? {
        key: repo.license.key,
        name: repo.license.name,
        spdx_id: repo.license.spdxId,
        url: `${s.urls.apiUrl}/licenses/${repo.license.key}`,
        node_id: nodeId('License', repo.license.key),
      }
    : null;
  const permissions = viewer ? permissionFlags(s.permissionOf(repo, viewer)) : undefined;
  return {
    id: repo.id,
    node_id: nodeId('Repository', repo.id),
    name: repo.name,
    full_name: `${repo.owner}/${repo.name}`,
    private: repo.private,
    owner: renderSimpleUser(s, repo.owner),
    html_url: html,
    description: repo.description,
    fork: false,
    url: api,
    forks_url: `${api}/forks`,
    keys_url: `${api}/keys{/key_id}`,
    collaborators_url: `${api}/collaborators{/collaborator}`,
    teams_url: `${api}/teams`,
    hooks_url: `${api}/hooks`,
    issue_events_url: `${api}/issues/events{/number}`,
    events_url: `${api}/events`,
    assignees_url: `${api}/assignees{/user}`,
    branches_url: `${api}/branches{/branch}`,
    tags_url: `${api}/tags`,
    blobs_url: `${api}/git/blobs{/sha}`,
    git_tags_url: `${api}/git/tags{/sha}`,
    git_refs_url: `${api}/git/refs{/sha}`,
    trees_url: `${api}/git/trees{/sha}`,
    statuses_url: `${api}/statuses/{sha}`,
    languages_url: `${api}/languages`,
    stargazers_url: `${api}/stargazers`,
    contributors_url: `${api}/contributors`,
    subscribers_url: `${api}/subscribers`,
    subscription_url: `${api}/subscription`,
    commits_url: `${api}/commits{/sha}`,
    git_commits_url: `${api}/git/commits{/sha}`,
    comments_url: `${api}/comments{/number}`,
    issue_comment_url: `${api}/issues/comments{/number}`,
    contents_url: `${api}/contents/{+path}`,
    compare_url: `${api}/compare/{base}...{head}`,
    merges_url: `${api}/merges`,
    archive_url: `${api}/{archive_format}{/ref}`,
    downloads_url: `${api}/downloads`,
    issues_url: `${api}/issues{/number}`,
    pulls_url: `${api}/pulls{/number}`,
    milestones_url: `${api}/milestones{/number}`,
    notifications_url: `${api}/notifications{?since,all,participating}`,
    labels_url: `${api}/labels{/name}`,
    releases_url: `${api}/releases{/id}`,
    deployments_url: `${api}/deployments`,
    created_at: repo.createdAt,
    updated_at: repo.updatedAt,
    pushed_at: repo.pushedAt,
    git_url: `git://${host}/${repo.owner}/${repo.name}.git`,
    ssh_url: `git@${host}:${repo.owner}/${repo.name}.git`,
    clone_url: `${html}.git`,
    svn_url: html,
    homepage: repo.homepage,
    size,
    stargazers_count: repo.stargazers,
    watchers_count: repo.stargazers,
    language: primaryLanguage(repo),
    has_issues: true,
    has_projects: true,
    has_downloads: true,
    has_wiki: true,
    has_pages: false,
    has_discussions: false,
    forks_count: repo.forks,
    mirror_url: null,
    archived: repo.archived,
    disabled: false,
    open_issues_count: openIssues,
    license,
    allow_forking: true,
    is_template: false,
    web_commit_signoff_required: false,
    topics: repo.topics,
    visibility: repo.private ? 'private' : 'public',
    forks: repo.forks,
    open_issues: openIssues,
    watchers: repo.stargazers,
    default_branch: repo.defaultBranch,
    ...(permissions ? { permissions } : {}),
  };
}

/** `GET /repos/{owner}/{repo}`: the repository with its network counts and organization. */
export function renderFullRepo(
  s: SimState,
  repo: WorldRepo,
  viewer: string | null = null,
): FullRepository {
  const owner = s.ownerAccount(repo);
  return {
    ...(renderRepo(s, repo, viewer) as FullRepository),
    network_count: repo.forks,
    subscribers_count: repo.subscribers,
    ...(owner.kind === 'org' ? { organization: renderSimpleUser(s, owner.org.login) } : {}),
  };
}

/** `GET /repos/{owner}/{repo}/readme`: base64 in lines of 60 characters, as GitHub sends it. */
export function renderReadme(s: SimState, repo: WorldRepo): ReadmeFile {
  return renderFile(s, repo, 'README.md', repo.readme);
}

/** A blob's sha as git computes it. */
export const blobSha = (text: string): string => {
  const content = Buffer.from(text, 'utf8');
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
};

/**
 * A file on the default branch as `GET /repos/{owner}/{repo}/contents/{path}` (and the readme)
 * answer it: base64 in lines of 60 characters, as GitHub sends it.
 */
export function renderFile(s: SimState, repo: WorldRepo, path: string, text: string): ReadmeFile {
  const content = Buffer.from(text, 'utf8');
  const sha = blobSha(text);
  const api = repoApiUrl(s, repo);
  const html = `${repoHtmlUrl(s, repo)}/blob/${repo.defaultBranch}/${path}`;
  const self = `${api}/contents/${path}?ref=${repo.defaultBranch}`;
  const git = `${api}/git/blobs/${sha}`;
  return {
    type: 'file',
    encoding: 'base64',
    size: content.length,
    name: path.split('/').pop() ?? path,
    path,
    content: `${content.toString('base64').replace(/.{60}/g, '$&\n')}\n`,
    sha,
    url: self,
    git_url: git,
    html_url: html,
    download_url: `${s.urls.webUrl}/${repo.owner}/${repo.name}/raw/${repo.defaultBranch}/${path}`,
    _links: { self, git, html },
  };
}

/** `PUT /repos/{owner}/{repo}/contents/{path}`'s answer: the file and the commit that wrote it. */
export function renderFileCommit(
  s: SimState,
  repo: WorldRepo,
  path: string,
  text: string,
  commit: { sha: string; message: string; by: string },
) {
  const { content: _content, encoding: _encoding, ...file } = renderFile(s, repo, path, text);
  const api = repoApiUrl(s, repo);
  const user = s.findUser(commit.by);
  const person = {
    name: user?.name ?? commit.by,
    email: user
      ? `${String(user.id)}+${user.login}@users.noreply.github.com`
      : 'noreply@github.com',
    date: isoNow(),
  };
  return {
    content: file,
    commit: {
      sha: commit.sha,
      node_id: nodeId('Commit', commit.sha),
      url: `${api}/git/commits/${commit.sha}`,
      html_url: `${repoHtmlUrl(s, repo)}/commit/${commit.sha}`,
      author: person,
      committer: person,
      message: commit.message,
      tree: { url: `${api}/git/trees/${commit.sha}`, sha: commit.sha },
      parents: [],
      verification: {
        verified: false,
        reason: 'unsigned',
        signature: null,
        payload: null,
        verified_at: null,
      },
    },
  };
}
