import { randomInt } from 'node:crypto';
import { XP_LIMIT_PER_MAINTAINER, countXp, stakeDeduction, type CountedXp } from '@openstake/core';
import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/transaction';
import { stakes, transfers, users } from '../../db/schema';
import { AppError } from '../../errors';
import { expectBalancedLedger } from '../../../test/helpers/ledger';
import { createUser } from '../../../test/helpers/factories';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app';
import { getBalance, walletOf } from '../ledger/accounts';
import { trackIssue } from '../issues/track-issue';
import { openStake } from './open-stake';
import { settleStake, type StakeOutcome } from './settle-stake';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

/** A repository with full standing, merged by one maintainer: the monthly limit still applies. */
const SOURCE = {
  mergedByLogin: 'prop-maintainer',
  mergedById: 9001,
  repositoryFullName: 'prop/repo',
  repositoryId: 9002,
  repositoryOwnerId: 9003,
  repository: { stargazersCount: 40, forksCount: 6, createdAt: '2020-01-01T00:00:00Z' },
};

const outcomeArb: fc.Arbitrary<StakeOutcome> = fc.oneof(
  fc.record({
    kind: fc.constant('merged' as const),
    xp: fc.integer({ min: 0, max: 120 }),
    bounty: fc.boolean(),
    source: fc.constant(SOURCE),
  }),
  fc.constant({ kind: 'merged_without_credit' as const, reason: 'merged by its own author' }),
  fc.constant({ kind: 'closed_after_review' as const }),
  fc.constant({ kind: 'closed_without_review' as const }),
  fc.constant({ kind: 'timed_out' as const }),
);

const commandArb = fc.oneof(
  fc.record({ type: fc.constant('stake' as const), issue: fc.integer({ min: 0, max: 5 }) }),
  fc.record({ type: fc.constant('settle' as const), stake: fc.nat(), outcome: outcomeArb }),
);

const LABELS = [[], ['intermediate'], ['advanced']];

async function issueSet() {
  // Synthetic GitHub issues: the property is about the ledger, not GitHub.
  return Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      trackIssue(app.ctx.db, {
        repositoryFullName: 'prop/repo',
        issue: {
          id: randomInt(1, 2 ** 47),
          number: randomInt(1, 2 ** 30),
          title: `Issue ${i}`,
          state: 'open',
          labels: LABELS[i % 3]!,
          user: { login: 'someone' },
          comments: 0,
          html_url: 'https://github.com/prop/repo/issues/1',
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        },
        repository: {
          description: null,
          language: null,
          stargazersCount: 0,
          private: false,
          htmlUrl: 'https://github.com/prop/repo',
        },
      }),
    ),
  );
}

describe('stakes and settlements, in any order', () => {
  it('keep the ledger balanced, settle each stake once, and leave the wallet where the rules say', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 25 }), async (commands) => {
        const { user } = await createUser(app, 'contributor');
        const issues = await issueSet();
        const opened: { id: string; amount: number }[] = [];
        const settled = new Map<string, StakeOutcome>(); // the model: the first signal wins
        // What each accepted stake's merge counts, in the order they settle (decision 012).
        const counted = new Map<string, CountedXp>();
        let countedSoFar = 0;

        for (const command of commands) {
          if (command.type === 'stake') {
            const issue = issues[command.issue]!;
            try {
              const row = await inTransaction(app.ctx.db, (tx) =>
                openStake(tx, {
                  userId: user.id,
                  issue,
                  // One pull request per issue: a pull request is staked on one issue only.
                  prNumber: command.issue + 1,
                  prUrl: `https://github.com/prop/repo/pull/${String(command.issue + 1)}`,
                  deductionPercent: 10,
                }),
              );
              opened.push({ id: row.id, amount: row.amount });
            } catch (error) {
              // Refusals are fine (no coins, or already staked on that issue); anything else is not.
              const refused =
                error instanceof AppError
                  ? error.code === 'INSUFFICIENT_COINS'
                  : (error as { cause?: { code?: string } }).cause?.code === '23505';
              if (!refused) throw error;
            }
          } else if (opened.length > 0) {
            const target = opened[command.stake % opened.length]!;
            const applied = await settleStake(
              { stakeId: target.id, outcome: command.outcome, settledBy: 'property' },
              app.ctx,
            );
            expect(applied !== null).toBe(!settled.has(target.id));
            if (applied) settled.set(target.id, command.outcome);
            if (applied && command.outcome.kind === 'merged') {
              const expected = countXp(command.outcome.xp, {
                standing: { level: 'established', percent: 100 },
                countedFromMaintainer: countedSoFar,
                countedFromOrganization: countedSoFar,
              });
              expect(applied.reward).toEqual(expected);
              counted.set(target.id, expected);
              countedSoFar += expected.counted;
            }
          }
        }

        await expectBalancedLedger(app.ctx.db);
        const rows = opened.length
          ? await app.ctx.db
              .select()
              .from(stakes)
              .where(
                inArray(
                  stakes.id,
                  opened.map((o) => o.id),
                ),
              )
          : [];
        let expectedWallet = 100;
        let expectedXp = 0;
        for (const stake of rows) {
          const outcome = settled.get(stake.id);
          const status = !outcome
            ? 'pending'
            : outcome.kind === 'merged'
              ? 'accepted'
              : outcome.kind === 'closed_after_review'
                ? 'rejected'
                : 'expired';
          expect(stake.status).toBe(status);
          if (!outcome) expectedWallet -= stake.amount;
          else if (outcome.kind === 'merged') {
            const reward = counted.get(stake.id)!;
            expect(stake).toMatchObject({ xpEarned: reward.counted, coinsEarned: reward.coins });
            expectedWallet += reward.coins;
            expectedXp += reward.counted;
          } else if (outcome.kind === 'closed_after_review')
            expectedWallet -= stakeDeduction(stake.amount, 10);
          // Never more than one reward per stake.
          const rewards = await app.ctx.db
            .select()
            .from(transfers)
            .where(eq(transfers.idempotencyKey, `stake-reward:${stake.id}`));
          expect(rewards.length).toBeLessThanOrEqual(1);
        }
        expect(await getBalance(app.ctx.db, walletOf(user.id))).toBe(expectedWallet);
        expect(
          (await app.ctx.db.select({ xp: users.xp }).from(users).where(eq(users.id, user.id)))[0]!
            .xp,
        ).toBe(expectedXp);
        // However many merges, one maintainer makes at most their limit count in the window.
        expect(expectedXp).toBeLessThanOrEqual(XP_LIMIT_PER_MAINTAINER);
      }),
      { numRuns: 30 },
    );
  });
});
