import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { renderInstallation, renderInstallationRepo } from '../render/apps';
import { renderSimpleUser } from '../render/users';
import type { Outcome, SimContext } from '../sim-context';
import { notFound, SimError, validationFailed } from '../sim-error';
import {
  isoNow,
  newToken,
  type AppPermissionLevel,
  type AppPermissions,
  type SimApp,
  type SimInstallation,
  type TokenInfo,
} from '../sim-state';
import type { WorldRepo } from '../world/types';

/** What a GitHub App asks for unless told otherwise: what OpenStake's app needs. */
export const DEFAULT_APP_PERMISSIONS: AppPermissions = {
  metadata: 'read',
  contents: 'read',
  issues: 'write',
  pull_requests: 'write',
  statuses: 'write',
  checks: 'write',
};

export const DEFAULT_APP_EVENTS = [
  'issues',
  'issue_comment',
  'pull_request',
  'pull_request_review',
  'status',
  'check_run',
  'push',
];

/** Installation access tokens live one hour, as on GitHub. */
export const INSTALLATION_TOKEN_TTL_MS = 60 * 60 * 1000;

export interface CreateAppInput {
  /** URL-safe name; the bot is `<slug>[bot]`. */
  slug: string;
  name?: string;
  /** Default: the next free id. */
  id?: number;
  /** The owning user or organization; default `openstake-labs`. */
  owner?: string;
  description?: string | null;
  /** PEM private key (PKCS#1 or PKCS#8); default a fresh 2048-bit RSA key. */
  privateKey?: string;
  /** Where the app's webhooks go; none are sent without one. */
  webhookUrl?: string | null;
  webhookSecret?: string | null;
  permissions?: AppPermissions;
  /** Repository events the app subscribes to (`installation*` are always sent). */
  events?: string[];
}

const LEVELS: AppPermissionLevel[] = ['read', 'write', 'admin'];
const rank = (level: AppPermissionLevel) => LEVELS.indexOf(level);

export function createApp(ctx: SimContext, input: CreateAppInput): SimApp {
  const { state } = ctx;
  if (!/^[a-z0-9][a-z0-9-]*$/.test(input.slug)) {
    throw new SimError(400, 'slug must be lower-case letters, digits and dashes');
  }
  if (state.findApp(input.slug)) throw new SimError(409, `app ${input.slug} already exists`);
  if (input.id !== undefined && state.findApp(input.id)) {
    throw new SimError(409, `app id ${input.id} is taken`);
  }
  const owner = state.findAccount(input.owner ?? 'openstake-labs');
  if (!owner) throw new SimError(404, `Unknown account: ${input.owner ?? ''}`);
  const url = input.webhookUrl ?? null;
  if (url !== null && !/^https?:\/\/\S+$/i.test(url)) {
    throw new SimError(400, 'webhookUrl must be an http(s) URL');
  }
  let privateKey = input.privateKey;
  if (!privateKey) {
    privateKey = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    }).privateKey;
  }
  let publicKey;
  try {
    publicKey = createPublicKey(createPrivateKey(privateKey));
  } catch {
    throw new SimError(400, 'privateKey is not a PEM private key');
  }
  const now = isoNow();
  const id = input.id ?? state.nextId('app');
  const app: SimApp = {
    id,
    slug: input.slug,
    name: input.name ?? input.slug,
    description: input.description ?? null,
    clientId: `Iv23sim${String(id).padStart(13, '0')}`,
    owner: owner.kind === 'user' ? owner.user.login : owner.org.login,
    privateKey,
    publicKey,
    botId: state.nextId('bot'),
    permissions: { ...(input.permissions ?? DEFAULT_APP_PERMISSIONS) },
    events: [...(input.events ?? DEFAULT_APP_EVENTS)],
    hook: url
      ? {
          id: state.nextId('hook'),
          repoId: 0,
          active: true,
          events: [],
          config: {
            url,
            contentType: 'json',
            secret: input.webhookSecret ?? null,
            insecureSsl: '0',
          },
          createdAt: now,
          updatedAt: now,
          lastResponse: { code: null, status: 'unused', message: null },
        }
      : null,
    createdAt: now,
    updatedAt: now,
  };
  state.apps.push(app);
  return app;
}

