import { computeMergeReward, type MergeFeedback, type MergeResult } from '@openstake/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction, isUniqueViolation } from '../../db/transaction';
import { githubAccounts, mergedPullRequests, stakes, users } from '../../db/schema';
import { AppError } from '../../errors';
import { requirePushAccess } from '../github/repository-access';
import { MINT, walletOf } from '../ledger/accounts';
import { transfer } from '../ledger/transfer';
import { pendingStakesOn } from '../stakes/pending-stakes';
import { settleStakeIn } from '../stakes/settle-stake';
import { grantXp } from '../xp/grant-xp';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock' | 'log'>;

/** The OpenStake contributor whose verified GitHub login (not a typed claim) is `login`. */
async function contributorWithLogin(ctx: Ctx, login: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(githubAccounts)
    .innerJoin(users, eq(users.id, githubAccounts.userId))
    .where(and(eq(githubAccounts.login, login), eq(users.role, 'contributor')));
  return row?.id ?? null;
}

/**
 * 'Submit & Merge PR' (spec 001 s2.6, DESIGN.md s6) as one server operation: the reward is
 * computed here from the selections with the same core function the dialog previews; GitHub
 * merges as the maintainer; then one transaction records the merge, settles the author's stake
 * (stake back, bounty, reward) or, without a stake, pays an OpenStake author directly.
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
  const access = await requirePushAccess(input, ctx);
  const fullName = access.fullName.toLowerCase();
  const pr = await ctx.github.pullRequestData(
    access.token,
    input.owner,
    input.repo,
    input.pullNumber,
  );
  if (!pr) {
    throw new AppError('NOT_FOUND', {
      message: `Pull request #${String(input.pullNumber)} was not found in ${access.fullName}`,
    });
  }
  if (pr.state !== 'open') {
    throw new AppError('CONFLICT', {
      message: `Pull request #${String(pr.number)} is ${pr.merged ? 'already merged' : 'closed'}`,
    });
  }
  const authorLogin = pr.user.login;
  const authorUserId = await contributorWithLogin(ctx, authorLogin);

  let claimId: string;
  try {
    const [claim] = await ctx.db
      .insert(mergedPullRequests)
      .values({
        repositoryFullName: fullName,
        prNumber: pr.number,
        authorLogin,
        authorUserId,
        mergedBy: input.userId,
        feedback: input.feedback,
        xp: reward.xp,
        coins: reward.coins,
      })
      .returning({ id: mergedPullRequests.id });
    if (!claim) throw new Error('insert into merged_pull_requests returned no row');
    claimId = claim.id;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', {
        message: `Pull request #${String(pr.number)} is already being merged`,
      });
    }
    throw error;
  }

  let sha: string;
  try {
    sha = await ctx.github.mergePullRequest(access.token, {
      owner: input.owner,
      repo: input.repo,
      pullNumber: pr.number,
      headSha: pr.head.sha,
    });
  } catch (error) {
    await ctx.db.delete(mergedPullRequests).where(eq(mergedPullRequests.id, claimId));
    throw error;
  }

  return inTransaction(ctx.db, async (tx) => {
    await tx
      .update(mergedPullRequests)
      .set({ mergeSha: sha, mergedAt: ctx.clock.now() })
      .where(eq(mergedPullRequests.id, claimId));
    const pending = await pendingStakesOn(tx, fullName, pr.number);
    let stakeSettled = false;
    // The feedback reward is paid once per pull request: with its first stake, or directly.
    for (const [index, stake] of pending.entries()) {
      const outcome =
        index === 0
          ? { kind: 'merged' as const, xp: reward.xp, coins: reward.coins }
          : { kind: 'merged' as const, xp: 0, coins: 0 };
      if (await settleStakeIn(tx, { stakeId: stake.id, outcome, settledBy: 'merge' }, ctx)) {
        stakeSettled = true;
      }
    }
    if (!stakeSettled && authorUserId) {
      await transfer(tx, {
        from: MINT,
        to: walletOf(authorUserId),
        amount: reward.coins,
        kind: 'merge_reward',
        reference: claimId,
        idempotencyKey: `merge-reward:${claimId}`,
      });
      await grantXp(tx, {
        userId: authorUserId,
        amount: reward.xp,
        kind: 'merge_reward',
        reference: claimId,
        idempotencyKey: `merge-xp:${claimId}`,
      });
    }
    const settled = pending.length
      ? await tx
          .select({ bounty: stakes.bountyEarned })
          .from(stakes)
          .where(
            inArray(
              stakes.id,
              pending.map((p) => p.id),
            ),
          )
      : [];
    return {
      sha,
      xp: authorUserId ? reward.xp : 0,
      coins: authorUserId ? reward.coins : 0,
      contributor: authorUserId ? authorLogin : null,
      stakeSettled,
      bountyPaid: settled.reduce((sum, row) => sum + row.bounty, 0),
    };
  });
}
