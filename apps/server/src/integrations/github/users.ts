import type { GithubClients } from './client';
import { nullIfNotFound } from './errors';
import { batchPullRequests } from './graphql-batch';
import { GITHUB_BATCH_SIZE, type GithubUsers, type ItemRef } from './port';

/** Users and organizations, over Octokit. */
export function usersAdapter(clients: GithubClients): GithubUsers {
  return {
    profileUrl(login) {
      return `${clients.config.webUrl.replace(/\/+$/, '')}/${encodeURIComponent(login)}`;
    },

    async account(token, login) {
      const found = await nullIfNotFound(
        clients.client(token).rest.users.getByUsername({ username: login }),
      );
      if (!found) return null;
      const { data } = found;
      return {
        id: data.id,
        login: data.login,
        type: data.type === 'Organization' ? 'Organization' : 'User',
      };
    },

    // GitHub answers members, and anyone asking about themselves.
    async organizationMembership(token, org, username) {
      const found = await nullIfNotFound(
        clients.client(token).rest.orgs.getMembershipForUser({ org, username }),
      );
      return found ? { active: found.data.state === 'active', role: found.data.role } : null;
    },

    async userProfile(token, login) {
      const { data } = await clients.client(token).rest.users.getByUsername({ username: login });
      return {
        avatar_url: data.avatar_url,
        name: data.name ?? null,
        bio: data.bio ?? null,
        public_repos: data.public_repos,
        followers: data.followers,
        following: data.following,
        location: data.location ?? null,
      };
    },

    async publicRepositories(token, login, limit) {
      const { data } = await clients.client(token).rest.repos.listForUser({
        username: login,
        sort: 'updated',
        per_page: limit,
        type: 'owner',
      });
      return data
        .filter((r) => !r.private)
        .map((r) => ({
          id: r.id,
          name: r.name,
          fullName: r.full_name,
          owner: r.owner.login,
          description: r.description ?? null,
          language: r.language ?? null,
          stargazersCount: r.stargazers_count ?? 0,
          forksCount: r.forks_count ?? 0,
          updatedAt: r.updated_at ?? new Date(0).toISOString(),
          htmlUrl: r.html_url,
        }));
    },

    /*
     * The starting-XP cap makes counting past `limit` pointless. A pull request its author merged,
     * in an organization of their own for instance, proves nothing and could be made by the dozen.
     * The search gives the candidates; who merged them comes from one GraphQL request per
     * GITHUB_BATCH_SIZE.
     */
    async countMergedPullRequestsToOthers(token, login, limit) {
      const octokit = clients.client(token);
      const isUser = (other: string | null | undefined) =>
        other?.toLowerCase() === login.toLowerCase();
      let count = 0;
      for await (const page of octokit.paginate.iterator(
        octokit.rest.search.issuesAndPullRequests,
        { q: `is:pr is:merged author:${login}`, per_page: 100 },
      )) {
        const refs = page.data.flatMap((item): ItemRef[] => {
          const [owner, repo] = item.repository_url.split('/').slice(-2);
          return owner && repo && !isUser(owner) ? [{ owner, repo, number: item.number }] : [];
        });
        for (let at = 0; at < refs.length; at += GITHUB_BATCH_SIZE) {
          const answers = await batchPullRequests(
            clients.client(token),
            refs.slice(at, at + GITHUB_BATCH_SIZE),
          );
          for (const answer of answers) {
            const pull = 'found' in answer ? answer.found : null;
            if (pull?.merged && pull.mergedByLogin && !isUser(pull.mergedByLogin)) count++;
            if (count >= limit) return count;
          }
        }
      }
      return count;
    },
  };
}
