import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { stakes, trackedIssues } from '../../db/schema';
import { requireGithubToken } from '../github/github-account';
import {
  listPendingGithubEvents,
  markGithubEventProcessed,
  type PendingGithubEvent,
} from '../github/github-events';
import { refundBounty } from '../bounties/refund-bounty';
import { closedOutcome, rewardWithoutFeedback } from './closed-outcome';
import { settleStake, type StakeOutcome } from './settle-stake';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock' | 'log'>;

interface PullRequestPayload {
  action?: string;
  pull_request?: { number?: number; merged?: boolean };
}

interface IssuesPayload {
  action?: string;
  issue?: { id?: number; state?: string; state_reason?: string | null };
}

/** Keeps a tracked issue's state current, so a closed bounty issue shows as closed. */
async function applyIssueEvent(event: PendingGithubEvent, ctx: Ctx): Promise<void> {
  const { action, issue } = event.payload as IssuesPayload;
  if (action !== 'closed' && action !== 'reopened') return;
  if (typeof issue?.id !== 'number') return;
  await ctx.db
    .update(trackedIssues)
    .set({ state: action === 'closed' ? 'closed' : 'open' })
    .where(eq(trackedIssues.githubId, issue.id));
  // A bounty issue closed as not planned gives its unwon bounty back to the maintainer.
  if (action === 'closed' && issue.state_reason === 'not_planned')
    await refundBounty(issue.id, ctx);
}

/** Settles every pending stake on the pull request a `pull_request` `closed` event is about. */
async function settleForEvent(event: PendingGithubEvent, ctx: Ctx): Promise<number> {
  if (event.event === 'issues') {
    await applyIssueEvent(event, ctx);
    return 0;
  }
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
    const outcome: StakeOutcome = payload.pull_request?.merged
      ? rewardWithoutFeedback(xpReward)
      : await closedOutcome(
          ctx,
          (await requireGithubToken(stake.userId, ctx)).token,
          stake.repositoryFullName,
          stake.prNumber,
        );
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
