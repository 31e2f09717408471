import type { GithubClients } from './client';
import { commentsAdapter } from './comments';
import { issuesAdapter } from './issues';
import { oauthAdapter } from './oauth';
import type { Github } from './port';
import { pullRequestsAdapter } from './pull-requests';
import { repositoriesAdapter } from './repositories';
import { usersAdapter } from './users';

/**
 * GitHub as OpenStake uses it (the port, port.ts): the per-resource adapters over the real
 * Octokit clients (client.ts), pointed at GitHub or the simulator.
 */
export function createGithub(clients: GithubClients): Github {
  return {
    config: clients.config,
    ...oauthAdapter(clients),
    ...usersAdapter(clients),
    ...repositoriesAdapter(clients),
    ...issuesAdapter(clients),
    ...commentsAdapter(clients),
    ...pullRequestsAdapter(clients),
  };
}
