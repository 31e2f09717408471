import { createHash } from 'node:crypto';
import { withWebhook, type Outcome, type SimContext } from '../sim-context';
import { notFound, SimError, validationFailed } from '../sim-error';
import { isoNow } from '../sim-state';
import { blobSha, renderRepo } from '../render/repos';
import { renderSimpleUser } from '../render/users';
import type { WorldRepo } from '../world/types';
import { requirePush } from './issues';

const DOCS = 'https://docs.github.com/rest/repos/contents#create-or-update-file-contents';

const fileKey = (repo: WorldRepo, path: string) => `${String(repo.id)}:${path}`;

/** A file's text on the default branch, or undefined (the readme counts as README.md). */
export function readFile(ctx: SimContext, repo: WorldRepo, path: string): string | undefined {
  const file = ctx.state.files.get(fileKey(repo, path));
  if (file !== undefined) return file;
  return path === 'README.md' && repo.readme ? repo.readme : undefined;
}

export interface CommitFileInput {
  owner: string;
  repo: string;
  path: string;
  /** The file's new text. */
  text: string;
  message: string;
  /** Who commits (a user, or an app's bot). */
  by: string;
  /** The blob sha being replaced; required when the file exists, as on GitHub. */
  sha?: string;
}

/**
 * `PUT /repos/{owner}/{repo}/contents/{path}`: a commit on the default branch that writes one
 * file, by someone who may push; webhook `push` with the file in the commit's `added` or
 * `modified`. GitHub's refusals: 422 without the `sha` of an existing file, 409 when the `sha` is
 * not the file's.
 */
export function commitFile(
  ctx: SimContext,
  input: CommitFileInput,
): Outcome<{ repo: WorldRepo; created: boolean; commitSha: string; path: string }> {
  const { state } = ctx;
  const repo = state.readableRepo(input.owner, input.repo, input.by);
  requirePush(ctx, repo, input.by, DOCS);
  if (!input.path || input.path.split('/').some((part) => part === '' || part === '..')) {
    throw notFound();
  }
  const existing = readFile(ctx, repo, input.path);
  if (existing !== undefined && input.sha === undefined) {
    throw validationFailed({
      resource: 'Commit',
      code: 'custom',
      field: 'sha',
      message: '"sha" wasn\'t supplied.',
    });
  }
  if (existing !== undefined && input.sha !== blobSha(existing)) {
    throw new SimError(409, `${input.path} does not match ${String(input.sha)}`, {
      documentationUrl: DOCS,
    });
  }
  state.files.set(fileKey(repo, input.path), input.text);
  const now = isoNow();
  repo.updatedAt = now;
  repo.pushedAt = now;
  const before = state.heads.get(repo.id) ?? '0'.repeat(40);
  const commitSha = createHash('sha1')
    .update(`${before}:${input.path}:${input.text}:${now}`)
    .digest('hex');
  state.heads.set(repo.id, commitSha);
  const user = state.findUser(input.by);
  const person = {
    name: user?.name ?? input.by,
    email: user
      ? `${String(user.id)}+${user.login}@users.noreply.github.com`
      : 'noreply@github.com',
    username: input.by,
  };
  const commit = {
    id: commitSha,
    tree_id: blobSha(input.text),
    distinct: true,
    message: input.message,
    timestamp: now,
    url: `${state.urls.webUrl}/${repo.owner}/${repo.name}/commit/${commitSha}`,
    author: person,
    committer: person,
    added: existing === undefined ? [input.path] : [],
    removed: [],
    modified: existing === undefined ? [] : [input.path],
  };
  const payload = {
    ref: `refs/heads/${repo.defaultBranch}`,
    before,
    after: commitSha,
    created: false,
    deleted: false,
    forced: false,
    base_ref: null,
    compare: `${state.urls.webUrl}/${repo.owner}/${repo.name}/compare/${before.slice(0, 12)}...${commitSha.slice(0, 12)}`,
    commits: [commit],
    head_commit: commit,
    repository: renderRepo(state, repo),
    pusher: { name: input.by, email: person.email },
    sender: renderSimpleUser(state, input.by),
  };
  return withWebhook(ctx, repo, 'push', payload, {
    repo,
    created: existing === undefined,
    commitSha,
    path: input.path,
  });
}
