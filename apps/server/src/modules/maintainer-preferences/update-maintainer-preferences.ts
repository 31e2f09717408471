import type { MaintainerPreferences } from '@openstake/core';
import type { AppContext } from '../../context';
import { maintainerPreferences } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { setNotificationSwitches } from '../mail/notification-settings';
import { maintainerPreferencesOf } from './get-maintainer-preferences';

/** Saves the maintainer's three switches, replacing what was there, in one transaction. */
export async function updateMaintainerPreferences(
  input: { userId: string; preferences: MaintainerPreferences },
  ctx: Pick<AppContext, 'db' | 'clock'>,
): Promise<MaintainerPreferences> {
  const { autoReviewNewRepositories, emailNotifications, weeklyReports } = input.preferences;
  return inTransaction(ctx.db, async (tx) => {
    const updatedAt = ctx.clock.now();
    await tx
      .insert(maintainerPreferences)
      .values({ userId: input.userId, autoReviewNewRepositories, updatedAt })
      .onConflictDoUpdate({
        target: maintainerPreferences.userId,
        set: { autoReviewNewRepositories, updatedAt },
      });
    await setNotificationSwitches(
      tx,
      {
        user: { id: input.userId, role: 'maintainer' },
        changes: { 'stake-awaiting-review': emailNotifications, 'weekly-report': weeklyReports },
      },
      ctx,
    );
    return maintainerPreferencesOf(tx, input.userId);
  });
}
