import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRepository } from '../../actions/repos';
import { renderFullRepo, renderRepo } from '../../render/repos';
import {
  renderEmails,
  renderOrg,
  renderOrgMembership,
  renderOrgSimple,
  renderPrivateUser,
  renderPublicUser,
} from '../../render/users';
import type { SimContext } from '../../sim-context';
import { notFound, SimError } from '../../sim-error';
import type { WorldRepo } from '../../world/types';
import {
  bodyRecord,
  direction,
  enumQuery,
  paginate,
  query,
  requireViewer,
  viewerLogin,
} from '../request-helpers';

type Params = { username: string; org: string };

const REPO_SORTS = ['created', 'updated', 'pushed', 'full_name'] as const;
type RepoSort = (typeof REPO_SORTS)[number];

/** Sorts repositories as GitHub's list endpoints do. */
function sortRepos(repos: WorldRepo[], sort: RepoSort, dir: 'asc' | 'desc'): WorldRepo[] {
  const key = (r: WorldRepo): string | number =>
    sort === 'full_name'
      ? `${r.owner}/${r.name}`.toLowerCase()
      : Date.parse(sort === 'created' ? r.createdAt : sort === 'pushed' ? r.pushedAt : r.updatedAt);
  const sign = dir === 'asc' ? 1 : -1;
  return [...repos].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return (x < y ? -1 : x > y ? 1 : a.id - b.id) * sign;
  });
}

