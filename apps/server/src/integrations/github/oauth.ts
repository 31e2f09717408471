import { exchangeWebFlowCode, getWebFlowAuthorizationUrl } from '@octokit/oauth-methods';
import { AppError } from '../../errors';
import type { GithubClients } from './client';
import { githubStatus, githubUnavailable } from './errors';
import type { GithubOAuth } from './port';

/** Signing in with GitHub: `@octokit/oauth-methods` on the web host, then the user's token. */
export function oauthAdapter(clients: GithubClients): GithubOAuth {
  const { config } = clients;
  return {
    authorizeUrl(input) {
      return getWebFlowAuthorizationUrl({
        clientType: 'oauth-app',
        clientId: config.clientId,
        redirectUrl: input.redirectUrl,
        state: input.state,
        scopes: input.scopes,
        allowSignup: true,
        request: clients.oauthRequest(),
      }).url;
    },

    async exchangeCode(input) {
      try {
        const { authentication } = await exchangeWebFlowCode({
          clientType: 'oauth-app',
          clientId: config.clientId,
          clientSecret: config.clientSecret,
          code: input.code,
          redirectUrl: input.redirectUrl,
          request: clients.oauthRequest(),
        });
        return { token: authentication.token, scope: authentication.scopes.join(',') };
      } catch (error) {
        const status = githubStatus(error);
        if (status === undefined || status >= 500) throw githubUnavailable(error);
        throw new AppError('BAD_REQUEST', {
          message: 'The GitHub sign-in link expired or was already used. Please try again.',
          cause: error,
        });
      }
    },

    async authenticatedUser(token) {
      const { data } = await clients.client(token).rest.users.getAuthenticated();
      return {
        id: data.id,
        login: data.login,
        name: data.name ?? null,
        avatarUrl: data.avatar_url,
        createdAt: new Date(data.created_at),
      };
    },

    async primaryEmail(token) {
      const { data } = await clients.client(token).rest.users.listEmailsForAuthenticatedUser({
        per_page: 100,
      });
      return data.find((e) => e.primary && e.verified)?.email ?? null;
    },
  };
}
