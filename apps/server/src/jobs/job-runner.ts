import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { AppContext } from '../context';
import { clearEndedRateLimitCounters } from '../db/rate-limit-counters';
import { scheduledJobs } from '../db/schema';
import { grantMonthlyCoins } from '../modules/ledger/grant-monthly-coins';
import { expireStakes } from '../modules/stakes/expire-stakes';
import { pollBountyIssues } from '../modules/stakes/poll-bounty-issues';
import { pollPullRequests } from '../modules/stakes/poll-pull-requests';
import { finishInAppMerges } from '../modules/pull-requests/finish-in-app-merges';
import { dispatchGithubEvents } from '../modules/github-events/dispatch-github-events';
import { sendChainOperations } from '../modules/chain/send-chain-operations';
import { checkAwaitingFundings } from '../modules/chain/confirm-chain-funding';
import { commentOnSettlements } from '../modules/stakes/comment-on-settlements';
import { newestPendingStakeOn } from '../modules/stakes/stake-store';
import { readRepositoryLanguages } from '../modules/repositories/read-repository-languages';
import { readGithubAccountAges } from '../modules/github/read-github-account-ages';
import { markLapsedWindows } from '../modules/stakes/stake-store';
import { sendDueMail } from '../modules/mail/send-due-mail';
import { announceBounties } from '../modules/stakes/announce-bounties';
import { sendWeeklyReports } from '../modules/stakes/send-weekly-reports';

export interface Job {
  name: string;
  everyMs: number;
  run(ctx: AppContext): Promise<unknown>;
}

const MINUTE = 60_000;

export const JOBS: Job[] = [
  { name: 'settle-github-events', everyMs: MINUTE, run: dispatchGithubEvents },
  // The bot's settlement comments (app mode): right after a delivery settles, else within a minute.
  { name: 'comment-on-settlements', everyMs: MINUTE, run: commentOnSettlements },
  // The chain: fundings maintainers' wallets sent but nobody confirmed yet, then the outbox's
  // holds, payouts and refunds not sent yet or to be retried (each with its backoff); a hold is
  // worked out from the newest pending stake, which the stakes module answers.
  {
    name: 'send-chain-operations',
    everyMs: 15_000,
    run: async (ctx) => {
      await checkAwaitingFundings(ctx);
      return sendChainOperations(ctx, newestPendingStakeOn);
    },
  },
  // The mail outbox (modules/mail/): what is due, each message claimed on its own; a caller that
  // queued mail nudges it at once (ctx.mail.nudge()).
  { name: 'send-mail', everyMs: 15_000, run: sendDueMail },
  // New bounties, mailed to the contributors who staked on their repository before (decision 018).
  { name: 'announce-bounties', everyMs: MINUTE, run: announceBounties },
  // Each maintainer's report of the last whole week, once (its dedupe key), at the first run after.
  { name: 'send-weekly-reports', everyMs: 60 * MINUTE, run: sendWeeklyReports },
  { name: 'poll-pull-requests', everyMs: 5 * MINUTE, run: pollPullRequests },
  { name: 'finish-in-app-merges', everyMs: 5 * MINUTE, run: finishInAppMerges },
  { name: 'poll-bounty-issues', everyMs: 15 * MINUTE, run: pollBountyIssues },
  { name: 'expire-stakes', everyMs: 60 * MINUTE, run: expireStakes },
  { name: 'monthly-grant', everyMs: 60 * MINUTE, run: grantMonthlyCoins },
  // Connected repositories without a language (suggested issues match by it), at the first start
  // after an upgrade and then for those GitHub had none for.
  { name: 'read-repository-languages', everyMs: 60 * MINUTE, run: readRepositoryLanguages },
  // Linked GitHub accounts whose age is unknown (linked before it was kept): a stake's price uses it.
  { name: 'read-github-account-ages', everyMs: 60 * MINUTE, run: readGithubAccountAges },
  // Exclusive windows that ended without a merge (decision 015): they count against the staker.
  {
    name: 'mark-lapsed-windows',
    everyMs: 15 * MINUTE,
    run: (ctx) => markLapsedWindows(ctx.db, ctx.clock.now()),
  },
  // Rate limit counters whose window has ended (http/rate-limit-store.ts): a few rows per client.
  {
    name: 'clear-rate-limit-counters',
    everyMs: 60 * MINUTE,
    run: (ctx) => clearEndedRateLimitCounters(ctx.db, ctx.clock.now()),
  },
];

// A job that crashed its server is picked up by another server after this long.
const LEASE_MS = 10 * MINUTE;

/**
 * Runs every job that is due, each on exactly one server: the claim is one conditional UPDATE,
 * which only one of several concurrent servers can win. Returns the names of the jobs it ran.
 */
export async function runDueJobs(ctx: AppContext, jobs: Job[] = JOBS): Promise<string[]> {
  const now = ctx.clock.now();
  await ctx.db
    .insert(scheduledJobs)
    .values(jobs.map((j) => ({ name: j.name, nextRunAt: now })))
    .onConflictDoNothing({ target: scheduledJobs.name });
  const ran: string[] = [];
  for (const job of jobs) {
    const [claimed] = await ctx.db
      .update(scheduledJobs)
      .set({ lockedUntil: new Date(now.getTime() + LEASE_MS) })
      .where(
        and(
          eq(scheduledJobs.name, job.name),
          lte(scheduledJobs.nextRunAt, now),
          or(isNull(scheduledJobs.lockedUntil), lte(scheduledJobs.lockedUntil, now)),
        ),
      )
      .returning({ name: scheduledJobs.name });
    if (!claimed) continue;
    let lastError: string | null = null;
    try {
      await job.run(ctx);
      ran.push(job.name);
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      ctx.log.warn({ err: error, job: job.name }, 'background job failed; it will run again');
    }
    await ctx.db
      .update(scheduledJobs)
      .set({
        lockedUntil: null,
        lastRunAt: now,
        lastError,
        nextRunAt: new Date(ctx.clock.now().getTime() + job.everyMs),
      })
      .where(eq(scheduledJobs.name, job.name));
  }
  return ran;
}

/** Checks for due jobs every few seconds until stopped. */
export function startJobLoop(ctx: AppContext, everyMs = 5_000): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => runDueJobs(ctx))
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'job loop failed'));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
