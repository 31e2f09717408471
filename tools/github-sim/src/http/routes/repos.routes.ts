import type { FastifyInstance } from 'fastify';
import type { CollaboratorPermission } from '../../render/github-types';
import { permissionFlags, renderFullRepo, renderReadme } from '../../render/repos';
import { renderSimpleUser } from '../../render/users';
import type { SimContext } from '../../sim-context';
import { notFound, SimError } from '../../sim-error';
import type { Permission } from '../../sim-state';
import { requireViewer, viewerLogin, type RepoParams } from '../request-helpers';

/** GitHub's legacy `permission`: maintain reads as write, triage as read. */
const LEGACY: Record<Permission, 'admin' | 'write' | 'read' | 'none'> = {
  admin: 'admin',
  maintain: 'write',
  write: 'write',
  triage: 'read',
  read: 'read',
  none: 'none',
};

export function registerRepoRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { state } = ctx;

  app.get<{ Params: RepoParams }>('/repos/:owner/:repo', async (req) => {
    const viewer = viewerLogin(req);
    const repo = state.readableRepo(req.params.owner, req.params.repo, viewer);
    return renderFullRepo(state, repo, viewer);
  });

  app.get<{ Params: RepoParams }>('/repos/:owner/:repo/languages', async (req) => {
    const repo = state.readableRepo(req.params.owner, req.params.repo, viewerLogin(req));
    return Object.fromEntries(Object.entries(repo.languages).sort((a, b) => b[1] - a[1]));
  });

  app.get<{ Params: RepoParams }>('/repos/:owner/:repo/readme', async (req) => {
    const repo = state.readableRepo(req.params.owner, req.params.repo, viewerLogin(req));
    if (!repo.readme) throw notFound();
    return renderReadme(state, repo);
  });

  app.get<{ Params: RepoParams & { username: string } }>(
    '/repos/:owner/:repo/collaborators/:username/permission',
    async (req): Promise<CollaboratorPermission> => {
      const viewer = requireViewer(req);
      const repo = state.readableRepo(req.params.owner, req.params.repo, viewer.login);
      // GitHub answers this only to collaborators with push access, and to an app installed on
      // the repository (its `metadata` permission, which every app has).
      const asApp = state.botPermission(viewer.login, repo, 'metadata') !== null;
      if (!asApp && !state.hasPermission(repo, viewer.login, 'write')) {
        throw new SimError(403, 'Must have push access to view collaborator permission.', {
          documentationUrl:
            'https://docs.github.com/rest/collaborators/collaborators#get-repository-permissions-for-a-user',
        });
      }
      const user = state.findUser(req.params.username);
      if (!user) {
        throw new SimError(404, `${req.params.username} is not a user`, {
          documentationUrl:
            'https://docs.github.com/rest/collaborators/collaborators#get-repository-permissions-for-a-user',
        });
      }
      const permission = state.permissionOf(repo, user.login);
      const role = state.roleOf(repo, user.login);
      const roleName = role ?? (permission === 'read' ? 'read' : '');
      return {
        permission: LEGACY[permission],
        role_name: roleName,
        user: {
          ...renderSimpleUser(state, user.login),
          permissions: permissionFlags(permission),
          role_name: roleName,
        },
      };
    },
  );
}