/**
 * Points an app's webhook somewhere else, or sets its secret, as GitHub's app settings page (and
 * `PATCH /app/hook/config`) does: a server that learns its own address only once it listens
 * registers the app first and its webhook URL after. `webhookUrl: null` stops the deliveries.
 */
export function updateAppWebhook(
  ctx: SimContext,
  idOrSlug: number | string,
  input: { webhookUrl?: string | null; webhookSecret?: string | null },
): SimApp {
  const app = requireApp(ctx, idOrSlug);
  const url = input.webhookUrl === undefined ? (app.hook?.config.url ?? null) : input.webhookUrl;
  if (url !== null && !/^https?:\/\/\S+$/i.test(url)) {
    throw new SimError(400, 'webhookUrl must be an http(s) URL');
  }
  const secret =
    input.webhookSecret === undefined ? (app.hook?.config.secret ?? null) : input.webhookSecret;
  const now = isoNow();
  if (url === null) {
    app.hook = null;
  } else if (app.hook) {
    app.hook.config.url = url;
    app.hook.config.secret = secret;
    app.hook.updatedAt = now;
  } else {
    app.hook = {
      id: ctx.state.nextId('hook'),
      repoId: 0,
      active: true,
      events: [],
      config: { url, contentType: 'json', secret, insecureSsl: '0' },
      createdAt: now,
      updatedAt: now,
      lastResponse: { code: null, status: 'unused', message: null },
    };
  }
  app.updatedAt = now;
  return app;
}

export function requireApp(ctx: SimContext, idOrSlug: number | string): SimApp {
  const app = ctx.state.findApp(idOrSlug);
  if (!app) throw new SimError(404, `Unknown app: ${idOrSlug}`);
  return app;
}

export function requireInstallation(ctx: SimContext, id: number): SimInstallation {
  const installation = ctx.state.findInstallation(id);
  if (!installation) throw notFound();
  return installation;
}

/** Repositories of the installation's account, by name or `owner/name`. */
function accountRepos(ctx: SimContext, account: string, names: readonly string[]): WorldRepo[] {
  return names.map((name) => {
    const [owner, repoName] = name.includes('/') ? name.split('/') : [account, name];
    const repo = ctx.state.findRepo(owner ?? '', repoName ?? '');
    if (!repo || repo.owner.toLowerCase() !== account.toLowerCase()) {
      throw new SimError(404, `No repository ${name} of ${account}`);
    }
    return repo;
  });
}

/** Who installs by default: the user, or an owner of the organization. */
function defaultSender(ctx: SimContext, account: string): string {
  const org = ctx.state.findOrg(account);
  return org?.members.find((m) => m.role === 'admin')?.login ?? account;
}

export interface InstallAppInput {
  /** App id or slug. */
  app: number | string;
  /** The user or organization the app is installed on. */
  account: string;
  /** `'all'` (default) or repository names (`name` or `owner/name`) of the account. */
  repositories?: 'all' | string[];
  /** The user who installs (webhook `sender`); default the account or an owner of it. */
  by?: string;
}

