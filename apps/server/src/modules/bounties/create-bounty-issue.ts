import type { createBountyIssueInputSchema } from '@openstake/core';
import { amountLabels, bountyFee, type CreatedBountyIssue } from '@openstake/core';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { requirePushAccess } from '../repositories/repository-access';
import { setIssueAmounts } from '../issues/issue-store';
import { trackIssue } from '../issues/track-issue';
import { getBalance, walletOf } from '../ledger/accounts';
import { insertBountyIssue } from './bounty-store';
import { escrowBounty } from './escrow-bounty';
import { chainBountyView, chainBountyWei, recordChainBounty } from '../chain/chain-bounties';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock' | 'log' | 'chain' | 'background'>;

type Input = z.output<typeof createBountyIssueInputSchema>;

/** An issue opened for a pull request links it, so GitHub shows the two together. */
function bodyWithPullRequest(issue: Input): string {
  const pr = issue.pullRequestNumber;
  if (pr === null || new RegExp(`#${String(pr)}\\b`).test(issue.body)) return issue.body;
  const link = `Opened for pull request #${String(pr)}.`;
  return issue.body.trim() ? `${issue.body.trimEnd()}\n\n${link}` : link;
}

/**
 * The comment on the pull request a bounty issue was opened for: how its author wins the bounty.
 * A bounty goes only to a staked pull request whose description closes the issue (decision 007),
 * which this one's does not yet, since the issue did not exist. A comment GitHub refuses is logged:
 * the bounty issue stands, and links the pull request itself.
 */
async function tellPullRequest(
  token: string,
  input: { owner: string; repo: string; issue: Input; number: number },
  ctx: Pick<Ctx, 'github' | 'log'>,
): Promise<void> {
  const { issue, number } = input;
  const pr = issue.pullRequestNumber;
  if (pr === null) return;
  const body = [
    `A bounty of ${String(issue.bountyAmount)} coins was opened for this pull request: #${String(number)}.`,
    `To win it, this pull request's description must close the issue (for example \`Fixes #${String(number)}\`), and its author stakes ${String(issue.stakeAmount)} coins on it on OpenStake. The bounty is paid when the pull request is merged.`,
  ].join('\n\n');
  try {
    await ctx.github.createIssueComment(token, {
      owner: input.owner,
      repo: input.repo,
      issueNumber: pr,
      body,
    });
  } catch (error) {
    ctx.log.warn(
      { err: error, pullRequest: pr },
      'could not tell the pull request about its bounty',
    );
  }
}

export function notEnoughCoins(
  needed: number,
  bounty: number,
  fee: number,
  balance: number,
): AppError {
  return new AppError('INSUFFICIENT_COINS', {
    message: `This bounty needs ${String(needed)} coins (${String(bounty)} bounty + ${String(fee)} fee); you have ${String(balance)}`,
    field: 'bountyAmount',
  });
}

/**
 * A bounty on a tracked issue, in the caller's transaction: the bounty issue's row (one per issue:
 * a second is refused), its amounts on the tracked issue, and bounty + fee from the maintainer's
 * wallet into escrow (escrowBounty). Coins only: a chain bounty, when asked for, is recorded apart
 * (recordChainBounty). Shared by the web form (a new GitHub issue) and `/bounty` on an existing
 * one (post-bounty-on-issue.ts).
 */
export async function recordBounty(
  tx: Tx,
  input: {
    userId: string;
    issueGithubId: number;
    stakeAmount: number;
    bountyAmount: number;
    fee: number;
  },
): Promise<void> {
  await setIssueAmounts(tx, input.issueGithubId, {
    stakingRequired: input.stakeAmount,
    bounty: input.bountyAmount,
  });
  const inserted = await insertBountyIssue(tx, {
    issueGithubId: input.issueGithubId,
    createdBy: input.userId,
    bountyAmount: input.bountyAmount,
    stakeAmount: input.stakeAmount,
    fee: input.fee,
  });
  if (!inserted) {
    throw new AppError('CONFLICT', { message: 'This issue already has a bounty' });
  }
  await escrowBounty(tx, {
    userId: input.userId,
    issueGithubId: input.issueGithubId,
    amount: input.bountyAmount,
    idempotencyKeys: {
      escrow: `bounty-escrow:${String(input.issueGithubId)}`,
      fee: `bounty-fee:${String(input.issueGithubId)}`,
    },
  });
}

