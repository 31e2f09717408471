import type { AppContext } from '../../context';
import {
  JOB_GITHUB_CONCURRENCY,
  type BatchAnswer,
  type PullRequestFacts,
} from '../../integrations/github/port';
import { forEachConcurrently } from '../../lib/for-each-concurrently';
import { batchByGithubToken } from '../github/batch-by-github-token';
import { pullRequestEnd, settlePullRequest } from './settle-pull-request';
import { pendingStakes } from './stake-store';

type Ctx = Pick<
  AppContext,
  'db' | 'secrets' | 'github' | 'githubApp' | 'clock' | 'log' | 'publicUrl'
>;

type PendingStake = Awaited<ReturnType<typeof pendingStakes>>[number];

/**
 * Asks GitHub about every pending stake's pull request: merged (by whom, referencing what),
 * closed after a review, or closed without one. Repositories without a webhook have no other
 * signal; for the others it catches a webhook GitHub failed to deliver. A stake the webhook
 * settles at the same moment is settled once.
 *
 * One GraphQL request asks about up to GITHUB_BATCH_SIZE pull requests of one contributor (with
 * their token), JOB_GITHUB_CONCURRENCY requests at a time; a pull request still open costs
 * nothing more. Only a closed one is looked at further (its reviews, for an unmerged one).
 */
export async function pollPullRequests(ctx: Ctx): Promise<number> {
  const pending = await pendingStakes(ctx.db);
  const { batches, unasked } = await batchByGithubToken(
    { rows: pending, userIdOf: (stake) => stake.userId },
    ctx,
  );
  for (const { rows, error } of unasked) couldNotPoll(ctx, rows, error);
  let settled = 0;
  await forEachConcurrently(batches, JOB_GITHUB_CONCURRENCY, async ({ token, rows }) => {
    let answers: BatchAnswer<PullRequestFacts>[];
    try {
      answers = await ctx.github.pullRequests(
        token,
        rows.map((stake) => {
          const [owner, repo] = stake.repositoryFullName.split('/') as [string, string];
          return { owner, repo, number: stake.prNumber };
        }),
      );
    } catch (error) {
      couldNotPoll(ctx, rows, error);
      return;
    }
    for (const [i, row] of rows.entries()) {
      if (await settleIfClosed(ctx, row, answers[i])) settled++;
    }
  });
  return settled;
}

/** Settles the stake if GitHub says its pull request closed; a missing one is left, as before. */
async function settleIfClosed(
  ctx: Ctx,
  stake: PendingStake,
  answer: BatchAnswer<PullRequestFacts> | undefined,
): Promise<boolean> {
  try {
    if (!answer) throw new Error('GitHub answered fewer pull requests than asked');
    if ('error' in answer) throw answer.error;
    const pr = answer.found;
    if (!pr || pr.state === 'open') return false;
    const { settled } = await settlePullRequest(
      {
        repositoryFullName: stake.repositoryFullName,
        prNumber: stake.prNumber,
        end: pullRequestEnd(pr),
        settledBy: 'poll',
      },
      ctx,
    );
    return settled.length > 0;
  } catch (error) {
    couldNotPoll(ctx, [stake], error);
    return false;
  }
}

function couldNotPoll(ctx: Ctx, rows: PendingStake[], error: unknown): void {
  for (const stake of rows) {
    ctx.log.warn({ err: error, stakeId: stake.id }, 'could not poll a pull request; will retry');
  }
}
