import type { GithubSim } from '@openstake/github-sim';
import type { ChainBounty } from '@openstake/core';
import { and, eq } from 'drizzle-orm';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainOperations } from '../src/db/schema';
import type { Chain } from '../src/integrations/chain/chain';
import { createViemChain } from '../src/integrations/chain/viem-chain';
import { closeTrackedIssue } from '../src/modules/stakes/refund-bounty';
import { findChainBounty } from '../src/modules/chain/chain-bounties';
import { wantedHold } from '../src/modules/chain/chain-operations';
import { checkChainFunding } from '../src/modules/chain/confirm-chain-funding';
import { sendChainOperations } from '../src/modules/chain/send-chain-operations';
import { newestPendingStakeOn } from '../src/modules/stakes/stake-store';
import { connectRepository } from './helpers/connect-repository';
import { createUser, grantTestXp, type Account } from './helpers/factories';
import { listen } from './helpers/github-flow';
import { linkGithub } from './helpers/link-github';
import { REPO, stakeWorld } from './helpers/stake-world';
import { buildTestApp, type TestApp } from './helpers/test-app';

/*
 * A chain bounty's funding confirmed at the very moment OpenStake changes the bounty: PostgreSQL
 * only, where the two really run at once on two connections. The confirmation locks the bounty
 * issue's row before it marks the chain bounty funded, as the close and the payout update that
 * row before they write the chain's refund or release, so one always sees the other; and a stake
 * and a confirmation both re-arm the issue's hold, so the hold is never left unsent.
 */

let app: TestApp;
let sim: GithubSim;
let mia: Account;
let octo: Account;
let direct: Chain;
let offsetMs = 0;
let miaKey: Hex;

beforeAll(async () => {
  app = await buildTestApp(
    {},
    { chain: true, clock: { now: () => new Date(Date.now() + offsetMs) } },
  );
  sim = app.githubSim!;
  const base = await listen(app);
  mia = await createUser(app, 'maintainer', { githubUsername: 'mia-maintainer' });
  octo = await createUser(app, 'contributor', { githubUsername: 'octo-dev' });
  await linkGithub(base, mia, 'mia-maintainer');
  await linkGithub(base, octo, 'octo-dev');
  // Octo stakes in every round and leaves the stakes pending: more than a Code Novice may hold.
  await grantTestXp(app, octo, 5000);
  await connectRepository(app, base, mia, REPO);
  direct = createViemChain(app.demoChain!.settings);
  miaKey = app.demoChain!.accounts[2]!.privateKey;
  const wallet = privateKeyToAccount(miaKey);
  const stored = await as(mia, '/api/store/values', {
    githubUsername: 'mia-maintainer',
    publicKey: wallet.address,
  });
  const { message } = stored.json<{ challenge: { message: string } }>().challenge;
  const linked = await as(mia, '/api/users/create', {
    walletAddress: wallet.address,
    githubUsername: 'mia-maintainer',
    walletType: 'metamask',
    publicKey: wallet.address,
    message,
    signature: await wallet.signMessage({ message }),
  });
  expect(linked.statusCode, linked.body).toBe(200);
});
afterAll(() => app.close());

const as = (who: Account, url: string, payload: object) =>
  app.server.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });

/** A bounty issue with a chain bounty, paid in on the chain by Mia's wallet, not yet confirmed. */
async function fundedOnChain(title: string) {
  const res = await as(mia, '/api/maintainer/bounty-issues', {
    ...REPO,
    title,
    stakeAmount: 10,
    bountyAmount: 5,
    chainBounty: '1',
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<{
    data: { issueId: number; number: number; chainBounty: ChainBounty };
  }>().data;
  await direct.funderWallet(miaKey).fund({
    issueId: BigInt(created.issueId),
    amount: BigInt(created.chainBounty.amount),
    deadline: BigInt(created.chainBounty.deadline),
  });
  return created;
}

const confirmNow = async (issueId: number) =>
  checkChainFunding((await findChainBounty(app.ctx.db, issueId))!, null, app.ctx);

describe('a funding confirmed while the bounty changes', () => {
  it('confirmed as the issue closes unwon: the chain bounty is always refunded to its wallet', async () => {
    const issues = [];
    for (let i = 0; i < 6; i++) issues.push(await fundedOnChain(`Race close ${String(i)}`));
    await Promise.all(
      issues.flatMap((issue) => [
        closeTrackedIssue(issue.issueId, app.ctx),
        confirmNow(issue.issueId),
      ]),
    );
    for (const issue of issues) {
      expect((await findChainBounty(app.ctx.db, issue.issueId))?.fundedAt).not.toBeNull();
      const [refund] = await app.ctx.db
        .select()
        .from(chainOperations)
        .where(
          and(eq(chainOperations.issueGithubId, issue.issueId), eq(chainOperations.kind, 'refund')),
        );
      expect(refund, `issue ${String(issue.issueId)}`).toBeDefined();
    }
    offsetMs += 2 * 60 * 60_000;
    await sendChainOperations(app.ctx, newestPendingStakeOn);
    for (const issue of issues) {
      expect((await direct.getIssue(BigInt(issue.issueId)))?.status).toBe('refunded');
    }
  });

  it('confirmed as a stake is placed: the hold is sent, never left behind', async () => {
    const issues = [];
    for (let i = 0; i < 4; i++) issues.push(await fundedOnChain(`Race stake ${String(i)}`));
    const prs = await Promise.all(
      issues.map((issue) => stakeWorld(app, sim).openPullRequest('octo-dev', issue.number)),
    );
    await Promise.all(
      issues.flatMap((issue, i) => [
        as(octo, '/api/contributor/stakes', {
          issueId: issue.issueId,
          prUrl: prs[i]!.url,
          amount: 10,
        }).then((res) => {
          expect(res.statusCode, res.body).toBe(201);
        }),
        confirmNow(issue.issueId),
      ]),
    );
    offsetMs += 2 * 60 * 60_000;
    await sendChainOperations(app.ctx, newestPendingStakeOn);
    for (const issue of issues) {
      const wanted = await wantedHold(app.ctx.db, issue.issueId, newestPendingStakeOn);
      expect(wanted).toBeGreaterThan(0n);
      expect((await direct.getIssue(BigInt(issue.issueId)))?.heldUntil).toBe(wanted);
    }
  });
});
