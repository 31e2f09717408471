import { amountLabels, bountyFee } from '@openstake/core';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { requirePushAccess } from '../repositories/repository-access';
import { trackIssue } from '../issues/track-issue';
import { getBalance, walletOf } from '../ledger/accounts';
import { notEnoughCoins, recordBounty } from './create-bounty-issue';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock' | 'log'>;

export interface PostedBounty {
  issueGithubId: number;
  stakeAmount: number;
  bountyAmount: number;
  fee: number;
  balance: number;
}

/**
 * A bounty on an existing open issue (`/bounty 50`): the web form's coin bounty and records
 * (recordBounty: escrow, fee) without a new GitHub issue. A chain bounty is the web form's alone:
 * it is funded from the maintainer's wallet in their browser. The maintainer needs the
 * coins and push access to the repository, checked with their own GitHub token; the stake a
 * contributor pays is the issue's usual one for its difficulty. The issue gets the `stake-N` and
 * `bounty-N` labels afterwards; a label GitHub refuses leaves the bounty made (it is only shown).
 */
export async function postBountyOnIssue(
  input: { userId: string; owner: string; repo: string; issueNumber: number; bountyAmount: number },
  ctx: Ctx,
): Promise<PostedBounty> {
  const fee = bountyFee(input.bountyAmount);
  const needed = input.bountyAmount + fee;
  const wallet = walletOf(input.userId);
  const balance = await getBalance(ctx.db, wallet);
  if (balance < needed) throw notEnoughCoins(needed, input.bountyAmount, fee, balance);

  const access = await requirePushAccess(input, ctx);
  const [owner, repo] = access.fullName.split('/') as [string, string];
  const issue = await ctx.github.issue(access.token, owner, repo, input.issueNumber);
  if (!issue || issue.pull_request) {
    throw new AppError('BAD_REQUEST', { message: 'A bounty goes on an issue, not a pull request' });
  }
  if (issue.state !== 'open') throw new AppError('CONFLICT', { message: 'This issue is closed' });

  let committed;
  try {
    committed = await inTransaction(ctx.db, async (tx) => {
      const tracked = await trackIssue(tx, {
        repositoryFullName: access.fullName,
        issue,
        repository: access.repository,
      });
      await recordBounty(tx, {
        userId: input.userId,
        issueGithubId: tracked.githubId,
        stakeAmount: tracked.stakingRequired,
        bountyAmount: input.bountyAmount,
        fee,
      });
      return { stakeAmount: tracked.stakingRequired, remaining: await getBalance(tx, wallet) };
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_COINS') {
      throw notEnoughCoins(needed, input.bountyAmount, fee, await getBalance(ctx.db, wallet));
    }
    throw error;
  }
  await ctx.github
    .addLabels(access.token, {
      owner,
      repo,
      issueNumber: issue.number,
      labels: amountLabels(committed.stakeAmount, input.bountyAmount),
    })
    .catch((error: unknown) => {
      ctx.log.warn({ err: error, issue: issue.html_url }, 'could not label a bounty issue');
    });
  return {
    issueGithubId: issue.id,
    stakeAmount: committed.stakeAmount,
    bountyAmount: input.bountyAmount,
    fee,
    balance: committed.remaining,
  };
}
