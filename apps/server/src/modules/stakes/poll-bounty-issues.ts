import type { AppContext } from '../../context';
import {
  JOB_GITHUB_CONCURRENCY,
  type BatchAnswer,
  type IssueState,
} from '../../integrations/github/port';
import { forEachConcurrently } from '../../lib/for-each-concurrently';
import { batchByGithubToken } from '../github/batch-by-github-token';
import type { TrackedIssue } from '../issues/issue-store';
import { unwonBountyIssues } from '../bounties/bounty-store';
import { closeTrackedIssue } from './refund-bounty';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock' | 'log'>;

/**
 * Asks GitHub, as the maintainer, about every unwon, unrefunded bounty issue: a repository
 * without the webhook (or a lost delivery) would otherwise never tell OpenStake that an issue was
 * closed, and its bounty would stay in escrow. An issue already known to be closed is checked
 * again without GitHub, so a bounty whose refund waited for a pending stake is never forgotten.
 * The open ones are asked about up to GITHUB_BATCH_SIZE in one GraphQL request per maintainer,
 * JOB_GITHUB_CONCURRENCY requests at a time. Returns how many bounties went back.
 */
export async function pollBountyIssues(ctx: Ctx): Promise<number> {
  const unsettled = await unwonBountyIssues(ctx.db);
  let refunded = 0;
  const close = async (issue: TrackedIssue) => {
    try {
      if ((await closeTrackedIssue(issue.githubId, ctx)) > 0) refunded++;
    } catch (error) {
      couldNotPoll(ctx, issue, error);
    }
  };

  const knownClosed = unsettled.filter(({ issue }) => issue.state !== 'open');
  await forEachConcurrently(knownClosed, JOB_GITHUB_CONCURRENCY, ({ issue }) => close(issue));

  const open = unsettled.filter(({ issue }) => issue.state === 'open');
  const { batches, unasked } = await batchByGithubToken(
    { rows: open, userIdOf: ({ bounty }) => bounty.createdBy },
    ctx,
  );
  for (const { rows, error } of unasked) {
    for (const { issue } of rows) couldNotPoll(ctx, issue, error);
  }
  await forEachConcurrently(batches, JOB_GITHUB_CONCURRENCY, async ({ token, rows }) => {
    let answers: BatchAnswer<IssueState>[];
    try {
      answers = await ctx.github.issueStates(
        token,
        rows.map(({ issue }) => {
          const [owner, repo] = issue.repositoryFullName.split('/') as [string, string];
          return { owner, repo, number: issue.number };
        }),
      );
    } catch (error) {
      for (const { issue } of rows) couldNotPoll(ctx, issue, error);
      return;
    }
    for (const [i, { issue }] of rows.entries()) {
      const answer = answers[i];
      if (answer && 'error' in answer) couldNotPoll(ctx, issue, answer.error);
      else if (answer?.found?.state === 'closed') await close(issue);
    }
  });
  return refunded;
}

function couldNotPoll(ctx: Ctx, issue: TrackedIssue, error: unknown): void {
  ctx.log.warn(
    { err: error, issueGithubId: issue.githubId },
    'could not poll a bounty issue; will retry',
  );
}
