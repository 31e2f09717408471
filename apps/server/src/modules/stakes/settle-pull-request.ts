import type { AppContext } from '../../context';
import type { Tx } from '../../db/database';
import type { PullRequestFacts } from '../../integrations/github/port';
import { closedOutcome, mergedOutcome, type MergeFacts } from './pull-request-outcome';
import { settleStake, settleStakeIn, type Settlement, type StakeOutcome } from './settle-stake';
import { pendingStakesOnPullRequest } from './stake-store';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'github' | 'githubApp' | 'clock' | 'publicUrl'>;

/** A merged pull request, as GitHub tells it: who merged it, when, and its description then. */
export interface MergedPullRequest {
  merged: true;
  pr: MergeFacts;
  /**
   * The XP the maintainer's feedback offers, for an in-app merge: paid once per pull request
   * (the first stake it credits). Without it each stake is offered its issue's XP.
   */
  feedbackXp?: number;
}

/** A pull request closed without a merge. */
export interface ClosedPullRequest {
  merged: false;
  pr: Pick<PullRequestFacts, 'number' | 'authorLogin'>;
  /**
   * A token with push access when the caller has one (the maintainer closing it), to tell whose
   * reviews count; else the repository steward's is used.
   */
  pushToken?: string;
}

export type PullRequestEnd = MergedPullRequest | ClosedPullRequest;

/** How GitHub's facts about a pull request no longer open end its stakes. */
export const pullRequestEnd = (pr: PullRequestFacts): PullRequestEnd =>
  pr.merged ? { merged: true, pr } : { merged: false, pr };

export interface SettlePullRequestInput<End extends PullRequestEnd = PullRequestEnd> {
  repositoryFullName: string;
  prNumber: number;
  end: End;
  /** The signal: 'webhook', 'poll', 'merge' (in-app), 'close' (in-app). */
  settledBy: string;
}

/** A stake that was pending on the pull request, and what this settlement did to it. */
export interface StakeOnPullRequest {
  stakeId: string;
  issueGithubId: number;
  issueNumber: number;
  outcome: StakeOutcome;
  /** What moved; null when another signal settled the stake first, and nothing moved here. */
  settlement: Settlement | null;
}

/** What settling a pull request did. */
export interface PullRequestSettlement {
  /** Every stake found pending on it, oldest first; none when there was nothing left to settle. */
  stakes: StakeOnPullRequest[];
  /** The settlements this call made (the stakes whose settlement is not null). */
  settled: Settlement[];
}

/**
 * Settles every pending stake on a pull request that merged or closed, whichever signal tells it
 * (the webhook, the poll, the maintainer's in-app merge or close), and returns what it did, so
 * the caller answers from that rather than reading the stakes again. Each stake's outcome comes
 * from the facts given (`mergedOutcome`, or `closedOutcome`, which asks GitHub about reviews);
 * `settleStake` decides which signal wins, so a replay or a race settles nothing twice and says
 * so (an empty `settled`).
 *
 * Each stake settles in its own transaction, after GitHub was asked; or, for a merge, all in the
 * caller's `tx` (the in-app merge commits its claim with them).
 */
export function settlePullRequest(
  input: SettlePullRequestInput<MergedPullRequest>,
  ctx: Pick<AppContext, 'clock' | 'publicUrl'>,
  tx: Tx,
): Promise<PullRequestSettlement>;
export function settlePullRequest(
  input: SettlePullRequestInput,
  ctx: Ctx,
): Promise<PullRequestSettlement>;
export async function settlePullRequest(
  input: SettlePullRequestInput,
  ctx: Ctx | Pick<AppContext, 'clock' | 'publicUrl'>,
  tx?: Tx,
): Promise<PullRequestSettlement> {
  const { end } = input;
  const pending = await pendingStakesOnPullRequest(
    tx ?? (ctx as Ctx).db,
    input.repositoryFullName,
    input.prNumber,
  );
  const stakes: StakeOnPullRequest[] = [];
  let rewarded = false;
  for (const stake of pending) {
    const outcome = end.merged
      ? mergedOutcome(
          end.pr,
          { issue: stake.issue, placedAt: stake.createdAt },
          { xp: end.feedbackXp === undefined ? stake.xpReward : rewarded ? 0 : end.feedbackXp },
        )
      : await closedOutcome(ctx as Ctx, {
          pr: end.pr,
          repositoryFullName: stake.issue.repositoryFullName,
          issueGithubId: stake.issueGithubId,
          ...(end.pushToken !== undefined && { pushToken: end.pushToken }),
        });
    const settle = { stakeId: stake.id, outcome, settledBy: input.settledBy };
    const settlement = tx
      ? await settleStakeIn(tx, settle, ctx)
      : await settleStake(settle, ctx as Ctx);
    if (settlement?.reward) rewarded = true;
    stakes.push({
      stakeId: stake.id,
      issueGithubId: stake.issueGithubId,
      issueNumber: stake.issue.number,
      outcome,
      settlement,
    });
  }
  return { stakes, settled: stakes.flatMap(({ settlement }) => settlement ?? []) };
}
