import type { MaintainerPreferences } from '@openstake/core';
import type { AppContext } from '../../context';
import { maintainerPreferences } from '../../db/schema';
import { toMaintainerPreferences } from './get-maintainer-preferences';

/** Saves the maintainer's three switches, replacing what was there. */
export async function updateMaintainerPreferences(
  input: { userId: string; preferences: MaintainerPreferences },
  ctx: Pick<AppContext, 'db' | 'clock'>,
): Promise<MaintainerPreferences> {
  const values = { ...input.preferences, updatedAt: ctx.clock.now() };
  const [row] = await ctx.db
    .insert(maintainerPreferences)
    .values({ userId: input.userId, ...values })
    .onConflictDoUpdate({ target: maintainerPreferences.userId, set: values })
    .returning();
  if (!row) throw new Error('upsert into maintainer_preferences returned no row');
  return toMaintainerPreferences(row);
}
