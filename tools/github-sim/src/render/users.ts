import type { Account, SimState } from '../sim-state';
import type { WorldOrg, WorldOrgMember, WorldUser } from '../world/types';
import type {
  Email,
  OrgMembership,
  Organization,
  OrganizationSimple,
  PrivateUser,
  PublicUser,
  SimpleUser,
} from './github-types';
import { avatarUrl, nodeId, userApiUrl } from './urls';

function accountOf(s: SimState, login: string): Account {
  const account = s.findAccount(login);
  if (!account) throw new Error(`unknown account: ${login}`);
  return account;
}

/** The short user object GitHub nests everywhere (`user`, `owner`, `sender`...). */
export function renderSimpleUser(s: SimState, login: string): SimpleUser {
  const bot = s.findBot(login);
  if (bot) {
    // A GitHub App's `<slug>[bot]` user, as it authors comments, statuses and check runs.
    const botLogin = `${bot.slug}[bot]`;
    return simpleUser(s, {
      login: botLogin,
      id: bot.botId,
      type: 'Bot',
      api: `${s.urls.apiUrl}/users/${encodeURIComponent(botLogin)}`,
      htmlUrl: `${s.urls.webUrl}/apps/${bot.slug}`,
    });
  }
  const account = accountOf(s, login);
  const entity = account.kind === 'user' ? account.user : account.org;
  return simpleUser(s, {
    login: entity.login,
    id: entity.id,
    type: account.kind === 'user' ? 'User' : 'Organization',
    api: userApiUrl(s, entity.login),
    htmlUrl: `${s.urls.webUrl}/${entity.login}`,
  });
}

function simpleUser(
  s: SimState,
  user: {
    login: string;
    id: number;
    type: 'User' | 'Organization' | 'Bot';
    api: string;
    htmlUrl: string;
  },
): SimpleUser {
  const { api } = user;
  return {
    login: user.login,
    id: user.id,
    node_id: nodeId(user.type, user.id),
    avatar_url: avatarUrl(s, user.login),
    gravatar_id: '',
    url: api,
    html_url: user.htmlUrl,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type: user.type,
    user_view_type: 'public',
    site_admin: false,
  };
}

function ownedRepos(s: SimState, login: string) {
  return s.world.repos.filter((r) => r.owner.toLowerCase() === login.toLowerCase());
}

const repoSizeKb = (languages: Record<string, number>): number =>
  Math.round(Object.values(languages).reduce((a, b) => a + b, 0) / 1024);

/** `GET /users/{username}`: the public profile (organizations answer there too). */
export function renderPublicUser(s: SimState, login: string): PublicUser {
  const account = accountOf(s, login);
  const simple = renderSimpleUser(s, login);
  const publicRepos = ownedRepos(s, login).filter((r) => !r.private).length;
  if (account.kind === 'org') {
    const org = account.org;
    return {
      ...simple,
      name: org.name,
      company: null,
      blog: org.blog,
      location: org.location,
      email: org.email,
      hireable: null,
      bio: org.description,
      twitter_username: null,
      public_repos: publicRepos,
      public_gists: 0,
      followers: 0,
      following: 0,
      created_at: org.createdAt,
      updated_at: org.updatedAt,
    };
  }
  const user = account.user;
  return {
    ...simple,
    name: user.name,
    company: user.company,
    blog: user.blog,
    location: user.location,
    email: user.emailPublic ? user.email : null,
    hireable: user.hireable,
    bio: user.bio,
    twitter_username: user.twitterUsername,
    public_repos: publicRepos,
    public_gists: 0,
    followers: user.followers,
    following: user.following,
    created_at: user.createdAt,
    updated_at: user.updatedAt,
  };
}

/** `GET /user`: the signed-in user's own profile, with the private counters. */
export function renderPrivateUser(s: SimState, user: WorldUser): PrivateUser {
  const owned = ownedRepos(s, user.login);
  const privateRepos = owned.filter((r) => r.private);
  return {
    ...(renderPublicUser(s, user.login) as PrivateUser),
    private_gists: 0,
    total_private_repos: privateRepos.length,
    owned_private_repos: privateRepos.length,
    disk_usage: owned.reduce((sum, r) => sum + repoSizeKb(r.languages), 0),
    collaborators: 0,
    two_factor_authentication: false,
    plan: { name: 'free', space: 976_562_499, collaborators: 0, private_repos: 10_000 },
  };
}

/** `GET /user/emails`: the primary address (verified) and GitHub's no-reply address. */
export function renderEmails(user: WorldUser): Email[] {
  return [
    {
      email: user.email,
      primary: true,
      verified: true,
      visibility: user.emailPublic ? 'public' : 'private',
    },
    {
      email: `${user.id}+${user.login}@users.noreply.github.com`,
      primary: false,
      verified: true,
      visibility: null,
    },
  ];
}

export function renderOrgSimple(s: SimState, org: WorldOrg): OrganizationSimple {
  const api = `${s.urls.apiUrl}/orgs/${org.login}`;
  return {
    login: org.login,
    id: org.id,
    node_id: nodeId('Organization', org.id),
    url: api,
    repos_url: `${api}/repos`,
    events_url: `${api}/events`,
    hooks_url: `${api}/hooks`,
    issues_url: `${api}/issues`,
    members_url: `${api}/members{/member}`,
    public_members_url: `${api}/public_members{/member}`,
    avatar_url: avatarUrl(s, org.login),
    description: org.description,
  };
}

export function renderOrg(s: SimState, org: WorldOrg): Organization {
  const repos = ownedRepos(s, org.login);
  return {
    ...renderOrgSimple(s, org),
    name: org.name,
    blog: org.blog,
    location: org.location ?? undefined,
    email: org.email ?? undefined,
    twitter_username: null,
    is_verified: false,
    has_organization_projects: true,
    has_repository_projects: true,
    public_repos: repos.filter((r) => !r.private).length,
    public_gists: 0,
    followers: 0,
    following: 0,
    html_url: `${s.urls.webUrl}/${org.login}`,
    created_at: org.createdAt,
    updated_at: org.updatedAt,
    archived_at: null,
    type: 'Organization',
  };
}

/** `GET /orgs/{org}/memberships/{username}`: every membership in the world is active. */
export function renderOrgMembership(
  s: SimState,
  org: WorldOrg,
  member: WorldOrgMember,
): OrgMembership {
  const api = `${s.urls.apiUrl}/orgs/${org.login}`;
  return {
    url: `${api}/memberships/${member.login}`,
    state: 'active',
    role: member.role,
    organization_url: api,
    organization: renderOrgSimple(s, org),
    user: renderSimpleUser(s, member.login),
  };
}
