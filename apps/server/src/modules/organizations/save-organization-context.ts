import type { OrganizationContext } from '@openstake/core';
import type { AppContext } from '../../context';
import { organizationContexts } from '../../db/schema';
import { requireOrganizationAccess } from './organization-access';
import { toOrganizationContext } from './organization-context-view';
import { parseRepositoryLinks } from './repository-links';

/** Saves (or replaces) the organization's context, as the maintainer reviewed and edited it. */
export async function saveOrganizationContext(
  input: { userId: string; organization: string; context: string; repoLinks: string[] },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock'>,
): Promise<OrganizationContext> {
  const access = await requireOrganizationAccess(input, ctx);
  const links = parseRepositoryLinks(input.repoLinks, {
    organization: access.login,
    githubWebUrl: ctx.github.config.webUrl,
    field: 'repoLinks',
  });
  const values = {
    context: input.context,
    repoLinks: links.map((l) => l.htmlUrl),
    updatedBy: input.userId,
    updatedAt: ctx.clock.now(),
  };
  const [row] = await ctx.db
    .insert(organizationContexts)
    .values({ organization: access.key, ...values })
    .onConflictDoUpdate({ target: organizationContexts.organization, set: values })
    .returning();
  if (!row) throw new Error('upsert into organization_contexts returned no row');
  return toOrganizationContext(row, access.login);
}
