import type { SpamMarkResult } from '@openstake/core';
import type { AppContext } from '../../context';
import { spamMarkablePullRequest } from './spam-markable-pull-request';
import { deleteSpamMark } from './spam-mark-store';

/** A maintainer takes back a spam mark: it no longer weighs on the author's standing. */
export async function undoSpamMark(
  input: { userId: string; owner: string; repo: string; pullNumber: number },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github'>,
): Promise<SpamMarkResult> {
  const { access, pr } = await spamMarkablePullRequest(input, ctx);
  await deleteSpamMark(ctx.db, access.fullName, pr.number);
  return { spamMarked: false, author: pr.authorLogin };
}
