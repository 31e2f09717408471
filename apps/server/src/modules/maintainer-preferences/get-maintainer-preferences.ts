import { eq } from 'drizzle-orm';
import type { MaintainerPreferences } from '@openstake/core';
import type { AppContext } from '../../context';
import { maintainerPreferences } from '../../db/schema';

/** The switch defaults: auto-review on, email on, weekly reports off. */
export const DEFAULT_MAINTAINER_PREFERENCES: Readonly<MaintainerPreferences> = {
  autoReviewNewRepositories: true,
  emailNotifications: true,
  weeklyReports: false,
};

export async function getMaintainerPreferences(
  userId: string,
  ctx: Pick<AppContext, 'db'>,
): Promise<MaintainerPreferences> {
  const [row] = await ctx.db
    .select()
    .from(maintainerPreferences)
    .where(eq(maintainerPreferences.userId, userId));
  return row ? toMaintainerPreferences(row) : { ...DEFAULT_MAINTAINER_PREFERENCES };
}

export const toMaintainerPreferences = (
  row: typeof maintainerPreferences.$inferSelect,
): MaintainerPreferences => ({
  autoReviewNewRepositories: row.autoReviewNewRepositories,
  emailNotifications: row.emailNotifications,
  weeklyReports: row.weeklyReports,
});
