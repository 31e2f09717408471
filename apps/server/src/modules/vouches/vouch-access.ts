import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { findConnectedRepository } from '../repositories/connected-repository';
import { repoFullName, requirePushAccess } from '../repositories/repository-access';

/**
 * Who may read or change a repository's vouches: a maintainer GitHub lets push to it, on a
 * repository connected to OpenStake. The maintainer's token (for GitHub's user lookup and the
 * repository's VOUCHED.td) and the connected row.
 */
export async function requireVouchAccess(
  input: { userId: string; owner: string; repo: string },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
) {
  const access = await requirePushAccess(input, ctx);
  const repository = await findConnectedRepository(ctx.db, repoFullName(input.owner, input.repo));
  if (!repository) {
    throw new AppError('NOT_FOUND', {
      message: `${access.fullName} is not connected to OpenStake`,
    });
  }
  return { access, repository };
}
