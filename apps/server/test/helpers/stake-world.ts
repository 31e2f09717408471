import { Octokit } from '@octokit/rest';
import type { GithubSim } from '@openstake/github-sim';
import { trackIssue } from '../../src/modules/issues/track-issue';
import type { TestApp } from './test-app';

export const REPO = { owner: 'openstake-labs', repo: 'stake-engine' };
export const REPO_FULL_NAME = `${REPO.owner}/${REPO.repo}`;

/**
 * An issue opened on the simulated GitHub by `login` in `target`, tracked by OpenStake as a
 * suggested issue would be (with the repository's details as GitHub gives them).
 */
export async function trackedGithubIssue(
  app: TestApp,
  sim: GithubSim,
  input: {
    login: string;
    target: { owner: string; repo: string };
    title?: string;
    labels?: string[];
  },
) {
  const github = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor(input.login) });
  const { data: issue } = await github.rest.issues.create({
    ...input.target,
    title: input.title ?? 'Make staking faster',
    labels: input.labels ?? [],
  });
  const { data: repo } = await github.rest.repos.get(input.target);
  return trackIssue(app.ctx.db, {
    repositoryFullName: `${input.target.owner}/${input.target.repo}`,
    issue,
    repository: {
      description: repo.description,
      language: repo.language ?? null,
      stargazersCount: repo.stargazers_count,
      htmlUrl: repo.html_url,
      private: repo.private,
    },
  });
}

/**
 * Test factories for staking: a real issue on the simulated GitHub, tracked by OpenStake as a
 * suggested issue would be, and a real pull request by a contributor.
 */
export function stakeWorld(
  app: TestApp,
  sim: GithubSim,
  target: { owner: string; repo: string } = REPO,
) {
  return {
    createIssue(options: { labels?: string[]; title?: string } = {}) {
      return trackedGithubIssue(app, sim, { login: 'mia-maintainer', target, ...options });
    },
    async openPullRequest(author: string, issueNumber: number) {
      const pr = await sim.openPullRequest({
        ...target,
        author,
        title: `Work on #${issueNumber}`,
        body: `Fixes #${issueNumber}`,
      });
      return { number: pr.number, url: pr.html_url };
    },
  };
}

/**
 * What `who` must stake on the issue now, as its page tells them: the issue's stake priced by
 * their standing (decision 015). For tests whose contributor's standing moves (a rejection, XP
 * from several maintainers) while the test is about something else.
 */
export async function stakePriceOf(
  app: TestApp,
  who: { cookie: string },
  issueId: number,
): Promise<number> {
  const res = await app.server.inject({
    method: 'POST',
    url: `/api/contributor/issue-details/${String(issueId)}`,
    headers: { cookie: who.cookie },
    payload: {},
  });
  if (res.statusCode !== 200) throw new Error(`issue page: ${res.body}`);
  return res.json<{ data: { issue: { stakePrice: { amount: number } } } }>().data.issue.stakePrice
    .amount;
}
