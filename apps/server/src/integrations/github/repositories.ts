import type { Octokit } from '@octokit/rest';
import type { GithubClients } from './client';
import { githubStatus, nullIfNotFound } from './errors';
import { repositoryDetailsOf } from './facts';
import type { GithubRepositories } from './port';

/**
 * Whether `username` may push to the repository (admin, maintain or write; GitHub reports
 * maintain as write), asked with any client that may read its collaborators: a user's token or
 * an installation's (github-app.ts). Not a collaborator: false.
 */
export async function userCanPush(
  octokit: Octokit,
  input: { owner: string; repo: string; username: string },
): Promise<boolean> {
  const found = await nullIfNotFound(octokit.rest.repos.getCollaboratorPermissionLevel(input));
  return found?.data.permission === 'admin' || found?.data.permission === 'write';
}

/** A file's text and blob sha; null when there is no file (or a folder) at the path. */
async function fileContentsWith(
  octokit: Octokit,
  input: { owner: string; repo: string; path: string },
): Promise<{ text: string; sha: string } | null> {
  const found = await nullIfNotFound(octokit.rest.repos.getContent(input));
  const data = found?.data;
  if (!data || Array.isArray(data) || data.type !== 'file' || !('content' in data)) return null;
  const encoding = data.encoding === 'base64' ? 'base64' : 'utf8';
  return { text: Buffer.from(data.content, encoding).toString('utf8'), sha: data.sha };
}

/** Repositories, over Octokit. */
export function repositoriesAdapter(clients: GithubClients): GithubRepositories {
  /** GitHub's answer for a repository, null when the user cannot see it. */
  const repositoryData = async (token: string, owner: string, repo: string) =>
    (await nullIfNotFound(clients.client(token).rest.repos.get({ owner, repo })))?.data ?? null;

  return {
    // GitHub reports the caller's own permissions on the repository; admin and maintain push too.
    async repository(token, owner, repo) {
      const data = await repositoryData(token, owner, repo);
      if (!data) return null;
      return {
        id: data.id,
        fullName: data.full_name,
        canPush: Boolean(data.permissions?.push),
        details: repositoryDetailsOf(data),
        facts: {
          stargazersCount: data.stargazers_count,
          forksCount: data.forks_count,
          createdAt: data.created_at ?? new Date(0),
        },
      };
    },

    async repositoryFacts(token, owner, repo) {
      const data = await repositoryData(token, owner, repo);
      if (!data) return null;
      return {
        fullName: data.full_name,
        htmlUrl: data.html_url,
        description: data.description ?? null,
        language: data.language ?? null,
        topics: data.topics ?? [],
        stargazersCount: data.stargazers_count,
        private: data.private,
      };
    },

    async readme(token, owner, repo) {
      const found = await nullIfNotFound(
        clients.client(token).rest.repos.getReadme({ owner, repo }),
      );
      if (!found) return null;
      const { content, encoding } = found.data;
      return Buffer.from(content, encoding === 'base64' ? 'base64' : 'utf8').toString('utf8');
    },

    async fileContents(token, input) {
      return fileContentsWith(clients.client(token), input);
    },

    async writeFileContents(token, input) {
      await clients.client(token).rest.repos.createOrUpdateFileContents({
        owner: input.owner,
        repo: input.repo,
        path: input.path,
        message: input.message,
        content: Buffer.from(input.text, 'utf8').toString('base64'),
        sha: input.sha,
      });
    },

    async languages(token, owner, repo) {
      const { data } = await clients.client(token).rest.repos.listLanguages({ owner, repo });
      return data;
    },

    async repositoriesOfAuthenticatedUser(token, limit) {
      const { data } = await clients.client(token).rest.repos.listForAuthenticatedUser({
        affiliation: 'owner,collaborator,organization_member',
        sort: 'updated',
        per_page: limit,
      });
      return data;
    },

    // GitHub answers this only to a caller who has push access: `token` must be one.
    async canPush(token, owner, repo, username) {
      return userCanPush(clients.client(token), { owner, repo, username });
    },

    async createWebhook(token, input) {
      const { data } = await clients.client(token).rest.repos.createWebhook({
        owner: input.owner,
        repo: input.repo,
        name: 'web',
        active: true,
        // `push`: a commit touching .github/VOUCHED.td is read again (decision 015). `status` and
        // `check_run`: a check's result makes the maintainer's kept queue stale (kept-queues.ts).
        events: [
          'pull_request',
          'pull_request_review',
          'issues',
          'issue_comment',
          'push',
          'status',
          'check_run',
        ],
        config: { url: input.url, content_type: 'json', secret: input.secret, insecure_ssl: '0' },
      });
      return data.id;
    },

    async deleteWebhook(token, input) {
      try {
        await clients.client(token).rest.repos.deleteWebhook({
          owner: input.owner,
          repo: input.repo,
          hook_id: input.hookId,
        });
      } catch (error) {
        if (githubStatus(error) !== 404) throw error;
      }
    },
  };
}