/** Installs an app on an account: webhook `installation` created to the app. */
export function installApp(ctx: SimContext, input: InstallAppInput): Outcome<SimInstallation> {
  const { state } = ctx;
  const app = requireApp(ctx, input.app);
  const account = state.findAccount(input.account);
  if (!account) throw new SimError(404, `Unknown account: ${input.account}`);
  const login = account.kind === 'user' ? account.user.login : account.org.login;
  if (state.installations.some((i) => i.appId === app.id && i.account === login)) {
    throw new SimError(409, `${app.slug} is already installed on ${login}`);
  }
  const selected = input.repositories ?? 'all';
  const repos = selected === 'all' ? [] : accountRepos(ctx, login, selected);
  const now = isoNow();
  const installation: SimInstallation = {
    id: state.nextId('installation'),
    appId: app.id,
    account: login,
    repositorySelection: selected === 'all' ? 'all' : 'selected',
    repoIds: [...new Set(repos.map((r) => r.id))],
    createdAt: now,
    updatedAt: now,
  };
  state.installations.push(installation);
  const sender = state.requireActor(input.by ?? defaultSender(ctx, login));
  const payload = {
    action: 'created',
    installation: renderInstallation(state, installation),
    repositories: state.installationRepos(installation).map(renderInstallationRepo),
    requester: null,
    sender: renderSimpleUser(state, sender),
  };
  return {
    value: installation,
    delivered: ctx.webhooks.emitApp(app, 'installation', payload, installation.id),
  };
}

/** Uninstalls: its tokens stop working; webhook `installation` deleted to the app. */
export function uninstallApp(
  ctx: SimContext,
  input: { installationId: number; by?: string },
): Outcome<void> {
  const { state } = ctx;
  const installation = requireInstallation(ctx, input.installationId);
  const app = requireApp(ctx, installation.appId);
  const sender = state.requireActor(input.by ?? defaultSender(ctx, installation.account));
  const payload = {
    action: 'deleted',
    installation: renderInstallation(state, installation),
    repositories: state.installationRepos(installation).map(renderInstallationRepo),
    sender: renderSimpleUser(state, sender),
  };
  state.installations.splice(state.installations.indexOf(installation), 1);
  for (const [token, info] of state.tokens) {
    if (info.installation?.id === installation.id) state.tokens.delete(token);
  }
  return {
    value: undefined,
    delivered: ctx.webhooks.emitApp(app, 'installation', payload, installation.id),
  };
}

export interface InstallationRepositoriesInput {
  installationId: number;
  /** Repository names (`name` or `owner/name`) of the installation's account. */
  repositories: string[];
  by?: string;
}

/**
 * Adds or removes repositories of an installation: webhook `installation_repositories` added or
 * removed. Removing from an `all` installation turns it into a selection of the others, as on
 * GitHub; adding to one changes nothing.
 */
export function changeInstallationRepositories(
  ctx: SimContext,
  input: InstallationRepositoriesInput,
  action: 'added' | 'removed',
): Outcome<SimInstallation> {
  const { state } = ctx;
  const installation = requireInstallation(ctx, input.installationId);
  const app = requireApp(ctx, installation.appId);
  const repos = accountRepos(ctx, installation.account, input.repositories);
  const before = state.installationRepos(installation);
  if (action === 'added') {
    if (installation.repositorySelection === 'selected') {
      for (const repo of repos) {
        if (!installation.repoIds.includes(repo.id)) installation.repoIds.push(repo.id);
      }
    }
  } else {
    installation.repoIds = before.filter((r) => !repos.includes(r)).map((r) => r.id);
    installation.repositorySelection = 'selected';
  }
  const after = state.installationRepos(installation);
  const changed =
    action === 'added'
      ? after.filter((r) => !before.includes(r))
      : before.filter((r) => !after.includes(r));
  if (changed.length === 0) return { value: installation, delivered: Promise.resolve() };
  installation.updatedAt = isoNow();
  const sender = state.requireActor(input.by ?? defaultSender(ctx, installation.account));
  const payload = {
    action,
    installation: renderInstallation(state, installation),
    repository_selection: installation.repositorySelection,
    repositories_added: action === 'added' ? changed.map(renderInstallationRepo) : [],
    repositories_removed: action === 'removed' ? changed.map(renderInstallationRepo) : [],
    requester: null,
    sender: renderSimpleUser(state, sender),
  };
  return {
    value: installation,
    delivered: ctx.webhooks.emitApp(app, 'installation_repositories', payload, installation.id),
  };
}

