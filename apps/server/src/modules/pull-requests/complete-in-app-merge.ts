import { closesIssue, type CountedXp } from '@openstake/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/database';
import { mergedPullRequests } from '../../db/schema';
import type { PullRequestFacts } from '../../integrations/github/port';
import { bountyRefundedAt, unpaidBountyIssuesIn } from '../bounties/bounty-store';
import { closeTrackedIssueIn } from '../stakes/refund-bounty';
import { settlePullRequest } from '../stakes/settle-pull-request';
import { lockXpOf, mergeSourceOf, payMergeReward } from '../xp/pay-merge-reward';

/**
 * Bounty issues of the repository, still carrying their bounty, that merging this pull request
 * closes (GitHub closes them when it merges into the default branch).
 */
async function bountyIssuesClosedBy(
  tx: Tx,
  pr: { body: string | null; closesIssues: boolean },
  repositoryFullName: string,
) {
  if (!pr.closesIssues || !pr.body) return [];
  const unpaid = await unpaidBountyIssuesIn(tx, repositoryFullName);
  return unpaid.filter((issue) =>
    closesIssue(pr.body, { repositoryFullName, number: issue.number }),
  );
}

/**
 * How long an in-app merge's claim (its merged_pull_requests row, written before GitHub is asked
 * to merge) is taken for a merge still running. After it, an unfinished claim is a merge whose
 * server stopped: a new merge of the pull request may take it over (it is still open on GitHub),
 * or finishInAppMerges completes it from the stored feedback (GitHub merged it).
 */
export const IN_APP_MERGE_CLAIM_MS = 10 * 60_000;

/** What an in-app merge stored before asking GitHub to merge (its merged_pull_requests row). */
export interface InAppMergeClaim {
  id: string;
  repositoryFullName: string;
  prNumber: number;
  /** The OpenStake contributor the feedback rewards, when the author is one (not the merger). */
  authorUserId: string | null;
  /** The XP the maintainer's feedback offers. */
  xp: number;
}

/**
 * Records an in-app merge once GitHub has merged, in the caller's transaction: the claim marked
 * merged, the pull request's pending stakes settled with the maintainer's feedback (stake back,
 * bounty, the reward as it counts), or, without a credited stake, the reward paid to the author
 * directly; bounty issues the merge closes that nobody staked on go back to their maintainers.
 * The feedback reward is paid once per pull request. Run by the merge itself, or, when the server
 * stopped between GitHub's merge and that transaction, by finishInAppMerges from the stored claim:
 * whichever comes first completes it, and null says it was completed already.
 */
export async function completeInAppMerge(
  tx: Tx,
  input: {
    claim: InAppMergeClaim;
    /** GitHub's facts about the merged pull request, with who merged it and since when. */
    facts: PullRequestFacts & { mergedByLogin: string; mergedAt: Date };
    sha: string | null;
    /** Whether the merge closes the issues it names (a merge into the default branch). */
    closesIssues: boolean;
    /** When the merge began: a bounty refunded since then was refunded by it. */
    startedAt: Date;
  },
  ctx: Pick<AppContext, 'clock' | 'publicUrl'>,
): Promise<{
  paid: CountedXp | null;
  stakeSettled: boolean;
  bountyPaid: number;
  bountyRefunded: number;
} | null> {
  const { claim, facts } = input;
  const [completed] = await tx
    .update(mergedPullRequests)
    .set({
      mergeSha: sql`coalesce(${input.sha}, ${mergedPullRequests.mergeSha})`,
      mergedAt: ctx.clock.now(),
    })
    .where(and(eq(mergedPullRequests.id, claim.id), isNull(mergedPullRequests.mergedAt)))
    .returning({ id: mergedPullRequests.id });
  if (!completed) return null;

  const { settled } = await settlePullRequest(
    {
      repositoryFullName: claim.repositoryFullName,
      prNumber: claim.prNumber,
      end: { merged: true, pr: facts, feedbackXp: claim.xp },
      settledBy: 'merge',
    },
    ctx,
    tx,
  );
  let paid: CountedXp | null = settled.find(({ reward }) => reward)?.reward ?? null;
  const stakeSettled = settled.length > 0;
  const bountyPaid = settled.reduce((sum, { bountyEarned }) => sum + bountyEarned, 0);
  if (!paid && claim.authorUserId) {
    await lockXpOf(tx, claim.authorUserId);
    paid = await payMergeReward(tx, {
      userId: claim.authorUserId,
      xp: claim.xp,
      source: mergeSourceOf(facts, claim.repositoryFullName),
      reference: claim.id,
      keyPrefix: 'merge',
      at: ctx.clock.now(),
    });
  }
  let bountyRefunded = 0;
  const closes = { body: facts.body, closesIssues: input.closesIssues };
  for (const issue of await bountyIssuesClosedBy(tx, closes, claim.repositoryFullName)) {
    await closeTrackedIssueIn(tx, issue.githubId, ctx);
    // Refunded by this merge, here or by GitHub's `issues` webhook about it a moment ago.
    const refundedAt = await bountyRefundedAt(tx, issue.githubId);
    if (refundedAt && refundedAt >= input.startedAt) bountyRefunded += issue.bountyAmount;
  }
  return { paid, stakeSettled, bountyPaid, bountyRefunded };
}
