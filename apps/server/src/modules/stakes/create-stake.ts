import { updateStakeStatusLater } from './update-stake-status';
import {
  closesIssue,
  DEFAULT_DEDUCTION_PERCENT,
  referencesIssue,
  stakePriceText,
  type CreateStakeInput,
  type SessionUser,
  type Stake,
} from '@openstake/core';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { inTransaction, isUniqueViolation } from '../../db/transaction';
import { AppError } from '../../errors';
import { hasUnwonBounty } from '../bounties/bounty-store';
import { closeTrackedIssue } from './refund-bounty';
import { requireGithubToken } from '../github/github-account';
import { trackedIssue, type TrackedIssue } from '../issues/issue-store';
import { openStake } from './open-stake';
import { parsePullRequestUrl } from './parse-pull-request-url';
import { readStanding, stakePriceFor } from '../standing/read-standing';
import { checkStakeSlots, stakeRepositoryOf, type StakeRepository } from './stake-slots';
import {
  hasPendingStakeOnIssue,
  lockStakeSlots,
  otherIssueStakedByPullRequest,
  reviewersOfStakeOn,
} from './stake-store';
import { toStakeView } from './stake-view';
import { queueNotification } from '../mail/queue-notification';
import { stakeAwaitingReviewMail } from '../mail/templates/stake-awaiting-review';

const ALREADY_STAKED = 'You already have an active stake on this issue';

/**
 * Where a stake may be placed (docs/decisions/007-who-may-earn.md): an issue of a repository a
 * maintainer connected to OpenStake, or a bounty issue whose bounty is still to be won. Elsewhere
 * nobody answers for the merge, and a contributor could stake on their own repository and merge
 * to mint coins. Returns the connected repository (its deduction percent and stake policy; null
 * for a bounty issue of a repository nobody connected), and whether a bounty is at stake.
 */
async function stakeableIssue(
  db: Queryable,
  issue: TrackedIssue,
): Promise<{ repository: StakeRepository | null; bounty: boolean }> {
  const [repository, bounty] = await Promise.all([
    stakeRepositoryOf(db, issue.repositoryFullName),
    hasUnwonBounty(db, issue.githubId),
  ]);
  if (!repository && !bounty) {
    throw new AppError('FORBIDDEN', {
      message: `Stakes are open on issues of repositories a maintainer connected to OpenStake, and on bounty issues; ${issue.repositoryFullName} is neither`,
    });
  }
  return { repository, bounty };
}

/**
 * Stakes the contributor's price (the issue's stake priced by their standing, decision 015) on a
 * pull request. Everything the client sent except the issue, the URL and the AI declaration is
 * re-derived: the user from the session, the repository from the
 * issue, the author and the description from GitHub, which must also still show the issue open.
 * Refused unless the issue's repository is
 * connected (or the issue carries a bounty), the contributor cannot push to it, the pull request
 * is theirs, open, and references the issue (a bounty issue: closes it), the pull request is
 * staked on no other issue, and the repository's policy and slots let them (checked again inside
 * the transaction, under the slots' locks, so two stakes at once cannot both take the last slot).
 * Coins move wallet -> the stake's escrow in the same transaction that
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
  const [contributor, { repository: connected, bounty }] = await Promise.all([
    readStanding(ctx.db, input.user.id, ctx.clock.now()),
    stakeableIssue(ctx.db, issue),
  ]);
  const price = stakePriceFor(contributor, issue);
  if (input.stake.amount !== price.amount) {
    throw new AppError('BAD_REQUEST', {
      message: `Your stake on this issue is ${stakePriceText(price)}`,
      field: 'amount',
    });
  }
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
  if (bounty ? !closesIssue(pr.body, issueRef) : !referencesIssue(pr.body, issueRef)) {
    throw new AppError('BAD_REQUEST', {
      message: bounty
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
      await lockStakeSlots(tx, { userId: input.user.id, issueGithubId: issue.githubId });
      const slots = await checkStakeSlots(tx, {
        contributor,
        issue,
        repository: connected,
        aiAssistance: input.stake.aiAssistance,
        now: ctx.clock.now(),
      });
      if (slots.refusal) {
        throw new AppError(slots.refusal.kind === 'generated' ? 'BAD_REQUEST' : 'CONFLICT', {
          message: slots.refusal.message,
          ...(slots.refusal.kind === 'generated' && { field: 'aiAssistance' }),
        });
      }
      const row = await openStake(tx, {
        userId: input.user.id,
        issue,
        price,
        aiAssistance: input.stake.aiAssistance,
        exclusiveUntil: slots.exclusiveUntil,
        prNumber: pr.number,
        prUrl: input.stake.prUrl.trim(),
        deductionPercent: connected?.deductionPercent ?? DEFAULT_DEDUCTION_PERCENT,
      });
      await queueNotification(
        tx,
        {
          kind: 'stake-awaiting-review',
          recipients: reviewersOfStakeOn({
            issueGithubId: issue.githubId,
            connectedBy: connected?.connectedBy ?? null,
          }),
          content: stakeAwaitingReviewMail(
            {
              contributorLogin: login,
              repositoryFullName: issue.repositoryFullName,
              prNumber: pr.number,
              issueNumber: issue.number,
              issueTitle: issue.title,
              amount: price.amount,
              aiAssistance: input.stake.aiAssistance,
            },
            ctx,
          ),
        },
        ctx,
      );
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