/**
 * `POST /app/installations/{id}/access_tokens`: a `ghs_` token for one hour (on the simulator's
 * clock), optionally narrowed to some repositories (`repositories` names or `repository_ids`) and
 * permissions.
 */
export function createInstallationToken(
  ctx: SimContext,
  input: {
    installationId: number;
    repositories?: unknown;
    repositoryIds?: unknown;
    permissions?: unknown;
  },
): { token: string; info: TokenInfo & { installation: NonNullable<TokenInfo['installation']> } } {
  const { state } = ctx;
  const installation = requireInstallation(ctx, input.installationId);
  const app = requireApp(ctx, installation.appId);
  const covered = state.installationRepos(installation);
  let repoIds: number[] | null = null;
  const invalid = (field: string) =>
    validationFailed({ resource: 'InstallationToken', code: 'invalid', field });
  if (input.repositories !== undefined || input.repositoryIds !== undefined) {
    const names = input.repositories ?? [];
    const ids = input.repositoryIds ?? [];
    if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) {
      throw invalid('repositories');
    }
    if (!Array.isArray(ids) || !ids.every((n) => typeof n === 'number')) {
      throw invalid('repository_ids');
    }
    const wanted = [
      ...covered.filter((r) =>
        (names as string[]).some((n) => n.toLowerCase() === r.name.toLowerCase()),
      ),
      ...covered.filter((r) => (ids as number[]).includes(r.id)),
    ];
    if (wanted.length !== names.length + ids.length) {
      throw new SimError(
        422,
        'There is at least one repository that does not exist or is not accessible to the parent installation.',
        {
          documentationUrl:
            'https://docs.github.com/rest/apps/apps#create-an-installation-access-token-for-an-app',
        },
      );
    }
    repoIds = [...new Set(wanted.map((r) => r.id))];
  }
  let permissions: AppPermissions = { ...app.permissions };
  if (input.permissions !== undefined) {
    if (typeof input.permissions !== 'object' || input.permissions === null) {
      throw invalid('permissions');
    }
    permissions = {};
    for (const [name, level] of Object.entries(input.permissions)) {
      const granted = app.permissions[name];
      if (!LEVELS.includes(level as AppPermissionLevel) || !granted) throw invalid('permissions');
      if (rank(level as AppPermissionLevel) > rank(granted)) {
        throw new SimError(422, 'The permissions requested are not granted to this installation.');
      }
      permissions[name] = level as AppPermissionLevel;
    }
  }
  const token = newToken('ghs_');
  const info = {
    login: `${app.slug}[bot]`,
    scopes: [],
    installation: {
      id: installation.id,
      repoIds,
      permissions,
      expiresAt: state.now() + INSTALLATION_TOKEN_TTL_MS,
    },
  };
  state.tokens.set(token, info);
  return { token, info };
}

/** Makes installation tokens expire now (all, or one installation's): the next use is a 401. */
export function expireInstallationTokens(ctx: SimContext, installationId?: number): number {
  let count = 0;
  for (const info of ctx.state.tokens.values()) {
    if (!info.installation) continue;
    if (installationId !== undefined && info.installation.id !== installationId) continue;
    info.installation.expiresAt = Math.min(info.installation.expiresAt, ctx.state.now());
    count += 1;
  }
  return count;
}

/** Whether an installation token reaches a repository. */
export function tokenCovers(ctx: SimContext, info: TokenInfo, repo: WorldRepo): boolean {
  if (!info.installation) return true;
  const installation = ctx.state.findInstallation(info.installation.id);
  if (!installation || !ctx.state.installationRepos(installation).includes(repo)) return false;
  return info.installation.repoIds === null || info.installation.repoIds.includes(repo.id);
}
