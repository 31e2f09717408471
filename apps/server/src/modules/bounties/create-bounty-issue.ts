import type { createBountyIssueInputSchema } from '@openstake/core';
import {
  amountLabels,
  bountyFee,
  type CreatedBountyIssue,
  type LedgerNetworkRecord,
} from '@openstake/core';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/transaction';
import { bountyIssues } from '../../db/schema';
import { AppError } from '../../errors';
import { requirePushAccess } from '../github/repository-access';
import { trackIssue } from '../issues/track-issue';
import { bountyEscrowOf, getBalance, PLATFORM_FEES, walletOf } from '../ledger/accounts';
import { transfer } from '../ledger/transfer';
import { githubMessage } from '../../integrations/github/github';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock' | 'log' | 'ledgerNetwork'>;
type Input = z.output<typeof createBountyIssueInputSchema>;

const reason = (error: unknown): string =>
  error instanceof AppError
    ? error.message
    : error instanceof Error && 'status' in error
      ? githubMessage(error)
      : error instanceof Error
        ? error.message
        : 'Failed';

/** An issue opened for a pull request links it, so GitHub shows the two together. */
function bodyWithPullRequest(issue: Input): string {
  const pr = issue.pullRequestNumber;
  if (pr === null || new RegExp(`#${String(pr)}\\b`).test(issue.body)) return issue.body;
  const link = `Opened for pull request #${String(pr)}.`;
  return issue.body.trim() ? `${issue.body.trimEnd()}\n\n${link}` : link;
}

function notEnoughCoins(needed: number, bounty: number, fee: number, balance: number): AppError {
  return new AppError('INSUFFICIENT_COINS', {
    message: `This bounty needs ${String(needed)} coins (${String(bounty)} bounty + ${String(fee)} fee); you have ${String(balance)}`,
    field: 'bountyAmount',
  });
}

/**
 * 'Create Issue with Stake & Bounty' (spec 001 s2.9, DESIGN.md s5). The GitHub issue (with the
 * `stake-N` and `bounty-N` labels) and the ledger-network record are created in parallel; when
 * one side fails the other is undone as far as possible (the GitHub issue is closed as not
 * planned, the network record cancelled) and the spec's combined message names what failed.
 * Only when both succeeded does one transaction record the bounty issue and move bounty + fee
 * from the maintainer's wallet, so a failure leaves no half-made bounty and no coins moved.
 */
export async function createBountyIssue(
  input: { userId: string; issue: Input },
  ctx: Ctx,
): Promise<CreatedBountyIssue> {
  const { issue } = input;
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
  const [github, network] = await Promise.allSettled([
    ctx.github.createIssue(access.token, {
      owner,
      repo,
      title: issue.title,
      body: bodyWithPullRequest(issue),
      labels: [...issue.labels, ...amountLabels(issue.stakeAmount, issue.bountyAmount)],
      assignees: issue.assignees,
      milestone: issue.milestone,
    }),
    ctx.ledgerNetwork.recordIssue({
      repository: access.fullName,
      title: issue.title,
      stakeAmount: issue.stakeAmount,
      bountyAmount: issue.bountyAmount,
    }),
  ]);

  const undo = async () => {
    if (github.status === 'fulfilled') {
      await ctx.github
        .closeIssueAsNotPlanned(access.token, owner, repo, github.value.number)
        .catch((error: unknown) => {
          ctx.log.warn(
            { err: error, issue: github.value.html_url },
            'could not close an undone bounty issue',
          );
        });
    }
    if (network.status === 'fulfilled' && network.value.status === 'recorded') {
      await ctx.ledgerNetwork.cancelIssue(network.value.id).catch((error: unknown) => {
        ctx.log.warn({ err: error }, 'could not cancel an undone ledger-network record');
      });
    }
  };

  if (github.status === 'rejected' || network.status === 'rejected') {
    await undo();
    const parts = [
      network.status === 'rejected' ? `Blockchain: ${reason(network.reason)}` : null,
      github.status === 'rejected' ? `Backend: ${reason(github.reason)}` : null,
    ].filter((p): p is string => p !== null);
    throw new AppError('UPSTREAM_FAILED', {
      message: parts.join(', '),
      cause: github.status === 'rejected' ? github.reason : undefined,
    });
  }

  const created = github.value;
  const record: LedgerNetworkRecord = network.value;
  try {
    const remaining = await inTransaction(ctx.db, async (tx) => {
      const tracked = await trackIssue(tx, {
        repositoryFullName: access.fullName,
        issue: created,
        repository: access.repository,
        amounts: { stakingRequired: issue.stakeAmount, bounty: issue.bountyAmount },
      });
      await tx.insert(bountyIssues).values({
        issueGithubId: tracked.githubId,
        createdBy: input.userId,
        bountyAmount: issue.bountyAmount,
        stakeAmount: issue.stakeAmount,
        fee,
        ledgerNetworkId: record.status === 'recorded' ? record.id : null,
        ledgerNetworkTxHash: record.status === 'recorded' ? record.txHash : null,
      });
      const key = String(tracked.githubId);
      await transfer(tx, {
        from: wallet,
        to: bountyEscrowOf(tracked.githubId),
        amount: issue.bountyAmount,
        kind: 'bounty_escrow',
        reference: key,
        idempotencyKey: `bounty-escrow:${key}`,
      });
      if (fee > 0) {
        await transfer(tx, {
          from: wallet,
          to: PLATFORM_FEES,
          amount: fee,
          kind: 'bounty_fee',
          reference: key,
          idempotencyKey: `bounty-fee:${key}`,
        });
      }
      return getBalance(tx, wallet);
    });
    return {
      issueId: created.id,
      number: created.number,
      title: created.title,
      htmlUrl: created.html_url,
      stakeAmount: issue.stakeAmount,
      bountyAmount: issue.bountyAmount,
      fee,
      balance: remaining,
      ledgerNetwork: record,
    };
  } catch (error) {
    // Coins spent meanwhile (another bounty at the same moment) or a database failure: undo.
    await undo();
    if (error instanceof AppError && error.code === 'INSUFFICIENT_COINS') {
      throw notEnoughCoins(needed, issue.bountyAmount, fee, await getBalance(ctx.db, wallet));
    }
    throw error;
  }
}
