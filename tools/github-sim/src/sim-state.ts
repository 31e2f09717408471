import { randomBytes, type KeyObject } from 'node:crypto';
import { notFound, SimError } from './sim-error';
import type { RepoRole, World, WorldIssue, WorldOrg, WorldRepo, WorldUser } from './world/types';

export interface SimUrls {
  origin: string;
  /** REST base URL, `${origin}/api/v3` as on GitHub Enterprise Server. */
  apiUrl: string;
  /** OAuth pages, avatars and `html_url` links. */
  webUrl: string;
}

/** GitHub's legacy permission names, as `GET .../collaborators/{username}/permission` reports. */
export type Permission = RepoRole | 'none';

export interface TokenInfo {
  /** The user's login, or `<slug>[bot]` for an installation token. */
  login: string;
  scopes: string[];
  /** Set for an installation access token (`ghs_...`). */
  installation?: {
    id: number;
    /** The repositories the token may reach: all of the installation's when null. */
    repoIds: number[] | null;
    permissions: AppPermissions;
    /** Epoch milliseconds, on the simulator's clock (`SimState.now()`). */
    expiresAt: number;
  };
}

export type AppPermissionLevel = 'read' | 'write' | 'admin';
/** A GitHub App's permissions, as GitHub names them: `{ issues: 'write', metadata: 'read' }`. */
export type AppPermissions = Record<string, AppPermissionLevel>;

/** A GitHub App registered in the simulator. */
export interface SimApp {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  clientId: string;
  /** The account that owns the app. */
  owner: string;
  /** PEM (PKCS#1, as GitHub issues them). */
  privateKey: string;
  publicKey: KeyObject;
  /** The id of the `<slug>[bot]` user. */
  botId: number;
  permissions: AppPermissions;
  events: string[];
  /** The app's one webhook (app-level URL and secret), or null without a webhook URL. */
  hook: Hook | null;
  createdAt: string;
  updatedAt: string;
}

/** An installation of an app on one account, for all its repositories or selected ones. */
export interface SimInstallation {
  id: number;
  appId: number;
  /** The user or organization login. */
  account: string;
  repositorySelection: 'all' | 'selected';
  /** The selected repositories (unused for `all`). */
  repoIds: number[];
  createdAt: string;
  updatedAt: string;
}

export interface HookConfig {
  url: string;
  contentType: 'json' | 'form';
  secret: string | null;
  insecureSsl: string;
}

export interface Hook {
  id: number;
  repoId: number;
  active: boolean;
  events: string[];
  config: HookConfig;
  createdAt: string;
  updatedAt: string;
  lastResponse: { code: number | null; status: string; message: string | null };
}

export type StatusState = 'error' | 'failure' | 'pending' | 'success';

/** A commit status (`POST /repos/{owner}/{repo}/statuses/{sha}`). */
export interface SimStatus {
  id: number;
  repoId: number;
  sha: string;
  state: StatusState;
  targetUrl: string | null;
  description: string | null;
  context: string;
  creator: string;
  createdAt: string;
  updatedAt: string;
}

export type CheckRunStatus = 'queued' | 'in_progress' | 'completed';
export type CheckRunConclusion =
  'action_required' | 'cancelled' | 'failure' | 'neutral' | 'success' | 'skipped' | 'timed_out';

/** A check run, always made by a GitHub App. */
export interface SimCheckRun {
  id: number;
  repoId: number;
  appId: number;
  checkSuiteId: number;
  headSha: string;
  name: string;
  status: CheckRunStatus;
  conclusion: CheckRunConclusion | null;
  startedAt: string | null;
  completedAt: string | null;
  detailsUrl: string | null;
  externalId: string;
  output: { title: string | null; summary: string | null; text: string | null };
  createdAt: string;
  updatedAt: string;
}

export type Account = { kind: 'user'; user: WorldUser } | { kind: 'org'; org: WorldOrg };

