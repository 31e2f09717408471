import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { apiKeys } from '../../db/schema';
import { AppError } from '../../errors';
import { requireOrganizationAccess } from '../organizations/organization-access';

/** Revokes a key at once: the row goes, so the next call with it is refused. */
export async function deleteApiKey(
  input: { userId: string; organization: string; keyId: string },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<void> {
  const access = await requireOrganizationAccess(input, ctx);
  const deleted = await ctx.db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, input.keyId), eq(apiKeys.organization, access.key)))
    .returning({ id: apiKeys.id });
  if (deleted.length === 0) {
    throw new AppError('NOT_FOUND', { message: `No API key ${input.keyId} for ${access.login}` });
  }
}
