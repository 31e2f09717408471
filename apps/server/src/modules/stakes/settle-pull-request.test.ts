import { stakeDeduction } from '@openstake/core';
import type { GithubSim } from '@openstake/github-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stakes } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { createUser, type Account } from '../../../test/helpers/factories';
import { REPO, REPO_FULL_NAME, stakeWorld } from '../../../test/helpers/stake-world';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app';
import { getBalance, walletOf } from '../ledger/accounts';
import { openStake } from './open-stake';
import { settlePullRequest } from './settle-pull-request';

let app: TestApp;
let sim: GithubSim;
let world: ReturnType<typeof stakeWorld>;
let octo: Account;

beforeAll(async () => {
  app = await buildTestApp();
  sim = app.githubSim!;
  world = stakeWorld(app, sim);
  octo = await createUser(app, 'contributor', { githubUsername: 'octo-dev' });
});
afterAll(() => app.close());

const wallet = () => getBalance(app.ctx.db, walletOf(octo.user.id));
const treasury = () => getBalance(app.ctx.db, { kind: 'repo_treasury', owner: REPO_FULL_NAME });
const stakeRow = async (id: string) =>
  (await app.ctx.db.select().from(stakes).where(eq(stakes.id, id)))[0]!;

/** A pending stake by octo-dev on a fresh issue, through a real pull request on the simulator. */
async function staked(labels: string[] = []) {
  const issue = await world.createIssue({ labels });
  const pr = await world.openPullRequest('octo-dev', issue.number);
  const stake = await inTransaction(app.ctx.db, (tx) =>
    openStake(tx, {
      userId: octo.user.id,
      issue,
      prNumber: pr.number,
      prUrl: pr.url,
      deductionPercent: 10,
    }),
  );
  return { issue, pr, stake };
}

describe('settlePullRequest', () => {
  it('on a merge, returns the accepted stake with its refund and reward, as recorded; a replay settles nothing and says so', async () => {
    const { issue, pr, stake } = await staked();
    const before = await wallet();
    const merge = {
      repositoryFullName: REPO_FULL_NAME,
      prNumber: pr.number,
      end: {
        merged: true as const,
        pr: {
          authorLogin: 'octo-dev',
          mergedByLogin: 'mia-maintainer',
          mergedAt: new Date(Date.now() + 1000),
          body: `Fixes #${String(issue.number)}`,
          mergedById: null,
          repositoryId: null,
          repositoryOwnerId: null,
          repository: null,
        },
      },
      settledBy: 'webhook',
    };

    const result = await settlePullRequest(merge, app.ctx);

    expect(result.stakes).toHaveLength(1);
    const [settledStake] = result.stakes;
    expect(settledStake).toMatchObject({
      stakeId: stake.id,
      issueGithubId: issue.githubId,
      issueNumber: issue.number,
      outcome: { kind: 'merged', xp: issue.xpReward, bounty: true },
    });
    const settlement = settledStake!.settlement!;
    expect(result.settled).toEqual([settlement]);
    expect(settlement).toMatchObject({
      stakeId: stake.id,
      userId: octo.user.id,
      status: 'accepted',
      amount: stake.amount,
      refunded: stake.amount,
      deducted: 0,
      bountyEarned: 0,
    });
    expect(settlement.reward?.offered).toBe(issue.xpReward);
    // What it returns is what it recorded and moved.
    expect(await stakeRow(stake.id)).toMatchObject({
      status: 'accepted',
      settledBy: 'webhook',
      xpEarned: settlement.reward!.counted,
      coinsEarned: settlement.reward!.coins,
    });
    expect(await wallet()).toBe(before + stake.amount + settlement.reward!.coins);

    const replay = await settlePullRequest(merge, app.ctx);
    expect(replay).toEqual({ stakes: [], settled: [] });
    expect(await wallet()).toBe(before + stake.amount + settlement.reward!.coins);
  });

  it('on a close after a review, returns the rejected stake with its deduction and refund, as moved', async () => {
    const { pr, stake } = await staked(['advanced']); // 20 coins, 10 % -> 2
    await sim.reviewPullRequest({
      ...REPO,
      number: pr.number,
      reviewer: 'mia-maintainer',
      state: 'CHANGES_REQUESTED',
    });
    const before = { wallet: await wallet(), treasury: await treasury() };
    const close = {
      repositoryFullName: REPO_FULL_NAME,
      prNumber: pr.number,
      end: {
        merged: false as const,
        pr: { number: pr.number, authorLogin: 'octo-dev' },
        pushToken: sim.tokenFor('mia-maintainer'),
      },
      settledBy: 'close',
    };

    const result = await settlePullRequest(close, app.ctx);

    const deducted = stakeDeduction(stake.amount, 10);
    expect(deducted).toBe(2);
    expect(result.stakes).toEqual([
      expect.objectContaining({ stakeId: stake.id, outcome: { kind: 'closed_after_review' } }),
    ]);
    expect(result.settled).toEqual([
      {
        stakeId: stake.id,
        userId: octo.user.id,
        status: 'rejected',
        amount: 20,
        refunded: 18,
        deducted: 2,
        reward: null,
        bountyEarned: 0,
      },
    ]);
    expect(await stakeRow(stake.id)).toMatchObject({ status: 'rejected', coinsLost: 2 });
    expect(await wallet()).toBe(before.wallet + 18);
    expect(await treasury()).toBe(before.treasury + 2);

    expect(await settlePullRequest(close, app.ctx)).toEqual({ stakes: [], settled: [] });
    expect(await treasury()).toBe(before.treasury + 2);
  });

  it('in the caller transaction, pays the in-app feedback XP once and commits with the caller', async () => {
    const { issue, pr, stake } = await staked();
    const result = await inTransaction(app.ctx.db, (tx) =>
      settlePullRequest(
        {
          repositoryFullName: REPO_FULL_NAME,
          prNumber: pr.number,
          end: {
            merged: true,
            pr: {
              authorLogin: 'octo-dev',
              mergedByLogin: 'mia-maintainer',
              mergedAt: new Date(Date.now() + 1000),
              body: `Fixes #${String(issue.number)}`,
              mergedById: null,
              repositoryId: null,
              repositoryOwnerId: null,
              repository: null,
            },
            feedbackXp: 7,
          },
          settledBy: 'merge',
        },
        app.ctx,
        tx,
      ),
    );
    expect(result.stakes[0]?.outcome).toMatchObject({ kind: 'merged', xp: 7 });
    expect(result.settled[0]).toMatchObject({ stakeId: stake.id, status: 'accepted' });
    expect(result.settled[0]?.reward?.offered).toBe(7);
    expect(await stakeRow(stake.id)).toMatchObject({ status: 'accepted', settledBy: 'merge' });
  });
});
