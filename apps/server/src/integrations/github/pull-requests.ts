import { AppError } from '../../errors';
import type { GithubClients } from './client';
import { ConditionalReads } from './conditional-read';
import { githubMessage, githubStatus, nullIfNotFound } from './errors';
import { pullRequestFacts } from './facts';
import { batchPullRequests } from './graphql-batch';
import { readPullRequestQueue } from './pull-request-queue';
import type { GithubPullRequests, PullRequestFacts } from './port';

/** Pull requests, over Octokit; the single facts read is conditional (kept per process). */
export function pullRequestsAdapter(clients: GithubClients): GithubPullRequests {
  const factReads = new ConditionalReads<PullRequestFacts>();
  return {
    async pullRequest(token, owner, repo, pullNumber) {
      const url = `/repos/${owner}/${repo}/pulls/${pullNumber}`;
      return nullIfNotFound(
        factReads.read(token, url, async (headers) => {
          const answer = await clients.client(token).rest.pulls.get({
            owner,
            repo,
            pull_number: pullNumber,
            headers,
          });
          return { value: pullRequestFacts(answer.data), etag: answer.headers.etag };
        }),
      );
    },

    async pullRequestData(token, owner, repo, pullNumber) {
      const found = await nullIfNotFound(
        clients.client(token).rest.pulls.get({ owner, repo, pull_number: pullNumber }),
      );
      return found?.data ?? null;
    },

    async pullRequests(token, refs) {
      return batchPullRequests(clients.client(token), refs);
    },

    async openPullRequestQueue(token, owner, repo, limit) {
      return readPullRequestQueue(clients.client(token), { owner, repo, limit });
    },

    async reviewers(token, owner, repo, pullNumber) {
      const { data } = await clients.client(token).rest.pulls.listReviews({
        owner,
        repo,
        pull_number: pullNumber,
        per_page: 100,
      });
      return data.flatMap((r) => (r.state !== 'PENDING' && r.user ? [r.user.login] : []));
    },

    // GitHub's refusals (not mergeable, head modified) are a CONFLICT: nothing was merged.
    async mergePullRequest(token, input) {
      try {
        const { data } = await clients.client(token).rest.pulls.merge({
          owner: input.owner,
          repo: input.repo,
          pull_number: input.pullNumber,
          sha: input.headSha,
        });
        return data.sha;
      } catch (error) {
        const status = githubStatus(error);
        if (status === 405 || status === 409 || status === 422) {
          throw new AppError('CONFLICT', {
            message: `GitHub did not merge the pull request: ${githubMessage(error)}`,
            cause: error,
          });
        }
        throw error;
      }
    },

    async closePullRequest(token, owner, repo, pullNumber) {
      await clients.client(token).rest.pulls.update({
        owner,
        repo,
        pull_number: pullNumber,
        state: 'closed',
      });
    },
  };
}
