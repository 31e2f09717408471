import { count, eq } from 'drizzle-orm';
import { maskApiKey, type CreatedApiKey } from '@openstake/core';
import type { AppContext } from '../../context';
import { apiKeys } from '../../db/schema';
import { AppError } from '../../errors';
import { findOrganizationContext } from '../organizations/get-organization-context';
import { requireOrganizationAccess } from '../organizations/organization-access';
import { toApiKeyView } from './api-key-view';
import { hashApiKey, newApiKey } from './api-key-secret';

/** Enough for one key per workflow and a few spares; more suggests keys nobody cleans up. */
export const MAX_API_KEYS_PER_ORGANIZATION = 25;

/**
 * Creates an API key for the organization's automation workflow. The key is made here, stored
 * only as its SHA-256 hash and its masked form, and returned in full this once. The automation
 * comments as the maintainer who created it, with the context saved for the organization, so a
 * key needs a saved context.
 */
export async function createApiKey(
  input: { userId: string; organization: string; name: string },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock'>,
): Promise<CreatedApiKey> {
  const access = await requireOrganizationAccess(input, ctx);
  if (!(await findOrganizationContext(ctx.db, access.key))) {
    throw new AppError('BAD_REQUEST', { message: 'You need to generate context first.' });
  }
  const [existing] = await ctx.db
    .select({ n: count() })
    .from(apiKeys)
    .where(eq(apiKeys.organization, access.key));
  if ((existing?.n ?? 0) >= MAX_API_KEYS_PER_ORGANIZATION) {
    throw new AppError('CONFLICT', {
      message: `${access.login} already has ${MAX_API_KEYS_PER_ORGANIZATION} API keys: delete one first`,
    });
  }
  const secretKey = newApiKey();
  const [row] = await ctx.db
    .insert(apiKeys)
    .values({
      organization: access.key,
      name: input.name.trim() || null,
      keyHash: hashApiKey(secretKey),
      maskedKey: maskApiKey(secretKey),
      createdBy: input.userId,
      createdAt: ctx.clock.now(),
    })
    .returning();
  if (!row) throw new Error('insert into api_keys returned no row');
  return { ...toApiKeyView(row), secretKey };
}
