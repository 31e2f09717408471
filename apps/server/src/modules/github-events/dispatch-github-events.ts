import type { AppContext } from '../../context';
import { pullRequestFacts } from '../../integrations/github/facts';
import {
  listPendingGithubEvents,
  markGithubEventProcessed,
  type PendingGithubEvent,
} from './github-event-store';
import { closeTrackedIssue } from '../stakes/refund-bounty';
import { applyInstallationEvent } from '../repositories/apply-installation-event';
import { markIssueReopened } from '../issues/issue-store';
import { runSlashCommand } from './run-slash-command';
import { readVouchFile } from '../vouches/read-vouch-file';
import { commentOnSettlements } from '../stakes/comment-on-settlements';
import { pullRequestEnd, settlePullRequest } from '../stakes/settle-pull-request';

type Ctx = Pick<
  AppContext,
  'db' | 'secrets' | 'github' | 'githubApp' | 'clock' | 'log' | 'publicUrl' | 'background' | 'chain'
>;

interface PullRequestPayload {
  action?: string;
  pull_request?: Parameters<typeof pullRequestFacts>[0];
}

interface InstallationRepositories {
  action?: string;
  repositories?: { full_name?: unknown }[];
  repositories_added?: { full_name?: unknown }[];
}

interface IssuesPayload {
  action?: string;
  issue?: { id?: number };
}

/**
 * Keeps a tracked issue's state current, so a closed issue shows as closed; a closed bounty issue
 * that nobody can win any more gives its bounty back to the maintainer.
 */
async function applyIssueEvent(event: PendingGithubEvent, ctx: Ctx): Promise<void> {
  const { action, issue } = event.payload as IssuesPayload;
  if (typeof issue?.id !== 'number') return;
  if (action === 'closed') await closeTrackedIssue(issue.id, ctx);
  if (action === 'reopened') {
    await markIssueReopened(ctx.db, issue.id);
  }
}

/** Settles every pending stake on the pull request a `pull_request` `closed` event is about. */
async function settleForEvent(event: PendingGithubEvent, ctx: Ctx): Promise<number> {
  if (event.event === 'issues') {
    await applyIssueEvent(event, ctx);
    return 0;
  }
  if (event.event === 'installation' || event.event === 'installation_repositories') {
    await applyInstallationEvent(ctx, event);
    // Each repository the app now connects has its VOUCHED.td read.
    const { action, repositories, repositories_added } = event.payload as InstallationRepositories;
    const connected = action === 'created' ? repositories : repositories_added;
    for (const repository of action === 'created' || action === 'added' ? (connected ?? []) : []) {
      if (typeof repository.full_name === 'string') {
        await readVouchFile({ repositoryFullName: repository.full_name }, ctx);
      }
    }
    return 0;
  }
  if (event.event === 'ping' || event.event === 'push') {
    await readVouchFile({ repositoryFullName: event.repositoryFullName }, ctx);
    return 0;
  }
  if (event.event === 'issue_comment') {
    await runSlashCommand(event, ctx);
    return 0;
  }
  const payload = event.payload as PullRequestPayload;
  const pullRequest = payload.pull_request;
  if (event.event !== 'pull_request' || payload.action !== 'closed' || !pullRequest?.user) return 0;
  // The payload is GitHub's signed account of the pull request at the moment it closed.
  const pr = pullRequestFacts(pullRequest);
  const { settled } = await settlePullRequest(
    {
      repositoryFullName: event.repositoryFullName,
      prNumber: pr.number,
      end: pullRequestEnd(pr),
      settledBy: 'webhook',
    },
    ctx,
  );
  return settled.length;
}

/**
 * Handles recorded webhook events, oldest first (or just one, as it arrives). An event that fails (GitHub down) stays pending
 * and is tried again next time; settling is exactly-once, so a retry never pays twice.
 */
export async function dispatchGithubEvents(
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
  // What a delivery settled is told on the pull request now rather than at the comment job's
  // next run (which tells the in-app merges, closes and expiries within a minute). Only then:
  // most deliveries settle nothing, and this path is every webhook's.
  if (settled > 0 && ctx.githubApp) {
    await commentOnSettlements(ctx).catch((error: unknown) => {
      ctx.log.warn({ err: error }, 'could not comment on settlements; the job will retry');
    });
  }
  return { processed, settled };
}
