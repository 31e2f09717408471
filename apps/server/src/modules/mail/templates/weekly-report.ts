import type { AppContext } from '../../../context';
import { appLink, type MailContent } from '../mail-template';

/** What a maintainer's weekly report tells (decision 018), over one week. */
export interface WeeklyFigures {
  /** Repositories the maintainer connected. */
  repositories: number;
  /** Staked pull requests in them merged, and closed after a review, in the week. */
  merged: number;
  rejected: number;
  /** The coins those rejections deducted to the repositories' treasuries. */
  deducted: number;
  /** Stakes in them refunded (closed without review, taken back) or expired in the week. */
  refunded: number;
  /** Bounties the maintainer posted that were won in the week, and their coins. */
  bountiesPaid: number;
  bountyCoinsPaid: number;
  /** Staked pull requests waiting in their queues now, and since when the oldest waits. */
  waiting: number;
  oldestWaitingSince: Date | null;
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const day = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * The maintainer's weekly report ('weekly-report'): the week from `from` (a Monday, UTC) to the
 * Sunday before `to` in their connected repositories and their bounties, and the queue as it is
 * now, with a link to their repositories.
 */
export function weeklyReportMail(
  input: { from: Date; to: Date; figures: WeeklyFigures },
  ctx: Pick<AppContext, 'publicUrl'>,
): Omit<MailContent, 'notification'> {
  const { figures } = input;
  const lastDay = new Date(input.to.getTime() - 86_400_000);
  const week = `${day(input.from)} to ${day(lastDay)}`;
  const reviewed = figures.merged + figures.rejected;
  return {
    subject: `Your OpenStake week: ${count(reviewed, 'pull request', 'pull requests')} reviewed, ${count(figures.waiting, 'stake', 'stakes')} waiting`,
    blocks: [
      {
        paragraph: `Your week on OpenStake, ${week} (UTC), in the ${count(figures.repositories, 'repository', 'repositories')} you connected:`,
      },
      {
        paragraph: [
          `Pull requests reviewed: ${count(reviewed, 'staked pull request', 'staked pull requests')} (${figures.merged.toLocaleString('en-US')} merged, ${figures.rejected.toLocaleString('en-US')} closed after a review).`,
          `Deductions: ${count(figures.deducted, 'coin', 'coins')} from the stakes closed after a review.`,
          `Refunded or expired: ${count(figures.refunded, 'stake', 'stakes')}.`,
          `Bounties paid: ${count(figures.bountiesPaid, 'bounty', 'bounties')} of yours, ${count(figures.bountyCoinsPaid, 'coin', 'coins')}.`,
        ].join('\n'),
      },
      {
        paragraph:
          figures.waiting === 0
            ? 'The queue: no staked pull request is waiting for review.'
            : `The queue: ${count(figures.waiting, 'staked pull request waits', 'staked pull requests wait')} for review, the oldest since ${day(figures.oldestWaitingSince ?? input.to)}.`,
      },
      { button: 'Open your repositories', url: appLink(ctx, '/maintainer/dashboard') },
    ],
  };
}