const RANK: Record<Permission, number> = {
  none: 0,
  read: 1,
  triage: 2,
  write: 3,
  maintain: 4,
  admin: 5,
};

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A GitHub-looking token: a prefix (`gho_` for OAuth) and 36 base62 characters. */
export function newToken(prefix: string): string {
  const bytes = randomBytes(36);
  let body = '';
  for (const byte of bytes) body += TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length];
  return `${prefix}${body}`;
}

/** The scopes of a token made without the OAuth flow (`tokenFor`, `POST /_sim/tokens`). */
export const DEFAULT_TOKEN_SCOPES: readonly string[] = [
  'repo',
  'read:org',
  'user:email',
  'admin:repo_hook',
];

/** GitHub's timestamps: ISO 8601 in UTC, whole seconds. */
export const isoNow = (): string => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Everything the running simulator knows: the world it mutates, who holds which token, the
 * repository webhooks. Lookups are case-insensitive, as GitHub's are.
 */
export class SimState {
  readonly world: World;
  urls: SimUrls = { origin: '', apiUrl: '', webUrl: '' };
  readonly tokens = new Map<string, TokenInfo>();
  readonly hooks: Hook[] = [];
  readonly apps: SimApp[] = [];
  readonly installations: SimInstallation[] = [];
  readonly statuses: SimStatus[] = [];
  readonly checkRuns: SimCheckRun[] = [];
  /** Commits pushed at run time that are no pull request's head any more, as `repoId:sha`. */
  readonly commits = new Set<string>();
  /** Files committed through the contents API, by `${repo.id}:${path}`, as text. */
  readonly files = new Map<string, string>();
  /** The default branch's head commit of a repository that had a commit through the contents API. */
  readonly heads = new Map<number, string>();
  /** Added to the real time by `now()`: moved forward to expire installation tokens in tests. */
  clockOffsetMs = 0;
  private readonly users = new Map<string, WorldUser>();
  private readonly orgs = new Map<string, WorldOrg>();
  private readonly repos = new Map<string, WorldRepo>();
  private readonly counters: Record<
    | 'issue'
    | 'pull'
    | 'comment'
    | 'review'
    | 'label'
    | 'hook'
    | 'app'
    | 'bot'
    | 'installation'
    | 'status'
    | 'checkRun'
    | 'checkSuite'
    | 'repo',
    number
  >;
  /** Who starred each repository at run time (by repository id), so a star counts once. */
  private readonly starrers = new Map<number, Set<string>>();

  constructor(world: World) {
    this.world = world;
    for (const user of world.users) this.users.set(user.login.toLowerCase(), user);
    for (const org of world.orgs) this.orgs.set(org.login.toLowerCase(), org);
    for (const repo of world.repos) this.repos.set(this.repoKey(repo.owner, repo.name), repo);
    const issues = world.repos.flatMap((r) => r.issues);
    const max = (values: number[]) => values.reduce((a, b) => Math.max(a, b), 1);
    this.counters = {
      issue: max(issues.map((i) => i.id)),
      pull: max(issues.flatMap((i) => (i.pull ? [i.pull.id] : []))),
      comment: max(issues.flatMap((i) => i.comments.map((c) => c.id))),
      review: max(issues.flatMap((i) => i.pull?.reviews.map((r) => r.id) ?? [])),
      label: max(world.repos.flatMap((r) => r.labels.map((l) => l.id))),
      hook: 500_000_000,
      app: 300_000,
      bot: 190_000_000,
      installation: 60_000_000,
      status: 30_000_000_000,
      checkRun: 20_000_000_000,
      checkSuite: 25_000_000_000,
      repo: max(world.repos.map((r) => r.id)),
    };
  }

  nextId(kind: keyof SimState['counters']): number {
    this.counters[kind] += 1;
    return this.counters[kind];
  }

  private repoKey(owner: string, name: string): string {
    return `${owner.toLowerCase()}/${name.toLowerCase()}`;
  }

