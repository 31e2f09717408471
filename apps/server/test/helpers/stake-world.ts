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
export function stakeWorld(
  app: TestApp,
  sim: GithubSim,
  target: { owner: string; repo: string } = REPO,
) {
  const fullName = `${target.owner}/${target.repo}`;
  const maintainer = new Octokit({ baseUrl: sim.apiUrl, auth: sim.tokenFor('mia-maintainer') });
  return {
    async createIssue(options: { labels?: string[]; title?: string } = {}) {
      const { data: issue } = await maintainer.rest.issues.create({
        ...target,
        title: options.title ?? 'Make staking faster',
        labels: options.labels ?? [],
      });
      const { data: repo } = await maintainer.rest.repos.get(target);
      const repository = {
        description: repo.description,
        language: repo.language,
        stargazersCount: repo.stargazers_count,
        htmlUrl: repo.html_url,
        private: repo.private,
      };
      return trackIssue(app.ctx.db, { repositoryFullName: fullName, issue, repository });
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
