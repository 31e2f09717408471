import { updateStakeStatusLater } from './update-stake-status';
import { and, eq, isNotNull } from 'drizzle-orm';
import {
  closesIssue,
  DEFAULT_DEDUCTION_PERCENT,
  referencesIssue,
  type CreateStakeInput,
  type SessionUser,
  type Stake,
} from '@openstake/core';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { inTransaction, isUniqueViolation } from '../../db/transaction';
import { repositories } from '../../db/schema';
import { AppError } from '../../errors';
import { hasUnwonBounty } from '../bounties/bounty-store';
import { closeTrackedIssue } from './refund-bounty';
import { requireGithubToken } from '../github/github-account';
import { trackedIssue, type TrackedIssue } from '../issues/issue-store';
import { openStake } from './open-stake';
import { parsePullRequestUrl } from './parse-pull-request-url';
import { hasPendingStakeOnIssue, otherIssueStakedByPullRequest } from './stake-store';
import { toStakeView } from './stake-view';

const ALREADY_STAKED = 'You already have an active stake on this issue';

/**
 * Where a stake may be placed (docs/decisions/007-who-may-earn.md): an issue of a repository a
 * maintainer connected to OpenStake, or a bounty issue whose bounty is still to be won. Elsewhere
 * nobody answers for the merge, and a contributor could stake on their own repository and merge
 * to mint coins. Returns the deduction percent a rejection will use, and whether a bounty is at
 * stake.
 */
async function stakeableIssue(
  db: Queryable,
  issue: TrackedIssue,
): Promise<{ deductionPercent: number; bounty: boolean }> {
  const [[connected], bounty] = await Promise.all([
    db
      .select({ deductionPercent: repositories.deductionPercent })
      .from(repositories)
      .where(
        and(
          eq(repositories.fullName, issue.repositoryFullName),
          isNotNull(repositories.connectedAt),
        ),
      ),
    hasUnwonBounty(db, issue.githubId),
  ]);
  if (!connected && !bounty) {
    throw new AppError('FORBIDDEN', {
      message: `Stakes are open on issues of repositories a maintainer connected to OpenStake, and on bounty issues; ${issue.repositoryFullName} is neither`,
    });
  }
  return {
    deductionPercent: connected?.deductionPercent ?? DEFAULT_DEDUCTION_PERCENT,
    bounty,
  };
}

/**
 * Stakes the issue's required coins on a pull request. Everything the client sent
 * except the issue and the URL is re-derived: the user from the session, the repository from the
 * issue, the author and the description from GitHub, which must also still show the issue open.
 * Refused unless the issue's repository is
 * connected (or the issue carries a bounty), the contributor cannot push to it, the pull request
 * is theirs, open, and references the issue (a bounty issue: closes it), and the pull request is
 * staked on no other issue. Coins move wallet -> the stake's escrow in the same transaction that
 * records the stake, so a refused stake moves nothing.
 */
export async function createStake(
  input: { user: SessionUser; stake: CreateStakeInput },
  ctx: Pick<
    AppContext,
    'db' | 'secrets' | 'github' | 'clock' | 'githubApp' | 'publicUrl' | 'background'
  >,
): Promise<Stake> {
  const { login, token } = await requireGithubToken(input.user.id, ctx);
  const issue = await trackedIssue(ctx.db, input.stake.issueId);
  if (!issue) throw new AppError('NOT_FOUND', { message: 'Issue not found' });
  if (issue.state !== 'open') throw new AppError('CONFLICT', { message: 'This issue is closed' });
  if (input.stake.amount !== issue.stakingRequired) {
    throw new AppError('BAD_REQUEST', {
      message: `The stake for this issue is ${issue.stakingRequired} coins`,
      field: 'amount',
    });
  }
  const terms = await stakeableIssue(ctx.db, issue);
  const active = await hasPendingStakeOnIssue(ctx.db, {
    userId: input.user.id,
    issueGithubId: issue.githubId,
  });
  if (active) throw new AppError('CONFLICT', { message: ALREADY_STAKED });

  const ref = parsePullRequestUrl(input.stake.prUrl);
  if (`${ref.owner}/${ref.repo}`.toLowerCase() !== issue.repositoryFullName) {
    throw new AppError('BAD_REQUEST', {
      message: 'The pull request belongs to another repository',
      field: 'prUrl',
    });
  }
  const [owner, repo] = issue.repositoryFullName.split('/') as [string, string];
  const [pr, repository, onGithub] = await Promise.all([
    ctx.github.pullRequest(token, ref.owner, ref.repo, ref.number),
    ctx.github.repository(token, owner, repo),
    ctx.github.issue(token, owner, repo, issue.number),
  ]);
  if (!repository || !onGithub) throw new AppError('NOT_FOUND', { message: 'Issue not found' });
  if (onGithub.state !== 'open') {
    // GitHub closed it and the webhook has not said so yet (or was lost): say so now.
    await closeTrackedIssue(issue.githubId, ctx);
    throw new AppError('CONFLICT', { message: 'This issue is closed' });
  }
  if (repository.canPush) {
    throw new AppError('FORBIDDEN', {
      message: `You can push to ${repository.fullName}: stakes are for work that someone else reviews and merges`,
    });
  }
  if (!pr)
    throw new AppError('NOT_FOUND', {
      message: 'Pull request not found on GitHub',
      field: 'prUrl',
    });
  if (pr.state !== 'open' || pr.merged)
    throw new AppError('CONFLICT', { message: 'The pull request must be open', field: 'prUrl' });
  if (pr.authorLogin.toLowerCase() !== login.toLowerCase()) {
    throw new AppError('FORBIDDEN', {
      message: `The pull request was not opened by your verified GitHub account (${login})`,
      field: 'prUrl',
    });
  }
  const issueRef = { repositoryFullName: issue.repositoryFullName, number: issue.number };
  const issueNumber = `#${String(issue.number)}`;
  if (terms.bounty ? !closesIssue(pr.body, issueRef) : !referencesIssue(pr.body, issueRef)) {
    throw new AppError('BAD_REQUEST', {
      message: terms.bounty
        ? `The pull request must close issue ${issueNumber} to win its bounty: write "Fixes ${issueNumber}" in its description`
        : `The pull request must reference issue ${issueNumber} in its description (for example "Fixes ${issueNumber}")`,
      field: 'prUrl',
    });
  }
  const otherIssue = await otherIssueStakedByPullRequest(ctx.db, {
    repositoryFullName: issue.repositoryFullName,
    prNumber: pr.number,
    issueGithubId: issue.githubId,
  });
  if (otherIssue !== null) {
    throw new AppError('CONFLICT', {
      message: `This pull request is staked on issue #${String(otherIssue)}: a pull request is staked on one issue only`,
      field: 'prUrl',
    });
  }

  try {
    const stake = await inTransaction(ctx.db, async (tx) => {
      const row = await openStake(tx, {
        userId: input.user.id,
        issue,
        prNumber: pr.number,
        prUrl: input.stake.prUrl.trim(),
        deductionPercent: terms.deductionPercent,
      });
      return toStakeView(row, issue);
    });
    // Once committed: the pull request's `openstake/stake` status turns green (app mode).
    updateStakeStatusLater(
      { repositoryFullName: issue.repositoryFullName, prNumber: pr.number },
      ctx,
    );
    return stake;
  } catch (error) {
    // Two stakes at once on the same issue, or on the same pull request: the indexes decide.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', { message: ALREADY_STAKED });
    throw error;
  }
}
