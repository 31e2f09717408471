import type { RepositoryVouch, VouchKindName } from '@openstake/core';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { requireVouchAccess } from './vouch-access';
import { keepVouchFileInStep } from './vouch-file';
import { upsertVouch, vouchesOfRepository, type VouchSourceColumn } from './vouch-store';

/**
 * A maintainer vouches for or denounces a GitHub user in a repository they may push to (decision
 * 015, part 3), from the settings, a pull request's card or a `/vouch` `/denounce` command. The
 * user is kept by GitHub id (a rename keeps the word), read from GitHub's `GET /users/{login}`.
 * A maintainer says nothing about themself: with push access they cannot stake there anyway.
 * The repository's VOUCHED.td, when it has one, follows.
 */
export async function setVouch(
  input: {
    userId: string;
    owner: string;
    repo: string;
    login: string;
    kind: VouchKindName;
    reason?: string | undefined;
    source: Exclude<VouchSourceColumn, 'file'>;
  },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock' | 'log'>,
): Promise<RepositoryVouch> {
  const reason = input.reason?.trim() || null;
  if (input.kind === 'denounced' && !reason) {
    throw new AppError('BAD_REQUEST', {
      message: 'Say why you denounce them (1 to 300 characters)',
      field: 'reason',
    });
  }
  const { access, repository } = await requireVouchAccess(input, ctx);
  const target = await ctx.github.account(access.token, input.login);
  if (!target || target.type !== 'User') {
    throw new AppError('NOT_FOUND', {
      message: `GitHub has no user @${input.login}`,
      field: 'login',
    });
  }
  if (target.id === access.accountId) {
    throw new AppError('BAD_REQUEST', {
      message: `You cannot vouch for or denounce yourself in ${access.fullName}: you can push to it, so you never stake there`,
      field: 'login',
    });
  }
  await upsertVouch(ctx.db, {
    repositoryId: repository.id,
    githubUserId: target.id,
    login: target.login,
    kind: input.kind,
    reason,
    decidedBy: input.userId,
    source: input.source,
    now: ctx.clock.now(),
  });
  await keepVouchFileInStep(
    {
      token: access.token,
      owner: input.owner,
      repo: input.repo,
      login: target.login,
      kind: input.kind,
      reason,
      byLogin: access.login,
    },
    ctx,
  );
  const rows = await vouchesOfRepository(ctx.db, repository.id);
  const saved = rows.find((row) => row.githubUserId === target.id);
  if (!saved) throw new AppError('INTERNAL', { message: 'The vouch was not saved' });
  return saved;
}
