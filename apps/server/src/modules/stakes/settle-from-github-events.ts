import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { stakes, trackedIssues } from '../../db/schema';
import { requireGithubToken } from '../github/github-account';
import {
  listPendingGithubEvents,
  markGithubEventProcessed,
  type PendingGithubEvent,
} from '../github/github-events';
import { settleStake, type StakeOutcome } from './settle-stake';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock' | 'log'>;

interface PullRequestPayload {
  action?: string;
  pull_request?: { number?: number; merged?: boolean };
}

/** Coins from a merge are twice its XP (DESIGN.md s6); without maintainer feedback, XP is the issue's xpReward. */
export const rewardWithoutFeedback = (xpReward: number): StakeOutcome => ({
  kind: 'merged',
  xp: xpReward,
  coins: 2 * xpReward,
});

/** Settles every pending stake on the pull request a `pull_request` `closed` event is about. */
async function settleForEvent(event: PendingGithubEvent, ctx: Ctx): Promise<number> {
  const payload = event.payload as PullRequestPayload;
  const number = payload.pull_request?.number;
  if (event.event !== 'pull_request' || payload.action !== 'closed' || typeof number !== 'number')
    return 0;
  const pending = await ctx.db
    .select({ stake: stakes, xpReward: trackedIssues.xpReward })
    .from(stakes)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, stakes.issueGithubId))
    .where(
      and(
        eq(stakes.repositoryFullName, event.repositoryFullName),
        eq(stakes.prNumber, number),
        eq(stakes.status, 'pending'),
      ),
    );
  let settled = 0;
  for (const { stake, xpReward } of pending) {
    let outcome: StakeOutcome;
    if (payload.pull_request?.merged) {
      outcome = rewardWithoutFeedback(xpReward);
    } else {
      // Reviewed or not decides between a capped deduction and a full refund; GitHub is the judge.
      const { token } = await requireGithubToken(stake.userId, ctx);
      const [owner, repo] = stake.repositoryFullName.split('/') as [string, string];
      const reviews = await ctx.github.reviewCount(token, owner, repo, stake.prNumber);
      outcome = reviews > 0 ? { kind: 'closed_after_review' } : { kind: 'closed_without_review' };
    }
    if (await settleStake({ stakeId: stake.id, outcome, settledBy: 'webhook' }, ctx)) settled++;
  }
  return settled;
}

/**
 * Handles recorded webhook events, oldest first (or just one, as it arrives). An event that fails (GitHub down) stays pending
 * and is tried again next time; settling is exactly-once, so a retry never pays twice.
 */
export async function settleFromGithubEvents(
  ctx: Ctx,
  options: { deliveryId?: string } = {},
): Promise<{ processed: number; settled: number }> {
  let processed = 0;
  let settled = 0;
  for (const event of await listPendingGithubEvents(ctx, options)) {
    try {
      settled += await settleForEvent(event, ctx);
      if (await markGithubEventProcessed(ctx, event.deliveryId)) processed++;
    } catch (error) {
      ctx.log.warn(
        { err: error, deliveryId: event.deliveryId },
        'could not settle from a GitHub event; will retry',
      );
    }
  }
  return { processed, settled };
}
