// Bench data, written set-based (generate_series) so that a hundred thousand stakes take seconds.
// Coins move as the app moves them, transfer rows included (mint -> wallet as the sign-up grant,
// wallet -> a pending stake's escrow, wallet -> a bounty's escrow), so the ledger balances.
import { randomBytes } from 'node:crypto';
import type { Role } from '@openstake/core';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../apps/server/src/db/database';
import { createSession } from '../../apps/server/src/modules/auth/sessions';
import { BENCH_SESSION_SECRET } from './app';

const STAKE = 20;
const BOUNTY = 50;
/** Issues of one insertTrackedIssues call get GitHub ids from a range of this size. */
const ISSUE_ID_RANGE = 10_000;
const clock = { now: () => new Date() };
const secrets = {
  sessionSecret: new TextEncoder().encode(BENCH_SESSION_SECRET),
  encryptionKey: Buffer.alloc(32),
};

/** One array parameter instead of thousands of parameters. */
const uuids = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** A session token for the user, signed with the bench servers' secret. */
export const signIn = async (db: Db, id: string, role: Role): Promise<string> =>
  (await createSession({ db, secrets, clock }, { id, role })).token;

async function insertUsers(db: Db, role: Role, count: number, createdAt: Date): Promise<string[]> {
  const tag = randomBytes(4).toString('hex');
  const inserted = await db.execute(sql`
    insert into users (email, role, github_username, created_at)
    select 'bench-' || ${tag} || '-' || i || '@example.com', ${role}::role,
      'bench-' || ${tag} || '-' || i, ${createdAt.toISOString()}::timestamptz
    from generate_series(1, ${count}::int) as i
    returning id
  `);
  return rowsOf<{ id: string }>(inserted).map((r) => r.id);
}

/** Mint -> a new wallet per user, `amount` each, as the sign-up grant moves it (one statement). */
export async function grantFromMint(
  db: Db,
  userIds: readonly string[],
  amount: number,
): Promise<void> {
  await db.execute(
    sql`insert into accounts (kind, owner) values ('mint', '') on conflict do nothing`,
  );
  await db.execute(sql`
    with wallets as (
      insert into accounts (kind, owner, balance)
      select 'wallet', id::text, ${amount}::int from unnest(${uuids(userIds)}) as id
      returning id, owner
    ),
    mint as (
      update accounts set balance = balance - ${amount * userIds.length}::int
      where kind = 'mint' and owner = ''
      returning id
    )
    insert into transfers (from_account_id, to_account_id, amount, kind, reference, idempotency_key)
    select mint.id, wallets.id, ${amount}::int, 'signup_grant', wallets.owner,
      'signup-grant:' || wallets.owner
    from wallets cross join mint
  `);
}

interface IssueRange {
  repositoryFullName: string;
  firstId: number;
  count: number;
}

/** `count` open tracked issues #1..#count of a new repository. */
async function insertTrackedIssues(
  db: Db,
  count: number,
  amounts: { stake: number; bounty: number } = { stake: STAKE, bounty: 0 },
): Promise<IssueRange> {
  if (count > ISSUE_ID_RANGE) throw new RangeError(`at most ${String(ISSUE_ID_RANGE)} issues`);
  const tag = randomBytes(4).toString('hex');
  const repositoryFullName = `openstake-labs/bench-${tag}`;
  const firstId = Number.parseInt(tag, 16) * ISSUE_ID_RANGE;
  await db.execute(sql`
    insert into tracked_issues (github_id, repository_full_name, number, title, body, state, labels,
      author_login, html_url, difficulty, staking_required, xp_reward, bounty, repository,
      repository_private, github_created_at, github_updated_at)
    select ${firstId}::bigint + i - 1, ${repositoryFullName}, i,
      'Bench issue ' || i || ': make the stakes list fast',
      repeat('A body of a realistic length. ', 20), 'open',
      '[{"name": "good first issue", "color": "7057ff"}]'::jsonb, 'mia-maintainer',
      'https://github.com/' || ${repositoryFullName} || '/issues/' || i, 'beginner',
      ${amounts.stake}::int, 50, ${amounts.bounty}::int,
      jsonb_build_object('description', 'Bench repository', 'language', 'TypeScript',
        'stargazersCount', 42, 'htmlUrl', 'https://github.com/' || ${repositoryFullName},
        'private', false),
      false, now(), now()
    from generate_series(1, ${count}::int) as i
  `);
  return { repositoryFullName, firstId, count };
}

/**
 * `count` stakes of STAKE coins, the i-th by userIds[i mod n] on the (i mod m)-th issue, each with
 * its own pull request, a minute apart (newest first). Pending ones are not funded here.
 */
async function insertStakes(
  db: Db,
  input: {
    userIds: readonly string[];
    issues: IssueRange;
    count: number;
    status: 'pending' | 'expired';
    firstPullRequest: number;
  },
): Promise<void> {
  const { userIds, issues, count, status, firstPullRequest } = input;
  const settled =
    status === 'pending' ? sql`null` : sql`now() - i * interval '1 minute' + interval '30 days'`;
  await db.execute(sql`
    insert into stakes (user_id, issue_github_id, repository_full_name, pr_number, pr_url, amount,
      deduction_percent, status, settled_by, created_at, settled_at)
    select (${uuids(userIds)})[1 + i % ${userIds.length}::int],
      ${issues.firstId}::bigint + i % ${issues.count}::int, ${issues.repositoryFullName},
      ${firstPullRequest}::int + i,
      'https://github.com/' || ${issues.repositoryFullName} || '/pull/' || (${firstPullRequest}::int + i),
      ${STAKE}::int, 10, ${status}::stake_status,
      ${status === 'pending' ? null : 'expiry'}, now() - i * interval '1 minute', ${settled}
    from generate_series(0, ${count - 1}::int) as i
  `);
}

