import { Octokit } from '@octokit/rest';
import type { GithubSim } from '@openstake/github-sim';
import { trackIssue } from '../../src/modules/issues/track-issue';
import type { TestApp } from './test-app';

export const REPO = { owner: 'openstake-labs', repo: 'stake-engine' };
export const REPO_FULL_NAME = `${REPO.owner}/${REPO.repo}`;

/**
 * Test factories for staking: a real issue on the simulated GitHub, tracked by OpenStake as a
 * suggested issue would be, and a real pull request by a contributor.
 */
export function stakeWorld(app: TestApp, sim: GithubSim) {
  const maintainer = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('mia-maintainer') });
  return {
    async createIssue(options: { labels?: string[]; title?: string } = {}) {
      const { data: issue } = await maintainer.rest.issues.create({
        ...REPO,
        title: options.title ?? 'Make staking faster',
        labels: options.labels ?? [],
      });
      const { data: repo } = await maintainer.rest.repos.get(REPO);
      const repository = {
        description: repo.description,
        language: repo.language,
        stargazersCount: repo.stargazers_count,
        htmlUrl: repo.html_url,
      };
      return trackIssue(app.ctx.db, { repositoryFullName: REPO_FULL_NAME, issue, repository });
    },
    async openPullRequest(author: string, issueNumber: number) {
      const pr = await sim.openPullRequest({
        ...REPO,
        author,
        title: `Work on #${issueNumber}`,
        body: `Fixes #${issueNumber}`,
      });
      return { number: pr.number, url: pr.html_url };
    },
  };
}