  findUser(login: string): WorldUser | undefined {
    return this.users.get(login.toLowerCase());
  }

  findOrg(login: string): WorldOrg | undefined {
    return this.orgs.get(login.toLowerCase());
  }

  findAccount(login: string): Account | undefined {
    const user = this.findUser(login);
    if (user) return { kind: 'user', user };
    const org = this.findOrg(login);
    return org ? { kind: 'org', org } : undefined;
  }

  /** The simulator's clock in epoch milliseconds: the real time plus `clockOffsetMs`. */
  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  findApp(idOrSlug: number | string): SimApp | undefined {
    return this.apps.find((a) =>
      typeof idOrSlug === 'number'
        ? a.id === idOrSlug
        : a.slug.toLowerCase() === idOrSlug.toLowerCase() || String(a.id) === idOrSlug,
    );
  }

  /** The app whose bot user is `login` (`<slug>[bot]`). */
  findBot(login: string): SimApp | undefined {
    const match = /^(.+)\[bot\]$/i.exec(login);
    return match?.[1]
      ? this.apps.find((a) => a.slug.toLowerCase() === match[1]?.toLowerCase())
      : undefined;
  }

  /** A user's or an app bot's login as spelled in the world, or 404 for an unknown one. */
  requireActor(login: string): string {
    const bot = this.findBot(login);
    return bot ? `${bot.slug}[bot]` : this.requireUser(login).login;
  }

  findInstallation(id: number): SimInstallation | undefined {
    return this.installations.find((i) => i.id === id);
  }

  /** The repositories an installation covers, in the world's order. */
  installationRepos(installation: SimInstallation): WorldRepo[] {
    const account = installation.account.toLowerCase();
    return this.world.repos.filter(
      (r) =>
        r.owner.toLowerCase() === account &&
        (installation.repositorySelection === 'all' || installation.repoIds.includes(r.id)),
    );
  }

  /** The installations (of any app) that cover `repo`: their apps get the repository's events. */
  installationsCovering(repo: WorldRepo): SimInstallation[] {
    return this.installations.filter((i) => this.installationRepos(i).includes(repo));
  }

  /** The installation of `app` on the repository's account, if it covers the repository. */
  installationFor(app: SimApp, repo: WorldRepo): SimInstallation | undefined {
    return this.installationsCovering(repo).find((i) => i.appId === app.id);
  }

  /** An app bot's permission `name` on a repository its app is installed on. */
  botPermission(login: string, repo: WorldRepo, name: string): AppPermissionLevel | null {
    const app = this.findBot(login);
    const installation = app ? this.installationFor(app, repo) : undefined;
    return app && installation ? (app.permissions[name] ?? null) : null;
  }

  requireUser(login: string): WorldUser {
    const user = this.findUser(login);
    if (!user) throw new SimError(404, `Unknown user: ${login}`);
    return user;
  }

  /** A repository created at run time (`POST /user/repos`). */
  addRepo(repo: WorldRepo): void {
    this.world.repos.push(repo);
    this.repos.set(this.repoKey(repo.owner, repo.name), repo);
  }

  /** Stars `repo` for `login` once (`PUT /user/starred/...`); its stargazer count follows. */
  star(repo: WorldRepo, login: string): void {
    const starrers = this.starrers.get(repo.id) ?? new Set<string>();
    this.starrers.set(repo.id, starrers);
    if (starrers.has(login.toLowerCase())) return;
    starrers.add(login.toLowerCase());
    repo.stargazers += 1;
  }

  findRepo(owner: string, name: string): WorldRepo | undefined {
    return this.repos.get(this.repoKey(owner, name));
  }

  repoById(id: number): WorldRepo | undefined {
    return this.world.repos.find((r) => r.id === id);
  }

  /** The repository, or GitHub's 404 when it does not exist or `viewer` may not see it. */
  readableRepo(owner: string, name: string, viewer: string | null): WorldRepo {
    const repo = this.findRepo(owner, name);
    if (!repo || !this.canRead(repo, viewer)) throw notFound();
    return repo;
  }

