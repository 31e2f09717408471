import { isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { repositories } from '../../db/schema';
import type { RepositoryConnectionFacts } from '../../integrations/github/port';

/** How GitHub reaches OpenStake for the repository: a webhook of its own, or the app's. */
export type ConnectionRoute =
  { webhookSecretEncrypted: string; deductionPercent: number } | { installationId: number };

/**
 * Stores a repository as connected, whichever way it was connected (its own webhook, or the
 * GitHub App's installation), with everything the rest of OpenStake reads of a connected
 * repository: GitHub's id and name, the maintainer who connected it, since when, how GitHub
 * reaches it, and its main language as GitHub reports it now (suggested issues match it).
 *
 * A repository connected before and since disconnected keeps its row (its stakes refer to it)
 * and its settings. Through a webhook, an already connected repository is refused: the answer
 * is undefined. Through the app, an already connected repository is taken over (its own webhook
 * stays until it is disconnected) and keeps who connected it, and since when.
 */
export async function storeRepositoryConnection(
  input: {
    repository: RepositoryConnectionFacts;
    connectedBy: string;
    route: ConnectionRoute;
  },
  ctx: Pick<AppContext, 'db' | 'clock'>,
): Promise<typeof repositories.$inferSelect | undefined> {
  const now = ctx.clock.now();
  const common = {
    githubId: input.repository.githubId,
    fullName: input.repository.fullName.toLowerCase(),
    language: input.repository.language,
    languageReadAt: now,
  };
  const { route } = input;
  if ('installationId' in route) {
    const [row] = await ctx.db
      .insert(repositories)
      .values({
        ...common,
        connectedBy: input.connectedBy,
        installationId: route.installationId,
        connectedAt: now,
      })
      .onConflictDoUpdate({
        target: repositories.githubId,
        set: {
          ...common,
          installationId: route.installationId,
          connectedBy: sql`case when ${repositories.connectedAt} is null then excluded.connected_by else ${repositories.connectedBy} end`,
          connectedAt: sql`coalesce(${repositories.connectedAt}, excluded.connected_at)`,
        },
      })
      .returning();
    return row;
  }
  const values = {
    ...common,
    connectedBy: input.connectedBy,
    deductionPercent: route.deductionPercent,
    webhookId: null,
    webhookSecretEncrypted: route.webhookSecretEncrypted,
    connectedAt: now,
  };
  const [row] = await ctx.db
    .insert(repositories)
    .values(values)
    .onConflictDoUpdate({
      target: repositories.githubId,
      set: values,
      setWhere: isNull(repositories.connectedAt),
    })
    .returning();
  return row;
}
