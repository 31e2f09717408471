import { eq } from 'drizzle-orm';
import type { MaintainerPreferences } from '@openstake/core';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { maintainerPreferences } from '../../db/schema';
import { notificationSwitchesOf } from '../mail/notification-settings';

/** Auto-review's default: on (the spec's). The two mail switches' are their notifications'. */
export const DEFAULT_AUTO_REVIEW = true;

/**
 * The General tab's three switches: auto-review, kept here, and the maintainer's two
 * notifications (decision 018), "Email notifications" (a staked pull request waits for review)
 * and "Weekly reports", kept with every account's notification switches.
 */
export async function maintainerPreferencesOf(
  db: Queryable,
  userId: string,
): Promise<MaintainerPreferences> {
  const [[row], switches] = await Promise.all([
    db
      .select({ autoReview: maintainerPreferences.autoReviewNewRepositories })
      .from(maintainerPreferences)
      .where(eq(maintainerPreferences.userId, userId)),
    notificationSwitchesOf(db, { id: userId, role: 'maintainer' }),
  ]);
  const on = (kind: string) => switches.some((s) => s.kind === kind && s.enabled);
  return {
    autoReviewNewRepositories: row?.autoReview ?? DEFAULT_AUTO_REVIEW,
    emailNotifications: on('stake-awaiting-review'),
    weeklyReports: on('weekly-report'),
  };
}

export const getMaintainerPreferences = (
  userId: string,
  ctx: Pick<AppContext, 'db'>,
): Promise<MaintainerPreferences> => maintainerPreferencesOf(ctx.db, userId);
