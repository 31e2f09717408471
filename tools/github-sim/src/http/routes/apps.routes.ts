import type { FastifyInstance } from 'fastify';
import { createInstallationToken } from '../../actions/apps';
import { renderApp, renderInstallation } from '../../render/apps';
import type { InstallationRepositories, InstallationToken } from '../../render/github-types';
import { renderRepo } from '../../render/repos';
import type { SimContext } from '../../sim-context';
import { notFound } from '../../sim-error';
import type { SimApp, SimInstallation } from '../../sim-state';
import {
  bodyRecord,
  numberParam,
  paginate,
  requireInstallationToken,
  requireIntegration,
  type RepoParams,
} from '../request-helpers';

type InstallationParams = { installation_id: string };

/** GitHub's ISO timestamp of an epoch-milliseconds time. */
const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The GitHub App endpoints: what an app's JWT reaches (`/app...`, the installation of a
 * repository, organization or user) and what its installation tokens list.
 */
export function registerAppRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { state } = ctx;

  const installationsOf = (integration: SimApp): SimInstallation[] =>
    state.installations.filter((i) => i.appId === integration.id);

  const ownInstallation = (integration: SimApp, id: string): SimInstallation => {
    const installation = state.findInstallation(numberParam(id));
    if (!installation || installation.appId !== integration.id) throw notFound();
    return installation;
  };

  /** The app's installation on an account, or 404. */
  const installationOn = (integration: SimApp, login: string): SimInstallation => {
    const installation = installationsOf(integration).find(
      (i) => i.account.toLowerCase() === login.toLowerCase(),
    );
    if (!installation) throw notFound();
    return installation;
  };

  app.get('/app', async (req) => renderApp(state, requireIntegration(req)));

  app.get('/app/installations', async (req, reply) => {
    const integration = requireIntegration(req);
    return paginate(req, reply, state.urls.origin, installationsOf(integration)).map((i) =>
      renderInstallation(state, i),
    );
  });

  app.get<{ Params: InstallationParams }>('/app/installations/:installation_id', async (req) =>
    renderInstallation(state, ownInstallation(requireIntegration(req), req.params.installation_id)),
  );

  app.post<{ Params: InstallationParams }>(
    '/app/installations/:installation_id/access_tokens',
    async (req, reply): Promise<InstallationToken> => {
      const installation = ownInstallation(requireIntegration(req), req.params.installation_id);
      const body = bodyRecord(req);
      const { token, info } = createInstallationToken(ctx, {
        installationId: installation.id,
        repositories: body.repositories,
        repositoryIds: body.repository_ids,
        permissions: body.permissions,
      });
      const narrowed = info.installation.repoIds;
      reply.code(201);
      return {
        token,
        expires_at: iso(info.installation.expiresAt),
        permissions: info.installation.permissions,
        repository_selection: narrowed ? 'selected' : installation.repositorySelection,
        ...(narrowed
          ? {
              repositories: narrowed.flatMap((id) => {
                const repo = state.repoById(id);
                return repo ? [renderRepo(state, repo)] : [];
              }),
            }
          : {}),
      };
    },
  );

  app.get('/installation/repositories', async (req, reply): Promise<InstallationRepositories> => {
    const viewer = requireInstallationToken(
      req,
      'You must authenticate with an installation access token in order to list repositories for an installation.',
    );
    const installation = state.findInstallation(viewer.installation.id);
    if (!installation) throw notFound();
    const narrowed = viewer.installation.repoIds;
    const repos = state
      .installationRepos(installation)
      .filter((r) => narrowed === null || narrowed.includes(r.id));
    return {
      total_count: repos.length,
      repositories: paginate(req, reply, state.urls.origin, repos).map((r) =>
        renderRepo(state, r, viewer.login),
      ),
      repository_selection: narrowed ? 'selected' : installation.repositorySelection,
    };
  });

  app.get<{ Params: RepoParams }>('/repos/:owner/:repo/installation', async (req) => {
    const integration = requireIntegration(req);
    const repo = state.findRepo(req.params.owner, req.params.repo);
    const installation = repo ? state.installationFor(integration, repo) : undefined;
    if (!installation) throw notFound();
    return renderInstallation(state, installation);
  });

  app.get<{ Params: { org: string } }>('/orgs/:org/installation', async (req) => {
    const integration = requireIntegration(req);
    if (!state.findOrg(req.params.org)) throw notFound();
    return renderInstallation(state, installationOn(integration, req.params.org));
  });

  app.get<{ Params: { username: string } }>('/users/:username/installation', async (req) => {
    const integration = requireIntegration(req);
    if (!state.findAccount(req.params.username)) throw notFound();
    return renderInstallation(state, installationOn(integration, req.params.username));
  });
}