/**
 * 'Create Issue with Stake & Bounty'. The GitHub issue (with the
 * `stake-N` and `bounty-N` labels) is created first; then one transaction tracks it, records the
 * bounty issue and moves bounty + fee from the maintainer's coins, and, when the maintainer asked
 * for a chain bounty, records it as awaiting funding. If that transaction fails the GitHub issue
 * is closed as not planned, so nothing is half-made. Nothing is sent to the chain: the
 * maintainer's own wallet pays the chain bounty in afterwards (the browser asks it to), and the
 * server counts it only once it has read it there (confirm-chain-funding.ts). The operator never
 * pays for it, and the coin bounty does not wait for it.
 */
export async function createBountyIssue(
  input: { userId: string; issue: Input },
  ctx: Ctx,
): Promise<CreatedBountyIssue> {
  const { issue } = input;
  // Checked before anything is made: a chain bounty needs a chain, in amounts it can hold.
  if (issue.chainBounty !== null && !ctx.chain) {
    throw new AppError('BAD_REQUEST', {
      field: 'chainBounty',
      message: 'No ledger network is configured on this server: a chain bounty cannot be paid',
    });
  }
  const chainBountyAmount =
    issue.chainBounty === null || !ctx.chain ? null : chainBountyWei(issue.chainBounty, ctx.chain);
  const fee = bountyFee(issue.bountyAmount);
  const needed = issue.bountyAmount + fee;
  const wallet = walletOf(input.userId);
  const balance = await getBalance(ctx.db, wallet);
  if (balance < needed) throw notEnoughCoins(needed, issue.bountyAmount, fee, balance);

  const access = await requirePushAccess(
    { userId: input.userId, owner: issue.owner, repo: issue.repo },
    ctx,
  );
  const [owner, repo] = access.fullName.split('/') as [string, string];
  // GitHub's refusals and failures come mapped from the client (a refused assignee is a 400
  // with GitHub's reason, an outage a 502), with nothing written yet.
  const created = await ctx.github.createIssue(access.token, {
    owner,
    repo,
    title: issue.title,
    body: bodyWithPullRequest(issue),
    labels: [...issue.labels, ...amountLabels(issue.stakeAmount, issue.bountyAmount)],
    assignees: issue.assignees,
    milestone: issue.milestone,
  });

  const { chain } = ctx;
  let committed;
  try {
    committed = await inTransaction(ctx.db, async (tx) => {
      const tracked = await trackIssue(tx, {
        repositoryFullName: access.fullName,
        issue: created,
        repository: access.repository,
      });
      await recordBounty(tx, {
        userId: input.userId,
        issueGithubId: tracked.githubId,
        ...issue,
        fee,
      });
      const chainBounty =
        chainBountyAmount === null
          ? null
          : await recordChainBounty(tx, {
              issueGithubId: tracked.githubId,
              amountWei: chainBountyAmount,
              now: ctx.clock.now(),
            });
      return { remaining: await getBalance(tx, wallet), chainBounty };
    });
  } catch (error) {
    // Coins spent meanwhile (another bounty at the same moment) or a database failure: undo.
    await ctx.github
      .closeIssueAsNotPlanned(access.token, owner, repo, created.number)
      .catch((closeError: unknown) => {
        ctx.log.warn(
          { err: closeError, issue: created.html_url },
          'could not close an undone bounty issue',
        );
      });
    if (error instanceof AppError && error.code === 'INSUFFICIENT_COINS') {
      throw notEnoughCoins(needed, issue.bountyAmount, fee, await getBalance(ctx.db, wallet));
    }
    throw error;
  }

  if (issue.pullRequestNumber !== null) {
    await tellPullRequest(access.token, { owner, repo, issue, number: created.number }, ctx);
  }
  return {
    issueId: created.id,
    number: created.number,
    title: created.title,
    htmlUrl: created.html_url,
    stakeAmount: issue.stakeAmount,
    bountyAmount: issue.bountyAmount,
    fee,
    balance: committed.remaining,
    chainBounty:
      committed.chainBounty && chain
        ? chainBountyView({ bounty: committed.chainBounty, end: null }, false, chain)
        : null,
  };
}