/** Every pending stake without an escrow yet: wallet -> the stake's escrow, as openStake moves it. */
async function fundStakeEscrows(db: Db): Promise<void> {
  await db.execute(sql`
    with escrows as (
      insert into accounts (kind, owner, balance)
      select 'stake_escrow', s.id::text, s.amount from stakes s
      where s.status = 'pending' and not exists (
        select 1 from accounts a where a.kind = 'stake_escrow' and a.owner = s.id::text)
      returning id, owner, balance
    ),
    moved as (
      insert into transfers (from_account_id, to_account_id, amount, kind, reference, idempotency_key)
      select w.id, e.id, e.balance, 'stake', e.owner, 'stake:' || e.owner
      from escrows e
      join stakes s on s.id::text = e.owner
      join accounts w on w.kind = 'wallet' and w.owner = s.user_id::text
      returning from_account_id, amount
    )
    update accounts w set balance = w.balance - m.total
    from (select from_account_id, sum(amount)::int as total from moved group by from_account_id) m
    where w.id = m.from_account_id
  `);
}

/**
 * `count` contributors signed up at `createdAt`, each with the sign-up grant the app gives
 * (mint -> wallet, kind 'signup_grant', key `signup-grant:<user id>`). Returns their ids.
 */
export async function seedContributors(
  db: Db,
  count: number,
  createdAt: Date,
  coins = 100,
): Promise<string[]> {
  const ids = await insertUsers(db, 'contributor', count, createdAt);
  await grantFromMint(db, ids, coins);
  return ids;
}

/**
 * A contributor with `count` pending stakes, each on its own tracked issue, their coins moved by
 * ledger transfers (mint -> wallet -> the stake's escrow); and a session token for them, signed
 * with the bench servers' secret.
 */
export async function seedContributorWithStakes(
  db: Db,
  count: number,
): Promise<{ userId: string; token: string }> {
  const [userId] = await seedContributors(db, 1, new Date(), STAKE * count);
  const issues = await insertTrackedIssues(db, count);
  await insertStakes(db, {
    userIds: [userId!],
    issues,
    count,
    status: 'pending',
    firstPullRequest: 1_000,
  });
  await fundStakeEscrows(db);
  return { userId: userId!, token: await signIn(db, userId!, 'contributor') };
}

/**
 * A maintainer with `count` bounty issues (their bounties in escrow), each with one pending stake
 * and `settledPerIssue` expired ones by other contributors; and the maintainer's session token.
 */
export async function seedMaintainerWithBountyIssues(
  db: Db,
  count: number,
  settledPerIssue: number,
): Promise<{ userId: string; token: string }> {
  const [userId] = await insertUsers(db, 'maintainer', 1, new Date());
  await grantFromMint(db, [userId!], BOUNTY * count);
  const issues = await insertTrackedIssues(db, count, { stake: STAKE, bounty: BOUNTY });
  await db.execute(sql`
    with bounties as (
      insert into bounty_issues (issue_github_id, created_by, bounty_amount, stake_amount, fee, created_at)
      select ${issues.firstId}::bigint + i - 1, ${userId}, ${BOUNTY}::int, ${STAKE}::int, 0,
        now() - i * interval '1 hour'
      from generate_series(1, ${count}::int) as i
      returning issue_github_id
    ),
    escrows as (
      insert into accounts (kind, owner, balance)
      select 'bounty_escrow', issue_github_id::text, ${BOUNTY}::int from bounties
      returning id, owner
    ),
    moved as (
      insert into transfers (from_account_id, to_account_id, amount, kind, reference, idempotency_key)
      select w.id, e.id, ${BOUNTY}::int, 'bounty_escrow', e.owner, 'bounty-escrow:' || e.owner
      from escrows e cross join accounts w
      where w.kind = 'wallet' and w.owner = ${userId}
      returning amount
    )
    update accounts set balance = balance - (select sum(amount) from moved)::int
    where kind = 'wallet' and owner = ${userId}
  `);
  const contributors = await seedContributors(db, settledPerIssue + 1, new Date(), STAKE * count);
  const stakesOn = { userIds: contributors, issues, firstPullRequest: 1_000 };
  await insertStakes(db, { ...stakesOn, count, status: 'pending' });
  await insertStakes(db, {
    ...stakesOn,
    count: count * settledPerIssue,
    status: 'expired',
    firstPullRequest: 1_000 + count,
  });
  await fundStakeEscrows(db);
  return { userId: userId!, token: await signIn(db, userId!, 'maintainer') };
}

/**
 * The rest of the platform: `count` settled (expired) stakes by 200 other contributors on 1,000
 * other issues. An expired stake's coins went back, so its escrow is empty and no wallet changed.
 */
export async function seedOtherStakes(db: Db, count: number): Promise<void> {
  const contributors = await seedContributors(db, 200, new Date());
  const issues = await insertTrackedIssues(db, 1_000);
  await insertStakes(db, {
    userIds: contributors,
    issues,
    count,
    status: 'expired',
    firstPullRequest: 1,
  });
}
