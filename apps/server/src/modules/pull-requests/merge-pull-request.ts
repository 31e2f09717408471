import { computeMergeReward, type MergeFeedback, type MergeResult } from '@openstake/core';
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction, isUniqueViolation } from '../../db/transaction';
import type { Queryable } from '../../db/database';
import { mergedPullRequests } from '../../db/schema';
import { pullRequestFacts } from '../../integrations/github/facts';
import { AppError } from '../../errors';
import { completeInAppMerge, IN_APP_MERGE_CLAIM_MS } from './complete-in-app-merge';
import { contributorWithLogin } from './contributor-with-login';
import { pullRequestWithPushAccess } from './pull-request-with-push-access';
import { forgetKeptQueues } from './kept-queues';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock' | 'log' | 'publicUrl'>;

/**
 * Claims the pull request for this merge: a new merged_pull_requests row, or the row of an earlier
 * merge that never finished and is past its claim window. Only the pull request still being open
 * on GitHub (checked before) gets here, so that merge died before GitHub merged (a server killed
 * between the claim and GitHub's answer); without the takeover the pull request could never be
 * merged in the app again. A fresh or finished claim is another merge's: 409.
 */
async function claimMerge(
  ctx: Ctx,
  values: typeof mergedPullRequests.$inferInsert,
): Promise<{ id: string; createdAt: Date }> {
  const conflict = () =>
    new AppError('CONFLICT', {
      message: `Pull request #${String(values.prNumber)} is already being merged`,
    });
  const insertClaim = async (db: Queryable) => {
    const [claim] = await db
      .insert(mergedPullRequests)
      .values(values)
      .returning({ id: mergedPullRequests.id, createdAt: mergedPullRequests.createdAt });
    if (!claim) throw new Error('insert into merged_pull_requests returned no row');
    return claim;
  };
  try {
    return await insertClaim(ctx.db);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const staleBefore = new Date(ctx.clock.now().getTime() - IN_APP_MERGE_CLAIM_MS);
  try {
    return await inTransaction(ctx.db, async (tx) => {
      const [stale] = await tx
        .delete(mergedPullRequests)
        .where(
          and(
            eq(mergedPullRequests.repositoryFullName, values.repositoryFullName),
            eq(mergedPullRequests.prNumber, values.prNumber),
            isNull(mergedPullRequests.mergedAt),
            lte(mergedPullRequests.createdAt, staleBefore),
          ),
        )
        .returning({ id: mergedPullRequests.id });
      if (!stale) throw conflict();
      return insertClaim(tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
}

/**
 * 'Submit & Merge PR' as one server operation: the reward is
 * computed here from the selections with the same core function the dialog previews; GitHub
 * merges as the maintainer; then one transaction records the merge and settles the author's
 * stake (stake back, bounty, reward) or, without a credited stake, pays an OpenStake author
 * directly, never the maintainer who merges. Bounty issues the merge closes that nobody staked on
 * go back to the maintainer who posted them.
 *
 * The merge is claimed (a merged_pull_requests row, one per pull request) before GitHub is asked,
 * so two maintainers cannot both pay for it and the webhook GitHub sends about the merge leaves
 * the stake to this operation. When GitHub refuses, the claim is removed and nothing changed.
 */
export async function mergePullRequest(
  input: {
    userId: string;
    owner: string;
    repo: string;
    pullNumber: number;
    feedback: MergeFeedback;
  },
  ctx: Ctx,
): Promise<MergeResult> {
  const reward = computeMergeReward(input.feedback);
  if (reward.ratingTotal === 0) {
    throw new AppError('BAD_REQUEST', {
      message: 'Rate the pull request on at least one criterion before merging',
      field: 'ratings',
    });
  }
  const { access, pr } = await pullRequestWithPushAccess(input, ctx);
  const fullName = access.fullName.toLowerCase();
  if (pr.state !== 'open') {
    throw new AppError('CONFLICT', {
      message: `Pull request #${String(pr.number)} is ${pr.merged ? 'already merged' : 'closed'}`,
    });
  }
  const authorLogin = pr.user.login;
  // Nobody pays themselves: a maintainer merging their own pull request rewards no one.
  const selfMerge = authorLogin.toLowerCase() === access.login.toLowerCase();
  const authorUserId = selfMerge ? null : await contributorWithLogin(ctx.db, authorLogin);
  const startedAt = ctx.clock.now();
  const claim = await claimMerge(ctx, {
    repositoryFullName: fullName,
    prNumber: pr.number,
    authorLogin,
    authorUserId,
    mergedBy: input.userId,
    feedback: input.feedback,
    xp: reward.xp,
    coins: reward.coins,
  });
  // Merged by this maintainer, from the moment of the claim (the database's clock, as the
  // stakes' times): a stake that slipped in while GitHub merged earns nothing.
  const facts = {
    ...pullRequestFacts(pr),
    mergedByLogin: access.login,
    mergedById: access.accountId,
    mergedAt: claim.createdAt,
  };

  let sha: string;
  try {
    sha = await ctx.github.mergePullRequest(access.token, {
      owner: input.owner,
      repo: input.repo,
      pullNumber: pr.number,
      headSha: pr.head.sha,
    });
  } catch (error) {
    await ctx.db.delete(mergedPullRequests).where(eq(mergedPullRequests.id, claim.id));
    throw error;
  }
  forgetKeptQueues(ctx.db, fullName);

  const completed = await inTransaction(ctx.db, (tx) =>
    completeInAppMerge(
      tx,
      {
        claim: {
          ...claim,
          repositoryFullName: fullName,
          prNumber: pr.number,
          authorUserId,
          xp: reward.xp,
        },
        facts,
        sha,
        closesIssues: pr.base.ref === pr.base.repo.default_branch,
        startedAt,
      },
      ctx,
    ),
  );
  // Only a merge that died can be completed by another (finishInAppMerges, after the claim window).
  if (!completed) throw new Error(`in-app merge ${claim.id} was completed by someone else`);
  const { paid } = completed;
  return {
    sha,
    xp: paid?.counted ?? 0,
    coins: paid?.coins ?? 0,
    xpOffered: paid ? reward.xp : 0,
    limitReason: paid?.reason ?? null,
    contributor: paid ? authorLogin : null,
    stakeSettled: completed.stakeSettled,
    bountyPaid: completed.bountyPaid,
    bountyRefunded: completed.bountyRefunded,
  };
}
