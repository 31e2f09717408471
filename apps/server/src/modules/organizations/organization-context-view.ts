import type { OrganizationContext } from '@openstake/core';
import type { organizationContexts } from '../../db/schema';

export function toOrganizationContext(
  row: typeof organizationContexts.$inferSelect,
  organization: string,
): OrganizationContext {
  return {
    organization,
    context: row.context,
    repoLinks: row.repoLinks,
    updatedAt: row.updatedAt.toISOString(),
  };
}
