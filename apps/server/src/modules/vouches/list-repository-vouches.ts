import type { RepositoryVouch } from '@openstake/core';
import type { AppContext } from '../../context';
import { requireVouchAccess } from './vouch-access';
import { vouchesOfRepository } from './vouch-store';

/** A repository's vouches and denouncements, newest first, for the maintainers who may push. */
export async function listRepositoryVouches(
  input: { userId: string; owner: string; repo: string },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<RepositoryVouch[]> {
  const { repository } = await requireVouchAccess(input, ctx);
  return vouchesOfRepository(ctx.db, repository.id);
}
