// Stake + settle (merged), on PostgreSQL, through the server's own services (openStake in a
// transaction as createStake opens it, then settleStake as a webhook or poll settles it), by a
// pool of concurrent workers; against a raw 5-statement transfer (begin, insert, debit, credit,
// commit) run by the same pool in the same run. Counts the SQL statements sent per stake and
// checks the ledger invariant after every app round.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { systemClock } from '../apps/server/src/context';
import { stakes, trackedIssues, users } from '../apps/server/src/db/schema';
import { inTransaction } from '../apps/server/src/db/transaction';
import { checkLedgerInvariant } from '../apps/server/src/modules/ledger/check-invariant';
import { MINT, walletOf } from '../apps/server/src/modules/ledger/accounts';
import { transfer } from '../apps/server/src/modules/ledger/transfer';
import { openStake } from '../apps/server/src/modules/stakes/open-stake';
import { settleStake } from '../apps/server/src/modules/stakes/settle-stake';
import { freshDatabase } from './lib/app';
import { loadSeconds, ROUNDS } from './lib/compare';
import type { BenchRow } from './lib/report';
import { median, round } from './lib/stats';
import { eq } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/database';

const WORKERS = 20;
const CONTRIBUTORS = 40;
const STAKE = 20;

// Every statement any pool client sends (transactions included), counted in this process.
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

/** Runs `op` in WORKERS concurrent loops for the bench's seconds; returns how many completed. */
async function drive(op: (worker: number) => Promise<void>): Promise<number> {
  const until = Date.now() + loadSeconds() * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      while (Date.now() < until) {
        await op(worker);
        done++;
      }
    }),
  );
  return done;
}