  ownerAccount(repo: WorldRepo): Account {
    const account = this.findAccount(repo.owner);
    if (!account) throw new Error(`repository ${repo.owner}/${repo.name} has no owner account`);
    return account;
  }

  /** The role a user holds on a repository through ownership, organization or collaboration. */
  roleOf(repo: WorldRepo, login: string | null): RepoRole | null {
    if (!login) return null;
    const bot = this.findBot(login);
    if (bot) {
      // An app's bot reaches the repositories its app is installed on, as its permissions allow.
      const permission = (name: string) => this.botPermission(login, repo, name);
      if (!this.installationFor(bot, repo)) return null;
      if (permission('administration') === 'write') return 'admin';
      if (permission('contents') === 'write') return 'write';
      if (permission('issues') === 'write' || permission('pull_requests') === 'write') {
        return 'triage';
      }
      return 'read';
    }
    const lower = login.toLowerCase();
    if (repo.owner.toLowerCase() === lower) return 'admin';
    const org = this.findOrg(repo.owner);
    const member = org?.members.find((m) => m.login.toLowerCase() === lower);
    if (member?.role === 'admin') return 'admin';
    const collaborator = repo.collaborators.find((c) => c.login.toLowerCase() === lower);
    const base: RepoRole | null = member ? 'read' : null;
    if (collaborator && (!base || RANK[collaborator.role] > RANK[base])) return collaborator.role;
    return base;
  }

  /** The effective permission: anyone may read a public repository. */
  permissionOf(repo: WorldRepo, login: string | null): Permission {
    const role = this.roleOf(repo, login);
    if (role) return role;
    return repo.private ? 'none' : 'read';
  }

  hasPermission(repo: WorldRepo, login: string | null, needed: RepoRole): boolean {
    return RANK[this.permissionOf(repo, login)] >= RANK[needed];
  }

  canRead(repo: WorldRepo, login: string | null): boolean {
    return this.hasPermission(repo, login, 'read');
  }

  isOrgMember(orgLogin: string, login: string): boolean {
    const org = this.findOrg(orgLogin);
    return !!org?.members.some((m) => m.login.toLowerCase() === login.toLowerCase());
  }

  orgsOf(login: string): WorldOrg[] {
    return this.world.orgs.filter((o) => this.isOrgMember(o.login, login));
  }

  /** GitHub's `author_association` of `login` on an item of `repo`. */
  authorAssociation(
    repo: WorldRepo,
    login: string,
  ):
    | 'OWNER'
    | 'MEMBER'
    | 'COLLABORATOR'
    | 'CONTRIBUTOR'
    | 'FIRST_TIMER'
    | 'FIRST_TIME_CONTRIBUTOR'
    | 'MANNEQUIN'
    | 'NONE' {
    const lower = login.toLowerCase();
    if (repo.owner.toLowerCase() === lower) return 'OWNER';
    if (this.isOrgMember(repo.owner, login)) return 'MEMBER';
    if (repo.collaborators.some((c) => c.login.toLowerCase() === lower)) return 'COLLABORATOR';
    const merged = repo.issues.some((i) => i.pull?.merged && i.author.toLowerCase() === lower);
    return merged ? 'CONTRIBUTOR' : 'NONE';
  }

  findIssue(repo: WorldRepo, number: number): WorldIssue | undefined {
    return repo.issues.find((i) => i.number === number);
  }

  issueToken(login: string, scopes: readonly string[] = DEFAULT_TOKEN_SCOPES): string {
    const user = this.requireUser(login);
    const token = newToken('gho_');
    this.tokens.set(token, { login: user.login, scopes: [...scopes] });
    return token;
  }

  hooksOf(repo: WorldRepo): Hook[] {
    return this.hooks.filter((h) => h.repoId === repo.id);
  }
}
