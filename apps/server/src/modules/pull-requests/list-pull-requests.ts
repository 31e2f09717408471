import {
  QUEUE_LIMIT,
  referencedIssueNumbers,
  type PullRequest,
  type PullRequestQueue,
} from '@openstake/core';
import type { AppContext } from '../../context';
import type { QueuedPullRequest } from '../../integrations/github/port';
import { unpaidBountyIssuesIn } from '../bounties/bounty-store';
import { requireGithubToken } from '../github/github-account';
import { repoFullName } from '../repositories/repository-access';
import { readStandings, stakePriceFor } from '../standing/read-standing';
import { pendingStakesInRepository } from '../stakes/stake-store';
import { keptQueue } from './kept-queues';
import { toPullRequest, type QueueStake } from './pull-request-view';

/** A staked pull request with what orders it: its author's price factor now. */
interface Ranked {
  pr: PullRequest;
  factorPercent: number;
}

const oldestFirst = (a: PullRequest, b: PullRequest) =>
  a.created_at.localeCompare(b.created_at) || a.number - b.number;
const byStanding = (a: Ranked, b: Ranked) =>
  a.factorPercent - b.factorPercent || oldestFirst(a.pr, b.pr);

/**
 * The maintainer's queue (decision 015, part 4): the repository's open pull requests (up to
 * QUEUE_LIMIT, read from GitHub with their checks, one request per 100, or the user's read kept
 * while nothing changed: kept-queues.ts), proven work first.
 * Staked ones with green checks lead, ordered by their author's standing (the factor their next
 * stake would be priced at, lowest first) then age; then the other staked ones, in the same
 * order; then the unstaked ones, oldest first, except those referring to one of the repository's
 * bounty issues, which are apart (the screen folds them away with a count). With them, the pull
 * requests most recently closed without a merge, which a maintainer may mark as spam.
 */
export async function listPullRequests(
  input: { userId: string; owner: string; repo: string; refresh?: boolean },
  ctx: Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock'>,
): Promise<PullRequestQueue> {
  const { token } = await requireGithubToken(input.userId, ctx);
  const fullName = repoFullName(input.owner, input.repo);
  const [{ queue, readAt }, pending, bounties] = await Promise.all([
    keptQueue(
      { userId: input.userId, repositoryFullName: fullName, refresh: input.refresh ?? false },
      ctx,
      () => ctx.github.openPullRequestQueue(token, input.owner, input.repo, QUEUE_LIMIT),
    ),
    pendingStakesInRepository(ctx.db, fullName),
    unpaidBountyIssuesIn(ctx.db, fullName),
  ]);
  const open = new Set(queue.pulls.map((p) => p.number));
  const stakesByPull = new Map<number, QueueStake & { userId: string }>();
  for (const stake of pending) {
    if (!open.has(stake.prNumber)) continue;
    const known = stakesByPull.get(stake.prNumber);
    // One pull request carries one stake; should two be pending, the amounts add up.
    stakesByPull.set(
      stake.prNumber,
      known ? { ...known, amount: known.amount + stake.amount } : stake,
    );
  }
  const standings = await readStandings(
    ctx.db,
    [...new Set([...stakesByPull.values()].map((s) => s.userId))],
    ctx.clock.now(),
  );
  const bountyNumbers = new Set(bounties.map((b) => b.number));
  const onBounty = (p: QueuedPullRequest) =>
    referencedIssueNumbers(p.body, fullName).some((n) => bountyNumbers.has(n));

  const green: Ranked[] = [];
  const staked: Ranked[] = [];
  const rest: PullRequest[] = [];
  const unstakedOnBounties: PullRequest[] = [];
  for (const pull of queue.pulls) {
    const stake = stakesByPull.get(pull.number) ?? null;
    const pr = toPullRequest(pull, stake, pull.checks);
    if (!stake) {
      (onBounty(pull) ? unstakedOnBounties : rest).push(pr);
      continue;
    }
    const standing = standings.get(stake.userId);
    const factorPercent = standing
      ? stakePriceFor(standing, { stakingRequired: stake.amount, repositoryFullName: fullName })
          .factorPercent
      : Number.MAX_SAFE_INTEGER;
    (pull.checks === 'success' ? green : staked).push({ pr, factorPercent });
  }
  return {
    pullRequests: [
      ...green.sort(byStanding).map((r) => r.pr),
      ...staked.sort(byStanding).map((r) => r.pr),
      ...rest.sort(oldestFirst),
    ],
    unstakedOnBounties: unstakedOnBounties.sort(oldestFirst),
    // Their stakes were settled when they closed: nothing pending to show.
    recentlyClosed: queue.recentlyClosed.map((pull) => toPullRequest(pull, null, pull.checks)),
    truncated: queue.truncated,
    readAt: readAt.toISOString(),
  };
}
