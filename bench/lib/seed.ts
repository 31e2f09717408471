import { randomBytes } from 'node:crypto';
import type { Db } from '../../apps/server/src/db/database';
import { stakes, trackedIssues, users } from '../../apps/server/src/db/schema';
import { createSession } from '../../apps/server/src/modules/auth/sessions';
import { MINT, stakeEscrowOf, walletOf } from '../../apps/server/src/modules/ledger/accounts';
import { transfer } from '../../apps/server/src/modules/ledger/transfer';
import { BENCH_SESSION_SECRET } from './app';

const STAKE = 20;
const clock = { now: () => new Date() };
const secrets = {
  sessionSecret: new TextEncoder().encode(BENCH_SESSION_SECRET),
  encryptionKey: Buffer.alloc(32),
};

/**
 * A contributor with `count` pending stakes, each on its own tracked issue, their coins moved by
 * ledger transfers (mint -> wallet -> the stake's escrow) as the app moves them; and a session
 * token for them, signed with the bench servers' secret.
 */
export async function seedContributorWithStakes(
  db: Db,
  count: number,
): Promise<{ userId: string; token: string }> {
  const tag = randomBytes(4).toString('hex');
  const [user] = await db
    .insert(users)
    .values({
      email: `bench-${tag}@example.com`,
      role: 'contributor',
      githubUsername: `bench-${tag}`,
    })
    .returning({ id: users.id });
  const userId = user!.id;
  const firstIssueId = Number.parseInt(tag, 16) * 10_000;
  const repositoryFullName = 'openstake-labs/bench';
  await db.transaction(async (tx) => {
    await transfer(tx, {
      from: MINT,
      to: walletOf(userId),
      amount: STAKE * count,
      kind: 'signup_grant',
      reference: userId,
      idempotencyKey: `bench-grant:${userId}`,
    });
    for (let i = 0; i < count; i++) {
      const githubId = firstIssueId + i;
      const now = new Date();
      await tx.insert(trackedIssues).values({
        githubId,
        repositoryFullName,
        number: i + 1,
        title: `Bench issue ${String(i + 1)}: make the stakes list fast`,
        body: 'A body of a realistic length. '.repeat(20),
        state: 'open',
        labels: [{ name: 'good first issue', color: '7057ff' }],
        authorLogin: 'mia-maintainer',
        htmlUrl: `https://github.com/${repositoryFullName}/issues/${String(i + 1)}`,
        difficulty: 'beginner',
        stakingRequired: STAKE,
        xpReward: 50,
        repository: {
          description: 'Bench repository',
          language: 'TypeScript',
          stargazersCount: 42,
          htmlUrl: `https://github.com/${repositoryFullName}`,
          private: false,
        },
        repositoryPrivate: false,
        githubCreatedAt: now,
        githubUpdatedAt: now,
      });
      const [stake] = await tx
        .insert(stakes)
        .values({
          userId,
          issueGithubId: githubId,
          repositoryFullName,
          prNumber: 1_000 + i,
          prUrl: `https://github.com/${repositoryFullName}/pull/${String(1_000 + i)}`,
          amount: STAKE,
          deductionPercent: 10,
        })
        .returning({ id: stakes.id });
      await transfer(tx, {
        from: walletOf(userId),
        to: stakeEscrowOf(stake!.id),
        amount: STAKE,
        kind: 'stake',
        reference: stake!.id,
        idempotencyKey: `bench-stake:${stake!.id}`,
      });
    }
  });
  const { token } = await createSession(
    { db, secrets, clock },
    { id: userId, role: 'contributor' },
  );
  return { userId, token };
}
