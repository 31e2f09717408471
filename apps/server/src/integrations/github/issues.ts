import type { GithubClients } from './client';
import { ConditionalReads } from './conditional-read';
import { nullIfNotFound } from './errors';
import { batchIssueStates } from './graphql-batch';
import type { GithubIssueData, GithubIssues } from './port';

/** Issues, over Octokit; the single issue read is conditional (kept per process). */
export function issuesAdapter(clients: GithubClients): GithubIssues {
  const issueReads = new ConditionalReads<GithubIssueData>();
  return {
    async issue(token, owner, repo, issueNumber) {
      const url = `/repos/${owner}/${repo}/issues/${issueNumber}`;
      return nullIfNotFound(
        issueReads.read(token, url, async (headers) => {
          const answer = await clients.client(token).rest.issues.get({
            owner,
            repo,
            issue_number: issueNumber,
            headers,
          });
          return { value: answer.data, etag: answer.headers.etag };
        }),
        [404, 410],
      );
    },

    async openIssues(token, owner, repo, page, perPage) {
      const { data } = await clients.client(token).rest.issues.listForRepo({
        owner,
        repo,
        state: 'open',
        per_page: perPage,
        page,
      });
      return { issues: data.filter((issue) => !issue.pull_request), more: data.length === perPage };
    },

    async searchOpenIssues(token, query, limit) {
      const { data } = await clients.client(token).rest.search.issuesAndPullRequests({
        q: `is:issue is:open ${query}`,
        per_page: limit,
        sort: 'updated',
      });
      return data.items.filter((i) => !i.pull_request);
    },

    async issueStates(token, refs) {
      return batchIssueStates(clients.client(token), refs);
    },

    async createIssue(token, input) {
      const { data } = await clients.client(token).rest.issues.create({
        owner: input.owner,
        repo: input.repo,
        title: input.title,
        body: input.body,
        labels: input.labels,
        assignees: input.assignees,
        ...(input.milestone === null ? {} : { milestone: input.milestone }),
      });
      return data;
    },

    async closeIssueAsNotPlanned(token, owner, repo, issueNumber) {
      await clients.client(token).rest.issues.update({
        owner,
        repo,
        issue_number: issueNumber,
        state: 'closed',
        state_reason: 'not_planned',
      });
    },

    async addLabels(token, input) {
      await clients.client(token).rest.issues.addLabels({
        owner: input.owner,
        repo: input.repo,
        issue_number: input.issueNumber,
        labels: input.labels,
      });
    },
  };
}
