import type { RewardAllowance } from '@openstake/core';
import type { AppContext } from '../../context';
import { pullRequestFacts } from '../../integrations/github/facts';
import { mergeSourceOf, standingOf, xpAllowanceOf } from '../xp/pay-merge-reward';
import { contributorWithLogin } from './contributor-with-login';
import { pullRequestWithPushAccess } from './pull-request-with-push-access';

/**
 * What a merge of this pull request by this maintainer could make count for its author now
 * (decision 012): the merge dialog previews the reward with it and core's countXp, the function
 * the merge pays with. Nobody is rewarded for their own pull request or an outsider's.
 */
export async function getRewardAllowance(
  input: { userId: string; owner: string; repo: string; pullNumber: number },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock'>,
): Promise<RewardAllowance> {
  const { access, pr } = await pullRequestWithPushAccess(input, ctx);
  const author = pr.user.login;
  const selfMerge = author.toLowerCase() === access.login.toLowerCase();
  const contributorId = selfMerge ? null : await contributorWithLogin(ctx.db, author);
  const source = mergeSourceOf(
    { ...pullRequestFacts(pr), mergedByLogin: access.login, mergedById: access.accountId },
    access.fullName,
  );
  const at = ctx.clock.now();
  const allowance = contributorId
    ? await xpAllowanceOf(ctx.db, { userId: contributorId, source, at })
    : {
        standing: standingOf(source, at),
        countedFromMaintainer: 0,
        countedFromOrganization: 0,
      };
  return { contributor: contributorId ? author : null, ...allowance };
}
