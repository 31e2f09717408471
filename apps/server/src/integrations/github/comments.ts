import type { Octokit } from '@octokit/rest';
import type { GithubClients } from './client';
import type { GithubComments, IssueComment } from './port';

/** Writes a comment on an issue or pull request as whoever the client acts for. */
export async function commentOnIssue(
  octokit: Octokit,
  input: { owner: string; repo: string; issueNumber: number; body: string },
): Promise<IssueComment> {
  const { data } = await octokit.rest.issues.createComment({
    owner: input.owner,
    repo: input.repo,
    issue_number: input.issueNumber,
    body: input.body,
  });
  return { id: data.id, body: data.body ?? '', htmlUrl: data.html_url };
}

/** Comments on issues and pull requests, over Octokit. */
export function commentsAdapter(clients: GithubClients): GithubComments {
  return {
    async issueComments(token, owner, repo, issueNumber) {
      const { data } = await clients.client(token).rest.issues.listComments({
        owner,
        repo,
        issue_number: issueNumber,
        per_page: 100,
      });
      return data.map((c) => ({
        body: c.body ?? '',
        authorLogin: c.user?.login ?? '',
        htmlUrl: c.html_url,
      }));
    },

    async createIssueComment(token, input) {
      return commentOnIssue(clients.client(token), input);
    },
  };
}
