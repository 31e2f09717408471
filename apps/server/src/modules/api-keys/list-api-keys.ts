import { desc, eq } from 'drizzle-orm';
import type { ApiKey } from '@openstake/core';
import type { AppContext } from '../../context';
import { apiKeys } from '../../db/schema';
import { requireOrganizationAccess } from '../organizations/organization-access';
import { toApiKeyView } from './api-key-view';

/** The organization's keys, newest first, masked: a full key is only ever shown at creation. */
export async function listApiKeys(
  input: { userId: string; organization: string },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<ApiKey[]> {
  const access = await requireOrganizationAccess(input, ctx);
  const rows = await ctx.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.organization, access.key))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKeyView);
}