async function seedContributors(db: Db): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < CONTRIBUTORS; i++) {
    const tag = randomBytes(4).toString('hex');
    const [user] = await db
      .insert(users)
      .values({
        email: `ledger-${tag}@example.com`,
        role: 'contributor',
        githubUsername: `l-${tag}`,
        // Confirmed, with the default switches: each settlement queues its mail (decision 018).
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    await inTransaction(db, (tx) =>
      transfer(tx, {
        from: MINT,
        to: walletOf(user!.id),
        amount: 1_000_000,
        kind: 'signup_grant',
        reference: user!.id,
        idempotencyKey: `signup-grant:${user!.id}`,
      }),
    );
    ids.push(user!.id);
  }
  return ids;
}

let nextIssue = 1;
async function newIssue(db: Db): Promise<typeof trackedIssues.$inferSelect> {
  const number = nextIssue++;
  const now = new Date();
  const [issue] = await db
    .insert(trackedIssues)
    .values({
      githubId: 9_000_000 + number,
      repositoryFullName: 'openstake-labs/ledger-bench',
      number,
      title: `Ledger bench issue ${String(number)}`,
      state: 'open',
      authorLogin: 'mia-maintainer',
      htmlUrl: `https://github.com/openstake-labs/ledger-bench/issues/${String(number)}`,
      difficulty: 'beginner',
      stakingRequired: STAKE,
      xpReward: 50,
      repository: { description: null, language: 'TypeScript', stargazersCount: 1, htmlUrl: '' },
      repositoryPrivate: false,
      githubCreatedAt: now,
      githubUpdatedAt: now,
    })
    .returning();
  return issue!;
}

export default async function ledger(): Promise<BenchRow[]> {
  const database = await freshDatabase('postgres');
  const admin = new pg.Pool({ connectionString: database.env.DATABASE_URL, max: WORKERS });
  try {
    const opened = await database.open();
    const db = opened.db;
    const ctx = { db, clock: systemClock, publicUrl: () => 'http://bench.invalid' };
    const contributors = await seedContributors(db);
    // Issues are made ahead, outside the measured time: one per stake.
    const issues: (typeof trackedIssues.$inferSelect)[] = [];
    const issuesFor = async (count: number) => {
      while (issues.length < count) issues.push(await newIssue(db));
    };
    await issuesFor(4_000);

    let prNumber = 1;
    const stakeAndSettle = async (worker: number) => {
      const issue = issues.pop();
      if (!issue) throw new Error('the bench ran out of issues: raise issuesFor');
      const userId = contributors[(worker + prNumber) % CONTRIBUTORS]!;
      const pr = prNumber++;
      const stake = await inTransaction(db, (tx) =>
        openStake(tx, {
          userId,
          issue,
          prNumber: pr,
          prUrl: `https://github.com/openstake-labs/ledger-bench/pull/${String(pr)}`,
          deductionPercent: 10,
        }),
      );
      await settleStake(
        {
          stakeId: stake.id,
          // Each merge from its own maintainer and organization, so that all of it counts under
          // the monthly limits (decision 012) and the bench pays the whole reward every time.
          outcome: {
            kind: 'merged',
            xp: 50,
            bounty: false,
            source: {
              mergedByLogin: `bench-maintainer-${String(pr)}`,
              mergedById: 1_000_000 + pr,
              repositoryFullName: `bench-org-${String(pr)}/ledger-bench`,
              repositoryId: 2_000_000 + pr,
              repositoryOwnerId: 3_000_000 + pr,
              repository: { stargazersCount: 50, forksCount: 5, createdAt: '2020-01-01T00:00:00Z' },
            },
          },
          settledBy: 'poll',
        },
        ctx,
      );
    };

    // The raw transfer: each worker moves 1 coin between its own two rows, so workers do not
    // queue on one another (the app's stakes do not either: each has its own escrow).
    await admin.query(
      `create table raw_accounts (id int primary key, balance int not null);
       create table raw_transfers (id bigserial primary key, from_id int, to_id int, amount int, key text unique);
       insert into raw_accounts select g, 1000000000 from generate_series(0, ${String(2 * WORKERS - 1)}) g;`,
    );
    const rawTransfer = async (worker: number) => {
      const client = await admin.connect();
      try {
        await client.query('begin');
        await client.query(
          'insert into raw_transfers (from_id, to_id, amount, key) values ($1, $2, 1, $3)',
          [2 * worker, 2 * worker + 1, randomBytes(12).toString('hex')],
        );
        await client.query(
          'update raw_accounts set balance = balance - 1 where id = $1 and balance >= 1',
          [2 * worker],
        );
        await client.query('update raw_accounts set balance = balance + 1 where id = $1', [
          2 * worker + 1,
        ]);
        await client.query('commit');
      } finally {
        client.release();
      }
    };

    const raw: number[] = [];
    const app: number[] = [];
    const perStake: number[] = [];
    let intact = true;
    for (let r = 0; r < ROUNDS; r++) {
      raw.push((await drive(rawTransfer)) / loadSeconds());
      const before = statements;
      const settled = await drive(stakeAndSettle);
      app.push(settled / loadSeconds());
      perStake.push((statements - before) / settled);
      await issuesFor(issues.length + settled);
      const report = await checkLedgerInvariant(db);
      const settledRows = await db
        .select({ id: stakes.id })
        .from(stakes)
        .where(eq(stakes.status, 'pending'));
      intact &&=
        report.total === 0 &&
        report.negativeAccounts.length === 0 &&
        report.driftedAccounts.length === 0 &&
        report.misheldEscrows.length === 0 &&
        settledRows.length === 0;
    }
    await opened.close();
    const appRate = median(app);
    const rawRate = median(raw);
    return [
      {
        bench: 'ledger',
        case: `stake + settle (merged), ${String(WORKERS)} workers, postgres`,
        figures: {
          'settled/s': Math.round(appRate),
          '% of raw transfer': round((appRate / rawRate) * 100),
          'statements/stake': round(median(perStake)),
          'ledger intact': intact ? 'yes' : 'NO',
          'raw transfers/s': Math.round(rawRate),
        },
        goal: '>= 500 settled/s, <= 12 statements per stake, ledger intact',
      },
    ];
  } finally {
    await admin.end();
    await database.drop();
  }
}
