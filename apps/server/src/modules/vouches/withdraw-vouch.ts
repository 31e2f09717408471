import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { requireVouchAccess } from './vouch-access';
import { keepVouchFileInStep } from './vouch-file';
import { deleteVouch } from './vouch-store';

/**
 * Takes a vouch or denouncement back (whoever said it, the file included): the user is neither
 * vouched for nor denounced in the repository any more, and their line leaves its VOUCHED.td.
 */
export async function withdrawVouch(
  input: { userId: string; owner: string; repo: string; login: string },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github' | 'log'>,
): Promise<void> {
  const { access, repository } = await requireVouchAccess(input, ctx);
  const target = await ctx.github.account(access.token, input.login);
  const removed =
    target && (await deleteVouch(ctx.db, { repositoryId: repository.id, githubUserId: target.id }));
  if (!target || !removed) {
    throw new AppError('NOT_FOUND', {
      message: `@${input.login} is neither vouched for nor denounced in ${access.fullName}`,
      field: 'login',
    });
  }
  await keepVouchFileInStep(
    {
      token: access.token,
      owner: input.owner,
      repo: input.repo,
      login: removed.login,
      kind: null,
      reason: null,
      byLogin: access.login,
    },
    ctx,
  );
}
