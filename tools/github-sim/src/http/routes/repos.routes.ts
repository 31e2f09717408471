import type { FastifyInstance } from 'fastify';
import type { CollaboratorPermission } from '../../render/github-types';
import { readFile, commitFile } from '../../actions/contents';
import {
  permissionFlags,
  renderFile,
  renderFileCommit,
  renderFullRepo,
  renderReadme,
} from '../../render/repos';
import { renderSimpleUser } from '../../render/users';
import type { SimContext } from '../../sim-context';
import { notFound, SimError, validationFailed } from '../../sim-error';
import type { Permission } from '../../sim-state';
import { bodyRecord, requireViewer, viewerLogin, type RepoParams } from '../request-helpers';

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

  // A file on the default branch (`ref` is not simulated); a folder's listing is not simulated.
  app.get<{ Params: RepoParams & { '*': string } }>(
    '/repos/:owner/:repo/contents/*',
    async (req) => {
      const repo = state.readableRepo(req.params.owner, req.params.repo, viewerLogin(req));
      const path = req.params['*'];
      const text = readFile(ctx, repo, path);
      if (text === undefined) throw notFound();
      return renderFile(state, repo, path, text);
    },
  );

  app.put<{ Params: RepoParams & { '*': string } }>(
    '/repos/:owner/:repo/contents/*',
    async (req, reply) => {
      const viewer = requireViewer(req);
      const body = bodyRecord(req);
      const invalid = (field: string) =>
        validationFailed({ resource: 'Commit', code: 'invalid', field });
      if (typeof body.message !== 'string' || !body.message) throw invalid('message');
      if (typeof body.content !== 'string') throw invalid('content');
      if (body.sha !== undefined && typeof body.sha !== 'string') throw invalid('sha');
      const { value } = commitFile(ctx, {
        owner: req.params.owner,
        repo: req.params.repo,
        path: req.params['*'],
        text: Buffer.from(body.content, 'base64').toString('utf8'),
        message: body.message,
        by: viewer.login,
        ...(typeof body.sha === 'string' && { sha: body.sha }),
      });
      reply.code(value.created ? 201 : 200);
      return renderFileCommit(
        state,
        value.repo,
        value.path,
        readFile(ctx, value.repo, value.path) ?? '',
        {
          sha: value.commitSha,
          message: body.message,
          by: viewer.login,
        },
      );
    },
  );

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
