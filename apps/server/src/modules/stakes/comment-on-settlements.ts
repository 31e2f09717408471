import {
  mergeFeedbackSchema,
  settlementComment,
  settlementCommentMarker,
  type SettledStakeForComment,
  STAKE_LIFETIME_DAYS,
} from '@openstake/core';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { claimSettlementTelling, releaseSettlementTelling, untoldSettlements } from './stake-store';

type Ctx = Pick<AppContext, 'db' | 'githubApp' | 'clock' | 'log'>;

/** Settlements told per run at most; the rest wait for the next run. */
const BATCH = 50;

/**
 * Tells each settled stake's outcome on its pull request, as the GitHub App's bot (issue 13,
 * part 4): merged (coins, XP, the bounty, the rating), closed after review (the deduction), or
 * closed without one (the refund). One comment per stake, found again by its hidden marker and
 * updated rather than repeated. Only in repositories connected through the app whose
 * maintainers left bot comments on (`repositories.bot_comments`), and only for stakes settled
 * since the repository was connected; any other settlement is marked told with nothing written.
 * A settlement GitHub would not take now (down, rate limited) is tried again next run; one it
 * refuses for good (the pull request locked or gone) is given up with a warning. Each stake is
 * claimed (its `settlement_told_at` set) before its comment is written, so two runs at once write
 * one comment; a process that dies in between leaves that settlement untold (at most once).
 * Returns how many comments were written.
 */
export async function commentOnSettlements(ctx: Ctx): Promise<number> {
  const app = ctx.githubApp;
  const untold = await untoldSettlements(ctx.db, BATCH);

  let written = 0;
  for (const row of untold) {
    const { stake } = row;
    // Claimed before anything is written: two runs at once (two deliveries settled together)
    // tell a settlement once. A failure worth a retry gives the claim back.
    if (!(await claimSettlementTelling(ctx.db, stake.id, ctx.clock.now()))) continue;
    const { installationId, login, connectedAt } = row;
    if (
      !app ||
      !installationId ||
      !row.botComments ||
      !login ||
      !connectedAt ||
      !stake.settledAt ||
      stake.settledAt < connectedAt ||
      // Withdrawn by `/unstake`: the bot's answer to the command told it already.
      stake.settledBy === 'unstake' ||
      stake.status === 'pending'
    ) {
      continue;
    }
    const feedback = mergeFeedbackSchema.safeParse(row.feedback);
    const settled: SettledStakeForComment = {
      id: stake.id,
      status: stake.status,
      amount: stake.amount,
      issueNumber: row.issueNumber,
      coinsEarned: stake.coinsEarned,
      xpEarned: stake.xpEarned,
      coinsLost: stake.coinsLost,
      bountyEarned: stake.bountyEarned,
      login,
      feedback: stake.status === 'accepted' && feedback.success ? feedback.data : null,
      ...(stake.settledBy === 'expiry' && { timedOutAfterDays: STAKE_LIFETIME_DAYS }),
    };
    const [owner = '', repo = ''] = stake.repositoryFullName.split('/');
    try {
      const body = settlementComment(settled);
      const earlier = await app.findBotComment(installationId, {
        owner,
        repo,
        issueNumber: stake.prNumber,
        marker: settlementCommentMarker(stake.id),
      });
      if (earlier) {
        await app.updateIssueComment(installationId, { owner, repo, commentId: earlier.id, body });
      } else {
        await app.createIssueComment(installationId, {
          owner,
          repo,
          issueNumber: stake.prNumber,
          body,
        });
      }
      written += 1;
    } catch (error) {
      const forGood =
        error instanceof AppError && ['FORBIDDEN', 'NOT_FOUND', 'BAD_REQUEST'].includes(error.code);
      ctx.log.warn(
        { err: error, stakeId: stake.id },
        forGood
          ? 'GitHub refused the settlement comment; not retried'
          : 'could not comment on a settlement; will retry',
      );
      if (!forGood) {
        await releaseSettlementTelling(ctx.db, stake.id);
      }
    }
  }
  return written;
}