export function registerUserRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { state } = ctx;
  /**
   * A repository list's answer: `repos` in the order of `sort` (default `defaultSort`) and
   * `direction` (ascending by default for `full_name`), paginated, as `viewer` sees them.
   */
  const repoList = (
    req: FastifyRequest,
    reply: FastifyReply,
    repos: WorldRepo[],
    defaultSort: RepoSort,
    viewer: string | null,
  ) => {
    const sort = enumQuery(req, 'sort', REPO_SORTS, defaultSort);
    const sorted = sortRepos(repos, sort, direction(req, sort === 'full_name'));
    return paginate(req, reply, state.urls.origin, sorted).map((r) => renderRepo(state, r, viewer));
  };

  app.get('/user', async (req) => {
    const viewer = requireViewer(req);
    return renderPrivateUser(state, state.requireUser(viewer.login));
  });

  app.get('/user/emails', async (req, reply) => {
    const viewer = requireViewer(req);
    return paginate(req, reply, state.urls.origin, renderEmails(state.requireUser(viewer.login)));
  });

  app.get('/user/repos', async (req, reply) => {
    const viewer = requireViewer(req);
    const login = viewer.login;
    const visibility = enumQuery(req, 'visibility', ['all', 'public', 'private'] as const, 'all');
    const type = query(req, 'type');
    const affiliation = new Set(
      (type === 'owner'
        ? 'owner'
        : type === 'member'
          ? 'collaborator,organization_member'
          : (query(req, 'affiliation') ?? 'owner,collaborator,organization_member')
      ).split(','),
    );
    const repos = state.world.repos.filter((repo) => {
      if (visibility !== 'all' && repo.private !== (visibility === 'private')) return false;
      if (type === 'public' && repo.private) return false;
      if (type === 'private' && !repo.private) return false;
      const owner = repo.owner.toLowerCase() === login.toLowerCase();
      const collaborator = repo.collaborators.some(
        (c) => c.login.toLowerCase() === login.toLowerCase(),
      );
      const member = state.isOrgMember(repo.owner, login);
      return (
        (affiliation.has('owner') && owner) ||
        (affiliation.has('collaborator') && collaborator) ||
        (affiliation.has('organization_member') && member)
      );
    });
    return repoList(req, reply, repos, 'full_name', login);
  });

  app.post('/user/repos', async (req, reply) => {
    const viewer = requireViewer(req);
    const body = bodyRecord(req);
    const repo = createRepository(ctx, {
      owner: viewer.login,
      name: typeof body.name === 'string' ? body.name : '',
      description: typeof body.description === 'string' ? body.description : null,
      private: body.private === true,
    });
    reply.code(201);
    return renderFullRepo(state, repo, viewer.login);
  });

  app.put<{ Params: { owner: string; repo: string } }>(
    '/user/starred/:owner/:repo',
    async (req, reply) => {
      const viewer = requireViewer(req);
      state.star(state.readableRepo(req.params.owner, req.params.repo, viewer.login), viewer.login);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: Params }>('/users/:username', async (req) => {
    if (!state.findAccount(req.params.username)) throw notFound();
    return renderPublicUser(state, req.params.username);
  });

  app.get<{ Params: Params }>('/users/:username/repos', async (req, reply) => {
    const account = state.findAccount(req.params.username);
    if (!account) throw notFound();
    const login = account.kind === 'user' ? account.user.login : account.org.login;
    const type = enumQuery(req, 'type', ['all', 'owner', 'member'] as const, 'owner');
    const repos = state.world.repos.filter((repo) => {
      if (repo.private) return false;
      const owner = repo.owner.toLowerCase() === login.toLowerCase();
      const member = repo.collaborators.some((c) => c.login.toLowerCase() === login.toLowerCase());
      return type === 'owner' ? owner : type === 'member' ? member : owner || member;
    });
    return repoList(req, reply, repos, 'full_name', viewerLogin(req));
  });

  app.get<{ Params: Params }>('/users/:username/orgs', async (req, reply) => {
    if (!state.findAccount(req.params.username)) throw notFound();
    const orgs = state.orgsOf(req.params.username);
    return paginate(req, reply, state.urls.origin, orgs).map((o) => renderOrgSimple(state, o));
  });

  app.get<{ Params: Params }>('/orgs/:org', async (req) => {
    const org = state.findOrg(req.params.org);
    if (!org) throw notFound();
    return renderOrg(state, org);
  });

  // GitHub tells members whether a user is a (public or private) member: 204 yes, 404 no. Anyone
  // else is redirected to the public-membership check. Every membership here is public (the
  // same ones /users/{username}/orgs lists).
  app.get<{ Params: Params }>('/orgs/:org/members/:username', async (req, reply) => {
    const org = state.findOrg(req.params.org);
    if (!org) throw notFound();
    const viewer = viewerLogin(req);
    if (!viewer || !state.isOrgMember(org.login, viewer)) {
      return reply
        .code(302)
        .header(
          'location',
          `${state.urls.apiUrl}/orgs/${org.login}/public_members/${encodeURIComponent(req.params.username)}`,
        )
        .send();
    }
    if (!state.isOrgMember(org.login, req.params.username)) throw notFound();
    return reply.code(204).send();
  });

  // A user's role in an organization. Members may ask about anyone, and anyone about
  // themselves; others get GitHub's 403. A user who is not a member is a 404.
  app.get<{ Params: Params }>('/orgs/:org/memberships/:username', async (req) => {
    const org = state.findOrg(req.params.org);
    const user = state.findUser(req.params.username);
    if (!org || !user) throw notFound();
    const viewer = requireViewer(req).login;
    const self = viewer.toLowerCase() === user.login.toLowerCase();
    if (!self && !state.isOrgMember(org.login, viewer)) {
      throw new SimError(
        403,
        `You must be a member of ${org.login} to see membership information for ${user.login}.`,
        {
          documentationUrl:
            'https://docs.github.com/rest/orgs/members#get-organization-membership-for-a-user',
        },
      );
    }
    const member = org.members.find((m) => m.login.toLowerCase() === user.login.toLowerCase());
    if (!member) throw notFound();
    return renderOrgMembership(state, org, member);
  });

  app.get<{ Params: Params }>('/orgs/:org/public_members/:username', async (req, reply) => {
    const org = state.findOrg(req.params.org);
    if (!org || !state.isOrgMember(org.login, req.params.username)) throw notFound();
    return reply.code(204).send();
  });

  app.get<{ Params: Params }>('/orgs/:org/repos', async (req, reply) => {
    const org = state.findOrg(req.params.org);
    if (!org) throw notFound();
    const viewer = viewerLogin(req);
    const type = enumQuery(
      req,
      'type',
      ['all', 'public', 'private', 'forks', 'sources', 'member'] as const,
      'all',
    );
    const repos = state.world.repos.filter((repo) => {
      if (repo.owner.toLowerCase() !== org.login.toLowerCase()) return false;
      if (!state.canRead(repo, viewer)) return false;
      if (type === 'public') return !repo.private;
      if (type === 'private') return repo.private;
      if (type === 'forks') return false;
      if (type === 'member') return state.roleOf(repo, viewer) !== null;
      return true;
    });
    return repoList(req, reply, repos, 'created', viewer);
  });
}
