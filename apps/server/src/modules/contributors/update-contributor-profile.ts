import type { AppContext } from '../../context';
import { contributorProfiles } from '../../db/schema';
import { AppError } from '../../errors';

/** Only the owner edits a profile; the 500-character bio limit is the database's too. */
export async function updateContributorProfile(
  input: { viewerId: string; userId: string; name: string; bio: string },
  ctx: Pick<AppContext, 'db'>,
): Promise<void> {
  if (input.viewerId !== input.userId)
    throw new AppError('FORBIDDEN', { message: 'You can only edit your own profile' });
  const values = {
    name: input.name.trim() || null,
    bio: input.bio.trim() || null,
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(contributorProfiles)
    .values({ userId: input.userId, ...values })
    .onConflictDoUpdate({ target: contributorProfiles.userId, set: values });
}
