import { eq } from 'drizzle-orm';
import { DEFAULT_CONTRIBUTOR_PRIVACY, type ContributorPrivacy } from '@openstake/core';
import type { AppContext } from '../../context';
import { contributorProfiles } from '../../db/schema';

/** What the contributor shows companies; the defaults until they choose. */
export async function getContributorPrivacy(
  userId: string,
  ctx: Pick<AppContext, 'db'>,
): Promise<ContributorPrivacy> {
  const [row] = await ctx.db
    .select({
      listedInDirectory: contributorProfiles.listedInDirectory,
      emailVisibleToCompanies: contributorProfiles.emailVisibleToCompanies,
      companiesMayContact: contributorProfiles.companiesMayContact,
    })
    .from(contributorProfiles)
    .where(eq(contributorProfiles.userId, userId));
  return row ?? DEFAULT_CONTRIBUTOR_PRIVACY;
}

/** Saves the contributor's choices; the directory and contact follow them from the next request. */
export async function updateContributorPrivacy(
  input: { userId: string; privacy: ContributorPrivacy },
  ctx: Pick<AppContext, 'db' | 'clock'>,
): Promise<ContributorPrivacy> {
  const values = { ...input.privacy, updatedAt: ctx.clock.now() };
  await ctx.db
    .insert(contributorProfiles)
    .values({ userId: input.userId, ...values })
    .onConflictDoUpdate({ target: contributorProfiles.userId, set: values });
  return getContributorPrivacy(input.userId, ctx);
}
