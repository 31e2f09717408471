import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { githubInstallations, repositories } from '../../db/schema';
import type { GithubApp } from '../../integrations/github/port';
import { userByGithubId } from '../github/github-account';
import { storeRepositoryConnection } from './store-repository-connection';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'log' | 'githubApp'>;

interface RepositoryRef {
  id?: unknown;
  full_name?: unknown;
}

/** What is kept of an `installation` or `installation_repositories` delivery (settlementRecord). */
export interface InstallationEventPayload {
  action?: string;
  installation?: { id?: unknown; app_id?: unknown; account?: { login?: unknown } };
  sender?: { id?: unknown; login?: unknown };
  repositories?: RepositoryRef[];
  repositories_added?: RepositoryRef[];
  repositories_removed?: RepositoryRef[];
}

interface Repo {
  githubId: number;
  owner: string;
  name: string;
}

const reposOf = (list: RepositoryRef[] | undefined): Repo[] =>
  (list ?? []).flatMap((r) => {
    if (typeof r.id !== 'number' || typeof r.full_name !== 'string') return [];
    const [owner, name] = r.full_name.split('/');
    return owner && name ? [{ githubId: r.id, owner, name }] : [];
  });

/**
 * The OpenStake maintainer whose verified GitHub account (OAuth, github_accounts) is the sender:
 * the only one who may connect repositories by installing the app. Found by GitHub's numeric id,
 * which a renamed account keeps.
 */
async function maintainerOf(ctx: Ctx, githubId: unknown): Promise<{ id: string } | undefined> {
  if (typeof githubId !== 'number') return undefined;
  const user = await userByGithubId(ctx.db, githubId);
  return user?.role === 'maintainer' ? { id: user.id } : undefined;
}

/**
 * Connects repositories through the installation when the sender is an OpenStake maintainer who
 * can push to each of them; otherwise they stay installed but not connected, and the
 * installation says why. A repository connected before by its own webhook is taken over by the
 * app (its hook stays until it is disconnected, so GitHub may deliver each of its events twice:
 * a copy with the same delivery id is recorded once; otherwise both are, and settling is
 * exactly-once, so the second changes nothing).
 */
async function connectThroughInstallation(
  ctx: Ctx,
  app: GithubApp,
  installationId: number,
  sender: { id?: unknown; login?: unknown } | undefined,
  repos: Repo[],
): Promise<void> {
  const login = typeof sender?.login === 'string' ? sender.login : '';
  const refuse = async (reason: string) => {
    ctx.log.info({ installationId, reason }, 'installed repositories not connected');
    await ctx.db
      .update(githubInstallations)
      .set({ notConnectedReason: reason })
      .where(eq(githubInstallations.installationId, installationId));
  };
  if (repos.length === 0) return;
  const maintainer = await maintainerOf(ctx, sender?.id);
  if (!maintainer) {
    await refuse(`${login} has no OpenStake maintainer account with this GitHub account connected`);
    return;
  }
  const refused: string[] = [];
  for (const repo of repos) {
    if (
      !(await app.canPush(installationId, { owner: repo.owner, repo: repo.name, username: login }))
    ) {
      refused.push(`${repo.owner}/${repo.name}`);
      continue;
    }
    // The event names the repository only; the rest of what a connection keeps is asked of
    // GitHub. One the installation no longer sees (removed since) is not connected.
    const repository = await app.repository(installationId, { owner: repo.owner, repo: repo.name });
    if (!repository) continue;
    await storeRepositoryConnection(
      { repository, connectedBy: maintainer.id, route: { installationId } },
      ctx,
    );
  }
  if (refused.length) await refuse(`${login} cannot push to ${refused.join(', ')}`);
}

/**
 * Disconnects repositories connected through the installation (all of them, or those listed);
 * one that also has its own webhook stays connected by it.
 */
async function disconnectFromInstallation(
  ctx: Ctx,
  installationId: number,
  githubIds?: number[],
): Promise<void> {
  if (githubIds?.length === 0) return;
  await ctx.db
    .update(repositories)
    .set({
      installationId: null,
      connectedAt: sql`case when ${repositories.webhookSecretEncrypted} is null then null else ${repositories.connectedAt} end`,
    })
    .where(
      and(
        eq(repositories.installationId, installationId),
        githubIds ? inArray(repositories.githubId, githubIds) : undefined,
      ),
    );
}

/**
 * Applies a recorded `installation` (created, deleted) or `installation_repositories` (added,
 * removed) event of OpenStake's GitHub App: records the installation and connects or
 * disconnects its repositories. Idempotent, so the job may run it again after a failure.
 */
export async function applyInstallationEvent(
  ctx: Ctx,
  event: { event: string; payload: unknown },
): Promise<void> {
  const app = ctx.githubApp;
  const payload = event.payload as InstallationEventPayload;
  const installationId = payload.installation?.id;
  if (!app || typeof installationId !== 'number') return;
  if (event.event === 'installation' && payload.action === 'created') {
    const account = payload.installation?.account?.login;
    const values = {
      installationId,
      appId:
        typeof payload.installation?.app_id === 'number'
          ? payload.installation.app_id
          : app.settings.appId,
      accountLogin: typeof account === 'string' ? account : '',
      installedByLogin: typeof payload.sender?.login === 'string' ? payload.sender.login : '',
      notConnectedReason: null,
      deletedAt: null,
    };
    await ctx.db
      .insert(githubInstallations)
      .values(values)
      .onConflictDoUpdate({ target: githubInstallations.installationId, set: values });
    await connectThroughInstallation(
      ctx,
      app,
      installationId,
      payload.sender,
      reposOf(payload.repositories),
    );
  } else if (event.event === 'installation' && payload.action === 'deleted') {
    await ctx.db
      .update(githubInstallations)
      .set({ deletedAt: ctx.clock.now() })
      .where(eq(githubInstallations.installationId, installationId));
    await disconnectFromInstallation(ctx, installationId);
    app.forgetInstallation(installationId);
  } else if (event.event === 'installation_repositories' && payload.action === 'added') {
    await connectThroughInstallation(
      ctx,
      app,
      installationId,
      payload.sender,
      reposOf(payload.repositories_added),
    );
  } else if (event.event === 'installation_repositories' && payload.action === 'removed') {
    await disconnectFromInstallation(
      ctx,
      installationId,
      reposOf(payload.repositories_removed).map((r) => r.githubId),
    );
  }
}
