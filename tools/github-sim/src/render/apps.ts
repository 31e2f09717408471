import type { SimApp, SimInstallation, SimState } from '../sim-state';
import type { WorldRepo } from '../world/types';
import type { Installation, Integration } from './github-types';
import { nodeId } from './urls';
import { renderSimpleUser } from './users';

/** `GET /app`, and the `app` of check runs and comments made by an app. */
export function renderApp(s: SimState, app: SimApp): Integration {
  return {
    id: app.id,
    slug: app.slug,
    node_id: nodeId('App', app.id),
    client_id: app.clientId,
    owner: renderSimpleUser(s, app.owner),
    name: app.name,
    description: app.description,
    external_url: `${s.urls.webUrl}/apps/${app.slug}`,
    html_url: `${s.urls.webUrl}/apps/${app.slug}`,
    created_at: app.createdAt,
    updated_at: app.updatedAt,
    permissions: app.permissions,
    events: app.events,
    installations_count: s.installations.filter((i) => i.appId === app.id).length,
  };
}

/** `GET /app/installations/{id}` and the `installation` of the `installation` webhooks. */
export function renderInstallation(s: SimState, installation: SimInstallation): Installation {
  const app = s.findApp(installation.appId);
  if (!app) throw new Error(`installation ${installation.id} has no app`);
  const account = renderSimpleUser(s, installation.account);
  const org = account.type === 'Organization';
  return {
    id: installation.id,
    account,
    repository_selection: installation.repositorySelection,
    access_tokens_url: `${s.urls.apiUrl}/app/installations/${installation.id}/access_tokens`,
    repositories_url: `${s.urls.apiUrl}/installation/repositories`,
    html_url: org
      ? `${s.urls.webUrl}/organizations/${account.login}/settings/installations/${installation.id}`
      : `${s.urls.webUrl}/settings/installations/${installation.id}`,
    app_id: app.id,
    client_id: app.clientId,
    target_id: account.id,
    target_type: account.type,
    permissions: app.permissions,
    events: app.events,
    created_at: installation.createdAt,
    updated_at: installation.updatedAt,
    single_file_name: null,
    has_multiple_single_files: false,
    single_file_paths: [],
    app_slug: app.slug,
    suspended_by: null,
    suspended_at: null,
    contact_email: null,
  };
}

/** The short repository objects of the `installation` and `installation_repositories` webhooks. */
export const renderInstallationRepo = (repo: WorldRepo) => ({
  id: repo.id,
  node_id: nodeId('Repository', repo.id),
  name: repo.name,
  full_name: `${repo.owner}/${repo.name}`,
  private: repo.private,
});
