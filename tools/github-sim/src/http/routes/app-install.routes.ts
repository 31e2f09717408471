import type { FastifyInstance, FastifyReply } from 'fastify';
import { asRecord } from '../../as-record';
import { controlAddInstallationRepositories, controlInstallApp } from '../../control';
import type { SimContext } from '../../sim-context';
import { escapeHtml, htmlPage } from '../html';

const page = (reply: FastifyReply, status: number, title: string, body: string) =>
  reply.code(status).type('text/html; charset=utf-8').send(htmlPage(title, body));

/**
 * GitHub's page for installing an app (`/apps/{slug}/installations/new`, where a GitHub App's
 * "Install" link goes): the visitor picks the simulated GitHub account that installs and one
 * repository; the app is installed on the repository's account with that repository (or the
 * repository is added to its installation there), which sends the app's `installation` or
 * `installation_repositories` webhook. Installing needs admin access to the repository, as on
 * GitHub (an organization owner, or the repository's admin).
 */
export function registerAppInstallRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { state } = ctx;

  app.get<{ Params: { slug: string } }>('/apps/:slug/installations/new', async (req, reply) => {
    const simApp = state.findApp(req.params.slug);
    if (!simApp) return page(reply, 404, 'Page not found', '<h1>404</h1><p>No such app.</p>');
    const users = state.world.users
      .map((u) => `<option value="${escapeHtml(u.login)}">${escapeHtml(u.login)}</option>`)
      .join('');
    const repos = state.world.repos
      .map((r) => `${r.owner}/${r.name}`)
      .map((n) => `<option value="${escapeHtml(n)}">${escapeHtml(n)}</option>`)
      .join('');
    const title = `Install ${simApp.name}`;
    const body = `
<h1>${escapeHtml(title)}</h1>
<p>This is the GitHub simulator. Choose who installs the app, and on which repository.</p>
<form method="post" action="/apps/${escapeHtml(simApp.slug)}/installations/new">
<label for="login">GitHub account</label>
<select id="login" name="login">${users}</select>
<label for="repository">Repository</label>
<select id="repository" name="repository">${repos}</select>
<div class="actions"><button class="primary" type="submit">Install</button></div>
</form>`;
    return page(reply, 200, title, body);
  });

  app.post<{ Params: { slug: string } }>('/apps/:slug/installations/new', async (req, reply) => {
    const simApp = state.findApp(req.params.slug);
    if (!simApp) return page(reply, 404, 'Page not found', '<h1>404</h1><p>No such app.</p>');
    const form = asRecord(req.body);
    const login = typeof form.login === 'string' ? form.login : '';
    const fullName = typeof form.repository === 'string' ? form.repository : '';
    const [owner = '', name = ''] = fullName.split('/');
    const user = state.findUser(login);
    const repo = state.findRepo(owner, name);
    if (!user || !repo) {
      return page(reply, 400, 'Installation error', '<p>Unknown account or repository.</p>');
    }
    if (!state.hasPermission(repo, user.login, 'admin')) {
      return page(
        reply,
        403,
        'Installation error',
        `<h1>Installation error</h1><p>${escapeHtml(user.login)} needs admin access to ${escapeHtml(fullName)} to install ${escapeHtml(simApp.name)} on it.</p>`,
      );
    }
    const existing = state.installations.find(
      (i) => i.appId === simApp.id && i.account.toLowerCase() === repo.owner.toLowerCase(),
    );
    if (!existing) {
      await controlInstallApp(ctx, {
        app: simApp.id,
        account: repo.owner,
        repositories: [repo.name],
        by: user.login,
      });
    } else if (!state.installationRepos(existing).includes(repo)) {
      await controlAddInstallationRepositories(ctx, {
        installationId: existing.id,
        repositories: [repo.name],
        by: user.login,
      });
    }
    const title = `${simApp.name} is installed`;
    return page(
      reply,
      200,
      title,
      `<h1>${escapeHtml(title)}</h1><p data-testid="installed">${escapeHtml(simApp.name)} is installed on ${escapeHtml(`${repo.owner}/${repo.name}`)}. You can close this tab.</p>`,
    );
  });
}
