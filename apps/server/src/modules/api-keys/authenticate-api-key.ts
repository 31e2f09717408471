import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { apiKeys } from '../../db/schema';
import { AppError } from '../../errors';
import { organizationKey } from '../organizations/organization-access';
import { API_KEY_PATTERN, hashApiKey, sameHash } from './api-key-secret';

export interface AuthenticatedApiKey {
  id: string;
  organization: string;
  createdBy: string;
}

const invalidKey = () =>
  new AppError('UNAUTHENTICATED', {
    message:
      'Invalid or revoked API key. Send a key from Organization Settings as "Authorization: Bearer <key>".',
  });

/**
 * The key's organization and creator, for a request that bears it; 401 for a missing, malformed,
 * unknown or deleted key, 403 for another organization's key. Found by its hash (an index lookup
 * reveals nothing: an attacker cannot steer the hash of a guess), then compared in constant time.
 * Records when it was last used.
 */
export async function authenticateApiKey(
  input: { key: string | undefined; organization: string },
  ctx: Pick<AppContext, 'db' | 'clock'>,
): Promise<AuthenticatedApiKey> {
  if (!input.key || !API_KEY_PATTERN.test(input.key)) throw invalidKey();
  const hash = hashApiKey(input.key);
  const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.keyHash, hash));
  if (!row || !sameHash(row.keyHash, hash)) throw invalidKey();
  if (row.organization !== organizationKey(input.organization)) {
    throw new AppError('FORBIDDEN', {
      message: `This API key belongs to another organization, not ${input.organization}`,
    });
  }
  await ctx.db.update(apiKeys).set({ lastUsedAt: ctx.clock.now() }).where(eq(apiKeys.id, row.id));
  return { id: row.id, organization: row.organization, createdBy: row.createdBy };
}
