import type { FastifyInstance, FastifyReply } from 'fastify';
import { identiconPng } from '../../render/avatar-png';
import type { SimContext } from '../../sim-context';
import type { WorldIssue, WorldRepo } from '../../world/types';
import { escapeHtml, htmlPage } from '../html';

/**
 * The web side the JSON links point at: avatars (`avatar_url`) and plain pages for `html_url`,
 * so links in the demo lead somewhere readable.
 */
export function registerWebRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { state } = ctx;
  const avatars = new Map<string, Buffer>();

  app.get<{ Params: { file: string } }>('/avatars/:file', async (req, reply) => {
    const login = req.params.file.replace(/\.png$/i, '');
    if (!state.findAccount(login) && !state.findBot(login)) {
      return reply.code(404).type('text/plain').send('Not Found');
    }
    const key = login.toLowerCase();
    let png = avatars.get(key);
    if (!png) {
      png = identiconPng(key);
      avatars.set(key, png);
    }
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png);
  });

  const visible = (repo: WorldRepo) => !repo.private;
  const notFoundPage = () =>
    htmlPage('Page not found', '<h1>404</h1><p>This is not the web page you are looking for.</p>');
  const link = (href: string, text: string) =>
    `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
  const stateBadge = (issue: WorldIssue) => {
    const label = issue.pull?.merged ? 'merged' : issue.state;
    return `<span class="state ${label}">${label}</span>`;
  };

  app.get<{ Params: { owner: string } }>('/:owner', async (req, reply) => {
    const account = state.findAccount(req.params.owner);
    if (!account) return reply.code(404).type('text/html').send(notFoundPage());
    const login = account.kind === 'user' ? account.user.login : account.org.login;
    const name = account.kind === 'user' ? account.user.name : account.org.name;
    const bio = account.kind === 'user' ? account.user.bio : account.org.description;
    const repos = state.world.repos.filter((r) => r.owner === login && visible(r));
    const body = `
<h1><img src="/avatars/${escapeHtml(login)}.png" alt="" width="40" height="40" style="vertical-align:middle;border-radius:50%"> ${escapeHtml(name ?? login)} <span class="muted">${escapeHtml(login)}</span></h1>
<p>${escapeHtml(bio ?? '')}</p>
<h2>Repositories</h2>
<ul>${repos.map((r) => `<li>${link(`/${r.owner}/${r.name}`, r.name)} <span class="muted">${escapeHtml(r.description ?? '')}</span></li>`).join('')}</ul>`;
    return reply.type('text/html; charset=utf-8').send(htmlPage(login, body));
  });

  app.get<{ Params: { owner: string; repo: string } }>('/:owner/:repo', async (req, reply) => {
    const repo = state.findRepo(req.params.owner, req.params.repo);
    if (!repo || !visible(repo)) return reply.code(404).type('text/html').send(notFoundPage());
    const open = repo.issues.filter((i) => i.state === 'open');
    const body = `
<h1>${link(`/${repo.owner}`, repo.owner)} / ${escapeHtml(repo.name)}</h1>
<p>${escapeHtml(repo.description ?? '')}</p>
<p class="muted">${Object.keys(repo.languages).map(escapeHtml).join(' · ')} · ★ ${repo.stargazers}</p>
<h2>Open issues and pull requests</h2>
<ul>${open.map((i) => `<li>${link(`/${repo.owner}/${repo.name}/${i.pull ? 'pull' : 'issues'}/${i.number}`, `#${i.number} ${i.title}`)}</li>`).join('')}</ul>
<h2>README</h2><pre>${escapeHtml(repo.readme)}</pre>`;
    return reply
      .type('text/html; charset=utf-8')
      .send(htmlPage(`${repo.owner}/${repo.name}`, body));
  });

  const itemPage = (kind: 'issues' | 'pull') =>
    async function handler(
      req: { params: { owner: string; repo: string; number: string } },
      reply: FastifyReply,
    ) {
      const repo = state.findRepo(req.params.owner, req.params.repo);
      const issue =
        repo && visible(repo) ? state.findIssue(repo, Number(req.params.number)) : undefined;
      if (!repo || !issue || (kind === 'pull') !== !!issue.pull) {
        return reply.code(404).type('text/html').send(notFoundPage());
      }
      const labels = issue.labels
        .map((l) => `<span class="label">${escapeHtml(l)}</span>`)
        .join('');
      const comments = issue.comments
        .map(
          (c) =>
            `<h3>${link(`/${c.author}`, c.author)} <span class="muted">${c.createdAt}</span></h3><pre>${escapeHtml(c.body)}</pre>`,
        )
        .join('');
      const reviews = (issue.pull?.reviews ?? [])
        .map(
          (r) =>
            `<li>${link(`/${r.author}`, r.author)}: ${r.state.toLowerCase().replace('_', ' ')} ${escapeHtml(r.body)}</li>`,
        )
        .join('');
      const body = `
<p>${link(`/${repo.owner}/${repo.name}`, `${repo.owner}/${repo.name}`)}</p>
<h1>${escapeHtml(issue.title)} <span class="muted">#${issue.number}</span></h1>
<p>${stateBadge(issue)} opened by ${link(`/${issue.author}`, issue.author)} on ${issue.createdAt} ${labels}</p>
<pre>${escapeHtml(issue.body ?? 'No description provided.')}</pre>
${reviews ? `<h2>Reviews</h2><ul>${reviews}</ul>` : ''}
${comments ? `<h2>Comments</h2>${comments}` : ''}`;
      return reply
        .type('text/html; charset=utf-8')
        .send(htmlPage(`${issue.title} · ${repo.owner}/${repo.name}#${issue.number}`, body));
    };

  app.get<{ Params: { owner: string; repo: string; number: string } }>(
    '/:owner/:repo/issues/:number',
    itemPage('issues'),
  );
  app.get<{ Params: { owner: string; repo: string; number: string } }>(
    '/:owner/:repo/pull/:number',
    itemPage('pull'),
  );
}
