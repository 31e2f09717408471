import { eq } from 'drizzle-orm';
import type { OrganizationContext } from '@openstake/core';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { organizationContexts } from '../../db/schema';
import { AppError } from '../../errors';
import { organizationKey, requireOrganizationAccess } from './organization-access';
import { toOrganizationContext } from './organization-context-view';

export async function findOrganizationContext(db: Queryable, organization: string) {
  const [row] = await db
    .select()
    .from(organizationContexts)
    .where(eq(organizationContexts.organization, organizationKey(organization)));
  return row;
}

export async function getOrganizationContext(
  input: { userId: string; organization: string },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<OrganizationContext> {
  const access = await requireOrganizationAccess(input, ctx);
  const row = await findOrganizationContext(ctx.db, access.key);
  if (!row) {
    throw new AppError('NOT_FOUND', { message: 'No context saved for this organization' });
  }
  return toOrganizationContext(row, access.login);
}
