import {
  and,
  asc,
  desc,
  eq,
  exists,
  getTableColumns,
  inArray,
  isNull,
  lt,
  ne,
  not,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AiAssistance, Stake } from '@openstake/core';
import {
  isoTimestamp,
  rowsFromDriver,
  rowsOf,
  type Db,
  type Queryable,
  type Tx,
} from '../../db/database';
import { preparedPerDb } from '../../db/prepared';
import {
  bountyIssues,
  githubAccounts,
  mergedPullRequests,
  repositories,
  repositoryVouches,
  spamMarks,
  stakes,
  trackedIssues,
  users,
} from '../../db/schema';
import type { WeeklyFigures } from '../mail/templates/weekly-report';
import type { StakesCursor } from './stakes-cursor';

// The queries of the `stakes` table, grouped by what the stakes domain asks of it. Each takes the
// database or the caller's transaction; the rules, and where a transaction begins and ends, stay
// in the services that call them. Other modules read stakes through the stakes module's services
// and these functions, never the table.

export type StakeRow = typeof stakes.$inferSelect;

// --- Placing a stake --------------------------------------------------------------------------

/** Whether the contributor has a pending stake on the issue. */
export async function hasPendingStakeOnIssue(
  db: Queryable,
  input: { userId: string; issueGithubId: number },
): Promise<boolean> {
  const [active] = await db
    .select({ id: stakes.id })
    .from(stakes)
    .where(
      and(
        eq(stakes.userId, input.userId),
        eq(stakes.issueGithubId, input.issueGithubId),
        eq(stakes.status, 'pending'),
      ),
    );
  return Boolean(active);
}

/** The number of the issue an earlier stake of this pull request was on, when it is another one. */
export async function otherIssueStakedByPullRequest(
  db: Queryable,
  input: { repositoryFullName: string; prNumber: number; issueGithubId: number },
): Promise<number | null> {
  const [other] = await db
    .select({ number: trackedIssues.number })
    .from(stakes)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, stakes.issueGithubId))
    .where(
      and(
        eq(stakes.repositoryFullName, input.repositoryFullName),
        eq(stakes.prNumber, input.prNumber),
        ne(stakes.issueGithubId, input.issueGithubId),
      ),
    )
    .limit(1);
  return other?.number ?? null;
}

/**
 * Inserts a pending stake of the contributor's price, only while the issue is open: the
 * issue's row is read FOR SHARE in the same statement (see openStake). Null when it is closed.
 */
export async function insertStakeOnOpenIssue(
  tx: Tx,
  input: {
    userId: string;
    issueGithubId: number;
    /** The contributor's price (decision 015) and the factor of the issue's stake it is. */
    amount: number;
    pricePercent: number;
    aiAssistance: StakeRow['aiAssistance'];
    exclusiveUntil: Date | null;
    prNumber: number;
    prUrl: string;
    deductionPercent: number;
  },
): Promise<StakeRow | null> {
  const exclusiveUntil = input.exclusiveUntil?.toISOString() ?? null;
  const [row] = rowsFromDriver(
    stakes,
    await tx.execute(sql`
      insert into stakes
        (user_id, issue_github_id, repository_full_name, pr_number, pr_url, amount, deduction_percent,
         price_percent, ai_assistance, exclusive_until)
      select ${input.userId}, github_id, repository_full_name, ${input.prNumber}, ${input.prUrl},
        ${input.amount}, ${input.deductionPercent}, ${input.pricePercent}, ${input.aiAssistance},
        ${exclusiveUntil}::timestamptz
      from tracked_issues
      where github_id = ${input.issueGithubId} and state = 'open'
      for share
      returning *`),
  );
  return row ?? null;
}

/**
 * Serializes stakes that share a contributor or an issue, for the rest of the transaction, so the
 * slots counted next (stakeSlotCounts) cannot be taken twice by two stakes at once. Always the
 * contributor's lock first, then the issue's: two stakes never wait on each other in a circle.
 */
export async function lockStakeSlots(
  tx: Tx,
  input: { userId: string; issueGithubId: number },
): Promise<void> {
  await tx.execute(sql`
    select pg_advisory_xact_lock(hashtext('stake-slots:user:' || ${input.userId})),
      pg_advisory_xact_lock(hashtext('stake-slots:issue:' || ${String(input.issueGithubId)}))`);
}

/**
 * What the slots of decision 015 count for a contributor about to stake on an issue, in one
 * statement: their pending stakes in the repository and on the whole platform, the pending stakes
 * on the issue, those of them placed by newcomers (no XP from an independent maintainer, or a
 * spam mark in its window, and no vouch in the repository), and until when another contributor's
 * exclusive window holds the issue. It reads users, spam marks and vouches beside stakes: the
 * newcomer test of the other stakers is part of the count.
 */
export async function stakeSlotCounts(
  db: Queryable,
  input: {
    userId: string;
    issueGithubId: number;
    repositoryFullName: string;
    /** The connected repository, whose vouches count; null for an unconnected bounty issue. */
    repositoryId: string | null;
    /** Spam marks since this instant make an author a newcomer again. */
    spamMarkedSince: Date;
    now: Date;
  },
): Promise<{
  openInRepository: number;
  openOnPlatform: number;
  pendingOnIssue: number;
  newcomersOnIssue: number;
  exclusiveUntil: Date | null;
}> {
  const onIssue = sql`${stakes.issueGithubId} = ${input.issueGithubId} and ${stakes.userId} <> ${input.userId}`;
  const vouched = input.repositoryId
    ? sql`exists (select 1 from ${repositoryVouches}
        where ${repositoryVouches.repositoryId} = ${input.repositoryId}
          and ${repositoryVouches.githubUserId} = ${githubAccounts.githubId}
          and ${repositoryVouches.kind} = 'vouched')`
    : sql`false`;
  const spamMarked = sql`exists (select 1 from ${spamMarks}
    where ${spamMarks.authorUserId} = ${stakes.userId}
      and ${spamMarks.createdAt} > ${input.spamMarkedSince.toISOString()}::timestamptz)`;
  const [row] = await db
    .select({
      openInRepository: sql<number>`count(*) filter (where ${stakes.userId} = ${input.userId} and ${stakes.repositoryFullName} = ${input.repositoryFullName})::int`,
      openOnPlatform: sql<number>`count(*) filter (where ${stakes.userId} = ${input.userId})::int`,
      pendingOnIssue: sql<number>`count(*) filter (where ${onIssue})::int`,
      newcomersOnIssue: sql<number>`count(*) filter (where ${onIssue} and (${users.xpMaintainers} = 0 or ${spamMarked}) and not ${vouched})::int`,
      exclusiveUntil: sql<
        string | null
      >`max(${stakes.exclusiveUntil}) filter (where ${onIssue} and ${stakes.exclusiveUntil} > ${input.now.toISOString()}::timestamptz)`,
    })
    .from(stakes)
    .innerJoin(users, eq(users.id, stakes.userId))
    .leftJoin(githubAccounts, eq(githubAccounts.userId, stakes.userId))
    .where(
      and(
        eq(stakes.status, 'pending'),
        sql`(${stakes.userId} = ${input.userId} or ${stakes.issueGithubId} = ${input.issueGithubId})`,
      ),
    );
  return {
    openInRepository: Number(row?.openInRepository ?? 0),
    openOnPlatform: Number(row?.openOnPlatform ?? 0),
    pendingOnIssue: Number(row?.pendingOnIssue ?? 0),
    newcomersOnIssue: Number(row?.newcomersOnIssue ?? 0),
    exclusiveUntil: row?.exclusiveUntil ? new Date(row.exclusiveUntil) : null,
  };
}

/**
 * Marks the exclusive windows that ended without a merge (decision 015): the stake stays pending
 * like any other, and the lapse counts against its contributor's standing as a rejection. Returns
 * how many it marked.
 */
export async function markLapsedWindows(db: Queryable, now: Date): Promise<number> {
  const marked = await db
    .update(stakes)
    .set({ windowLapsedAt: sql`${stakes.exclusiveUntil}` })
    .where(
      and(
        eq(stakes.status, 'pending'),
        isNull(stakes.windowLapsedAt),
        lt(stakes.exclusiveUntil, now),
      ),
    )
    .returning({ id: stakes.id });
  return marked.length;
}

// --- Pending stakes, for the signals that settle them -----------------------------------------

/**
 * A stake on the issue is pending, as a condition of another domain's statement (a bounty is not
 * refunded while a pending stake could still win it), so the question stays in that statement.
 */
export function aStakeIsPendingOn(db: Queryable, issueGithubId: number): SQL {
  return exists(
    db
      .select({ id: stakes.id })
      .from(stakes)
      .where(and(eq(stakes.issueGithubId, issueGithubId), eq(stakes.status, 'pending'))),
  );
}

const pendingOnPullRequest = (
  repositoryFullName: string | ReturnType<typeof sql.placeholder>,
  prNumber: number | ReturnType<typeof sql.placeholder>,
) =>
  and(
    eq(stakes.repositoryFullName, repositoryFullName),
    eq(stakes.prNumber, prNumber),
    eq(stakes.status, 'pending'),
  );

// Asked of every closed pull request GitHub delivers: prepared once per database.
const waiting = preparedPerDb((db) =>
  db
    .select({ id: stakes.id })
    .from(stakes)
    .where(pendingOnPullRequest(sql.placeholder('repositoryFullName'), sql.placeholder('prNumber')))
    .limit(1)
    .prepare('stake_waits_on_pull_request'),
);

/**
 * Whether a stake waits on the pull request: the webhook's receiver asks as a closed one arrives
 * (most have none, and are recorded as handled at once).
 */
export async function stakeWaitsOn(
  db: Db,
  repositoryFullName: string,
  prNumber: number,
): Promise<boolean> {
  const rows = await waiting(db).execute({ repositoryFullName, prNumber });
  return rows.length > 0;
}

/**
 * The pending stakes on a pull request, oldest first, with what settling them needs of their
 * issue (its repository and number, which the merge must reference, and its XP) and when they
 * were placed.
 */
export function pendingStakesOnPullRequest(
  db: Queryable,
  repositoryFullName: string,
  prNumber: number,
): Promise<
  {
    id: string;
    issueGithubId: number;
    issue: { repositoryFullName: string; number: number };
    xpReward: number;
    createdAt: Date;
  }[]
> {
  return db
    .select({
      id: stakes.id,
      issueGithubId: stakes.issueGithubId,
      issue: { repositoryFullName: trackedIssues.repositoryFullName, number: trackedIssues.number },
      xpReward: trackedIssues.xpReward,
      createdAt: stakes.createdAt,
    })
    .from(stakes)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, stakes.issueGithubId))
    .where(pendingOnPullRequest(repositoryFullName.toLowerCase(), prNumber))
    .orderBy(stakes.createdAt);
}

/**
 * When the newest pending stake on the issue was placed, in whole unix seconds; null when none is
 * pending. The chain's hold lasts from it (chain/chain-operations.ts's wantedHold).
 */
export async function newestPendingStakeOn(
  db: Queryable,
  issueGithubId: number,
): Promise<bigint | null> {
  const [row] = await db
    .select({
      newest: sql<string | null>`floor(extract(epoch from max(${stakes.createdAt})))::bigint::text`,
    })
    .from(stakes)
    .where(and(eq(stakes.issueGithubId, issueGithubId), eq(stakes.status, 'pending')));
  return row?.newest ? BigInt(row.newest) : null;
}

/** Every pending stake, for the poll: whose it is and which pull request it waits on. */
export function pendingStakes(
  db: Queryable,
): Promise<Pick<StakeRow, 'id' | 'userId' | 'repositoryFullName' | 'prNumber'>[]> {
  return db
    .select({
      id: stakes.id,
      userId: stakes.userId,
      repositoryFullName: stakes.repositoryFullName,
      prNumber: stakes.prNumber,
    })
    .from(stakes)
    .where(eq(stakes.status, 'pending'));
}

/** Pending stakes placed before `cutoff`, with their issue, for the expiry. */
export function pendingStakesPlacedBefore(db: Queryable, cutoff: Date) {
  return db
    .select({ stake: stakes, issue: trackedIssues })
    .from(stakes)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, stakes.issueGithubId))
    .where(and(eq(stakes.status, 'pending'), lt(stakes.createdAt, cutoff)));
}

/**
 * The contributor's pending stake in a repository, named by its issue's number or else by its
 * pull request, with the issue's number.
 */
export async function pendingStakeOf(
  db: Queryable,
  input: {
    userId: string;
    repositoryFullName: string;
    issueNumber: number | null;
    prNumber: number | null;
  },
): Promise<{ stake: StakeRow; issueNumber: number } | null> {
  const [found] = await db
    .select({ stake: stakes, issueNumber: trackedIssues.number })
    .from(stakes)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, stakes.issueGithubId))
    .where(
      and(
        eq(stakes.userId, input.userId),
        eq(stakes.status, 'pending'),
        eq(stakes.repositoryFullName, input.repositoryFullName.toLowerCase()),
        input.issueNumber !== null
          ? eq(trackedIssues.number, input.issueNumber)
          : eq(stakes.prNumber, input.prNumber ?? 0),
      ),
    )
    .limit(1);
  return found ?? null;
}

/**
 * Moves each stake's placing time to `placedAt`, in one statement: the demo's seed backdates the
 * stakes it places into the history it makes up.
 */
export async function setStakesPlacedAt(
  tx: Tx,
  placed: { id: string; placedAt: Date }[],
): Promise<void> {
  if (placed.length === 0) return;
  const ids = `{${placed.map((s) => s.id).join(',')}}`;
  const times = `{${placed.map((s) => s.placedAt.toISOString()).join(',')}}`;
  await tx.execute(sql`
    update stakes set created_at = placed.at
    from unnest(${ids}::uuid[], ${times}::timestamptz[]) as placed(id, at)
    where stakes.id = placed.id
  `);
}

// --- Settling ---------------------------------------------------------------------------------

/**
 * The guard of every settlement: the stake leaves 'pending' once, whichever signal gets here
 * first. A merge seen by another signal than the in-app merge leaves a stake whose pull request
 * that merge claimed (it pays the maintainer's feedback); a merge locks the contributor's `users`
 * row, so merges for one contributor count their allowance one at a time (decision 012). Returns
 * the stake, with the bounty still to win on its issue read in the same statement, or null when it
 * was settled already.
 */
export async function markStakeSettled(
  tx: Tx,
  input: {
    stakeId: string;
    status: 'accepted' | 'rejected' | 'expired';
    settledBy: string;
    at: Date;
  },
): Promise<(StakeRow & { issueBounty: number; issueNumber: number; issueTitle: string }) | null> {
  const merged = input.status === 'accepted';
  const [settled] = await tx
    .update(stakes)
    .set({ status: input.status, settledAt: input.at, settledBy: input.settledBy })
    .where(
      and(
        eq(stakes.id, input.stakeId),
        eq(stakes.status, 'pending'),
        merged && input.settledBy !== 'merge'
          ? not(
              exists(
                tx
                  .select({ id: mergedPullRequests.id })
                  .from(mergedPullRequests)
                  .where(
                    and(
                      eq(mergedPullRequests.repositoryFullName, stakes.repositoryFullName),
                      eq(mergedPullRequests.prNumber, stakes.prNumber),
                    ),
                  ),
              ),
            )
          : undefined,
        merged
          ? sql`exists (select 1 from ${users} where ${users.id} = ${stakes.userId} for update)`
          : undefined,
      ),
    )
    .returning({
      ...getTableColumns(stakes),
      issueBounty: sql<number>`(select ${trackedIssues.bounty} from ${trackedIssues} where ${trackedIssues.githubId} = ${stakes.issueGithubId})`,
      // What the contributor's mail names the issue by (decision 018).
      issueNumber: sql<number>`(select ${trackedIssues.number} from ${trackedIssues} where ${trackedIssues.githubId} = ${stakes.issueGithubId})`,
      issueTitle: sql<string>`(select ${trackedIssues.title} from ${trackedIssues} where ${trackedIssues.githubId} = ${stakes.issueGithubId})`,
    });
  return settled ?? null;
}

/** What an accepted stake earned: the reward's coins and XP as they counted, and the bounty. */
export async function recordStakeEarnings(
  tx: Tx,
  stakeId: string,
  earned: {
    coins: number;
    xp: number;
    xpUncounted: number;
    xpLimitReason: StakeRow['xpLimitReason'];
    bounty: number;
  },
): Promise<void> {
  await tx
    .update(stakes)
    .set({
      coinsEarned: earned.coins + earned.bounty,
      xpEarned: earned.xp,
      xpUncounted: earned.xpUncounted,
      xpLimitReason: earned.xpLimitReason,
      bountyEarned: earned.bounty,
    })
    .where(eq(stakes.id, stakeId));
}

/** What a rejected stake lost to the repository's treasury. */
export async function recordStakeLoss(tx: Tx, stakeId: string, coinsLost: number): Promise<void> {
  await tx.update(stakes).set({ coinsLost }).where(eq(stakes.id, stakeId));
}

// --- Telling settlements on GitHub ------------------------------------------------------------

/** Settled stakes not told yet, oldest settlement first, with what their comment says and where. */
export function untoldSettlements(db: Queryable, limit: number) {
  return db
    .select({
      stake: stakes,
      issueNumber: trackedIssues.number,
      login: githubAccounts.login,
      installationId: repositories.installationId,
      botComments: repositories.botComments,
      connectedAt: repositories.connectedAt,
      feedback: mergedPullRequests.feedback,
    })
    .from(stakes)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, stakes.issueGithubId))
    .leftJoin(githubAccounts, eq(githubAccounts.userId, stakes.userId))
    .leftJoin(repositories, eq(repositories.fullName, stakes.repositoryFullName))
    .leftJoin(
      mergedPullRequests,
      and(
        eq(mergedPullRequests.repositoryFullName, stakes.repositoryFullName),
        eq(mergedPullRequests.prNumber, stakes.prNumber),
      ),
    )
    .where(and(ne(stakes.status, 'pending'), isNull(stakes.settlementToldAt)))
    .orderBy(asc(stakes.settledAt))
    .limit(limit);
}

/** Claims the telling of a settlement; false when another run claimed it first. */
export async function claimSettlementTelling(
  db: Queryable,
  stakeId: string,
  at: Date,
): Promise<boolean> {
  const [claimed] = await db
    .update(stakes)
    .set({ settlementToldAt: at })
    .where(and(eq(stakes.id, stakeId), isNull(stakes.settlementToldAt)))
    .returning({ id: stakes.id });
  return Boolean(claimed);
}

/** Gives a claimed telling back, for the next run to try again. */
export async function releaseSettlementTelling(db: Queryable, stakeId: string): Promise<void> {
  await db.update(stakes).set({ settlementToldAt: null }).where(eq(stakes.id, stakeId));
}

// --- What the pages show ----------------------------------------------------------------------

/**
 * The same view as columns of a select over stakes joined to their tracked issue, for the stakes
 * list, whose rows go to the client as they come: the times written as text by the database in
 * toISOString()'s form, so no Date is made per row. Every field of a Stake, no other (the
 * compiler checks); test/stakes-list.test.ts holds the rows equal to toStakeView's (stake-view.ts).
 */
export const stakeViewColumns = {
  _id: stakes.id,
  status: stakes.status,
  issueId: stakes.issueGithubId,
  issueNumber: trackedIssues.number,
  issueTitle: trackedIssues.title,
  repository: stakes.repositoryFullName,
  amount: stakes.amount,
  createdAt: isoTimestamp(stakes.createdAt),
  settledAt: isoTimestamp(stakes.settledAt),
  coinsEarned: stakes.coinsEarned,
  xpEarned: stakes.xpEarned,
  coinsLost: stakes.coinsLost,
  bountyEarned: stakes.bountyEarned,
  xpUncounted: stakes.xpUncounted,
  xpLimitReason: stakes.xpLimitReason,
  prUrl: stakes.prUrl,
} satisfies Record<keyof Stake, unknown>;

/**
 * The page query, with or without a cursor, its parameters as placeholders: userId, limit, and
 * with the cursor afterMicros and afterId. It selects a stake exactly as the list shows it
 * (stakeViewColumns), so a row goes to the serializer as it comes.
 */
export function stakesPageQuery(db: Db, withCursor: boolean) {
  return db
    .select({
      ...stakeViewColumns,
      createdAtMicros: sql<string>`(extract(epoch from ${stakes.createdAt}) * 1000000)::bigint::text`,
    })
    .from(stakes)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, stakes.issueGithubId))
    .where(
      and(
        eq(stakes.userId, sql.placeholder('userId')),
        withCursor
          ? sql`(${stakes.createdAt}, ${stakes.id}) < ('epoch'::timestamptz + ${sql.placeholder('afterMicros')}::bigint * interval '1 microsecond', ${sql.placeholder('afterId')}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(stakes.createdAt), desc(stakes.id))
    .limit(sql.placeholder('limit'));
}

// The list is the hottest read there is: built once per database and prepared on the server.
const pageStatements = preparedPerDb((db) => ({
  first: stakesPageQuery(db, false).prepare('stakes_page_first'),
  after: stakesPageQuery(db, true).prepare('stakes_page_after'),
}));

/**
 * One more than a page of the contributor's stakes, newest first (created_at, then id), after
 * `after` when given. Read through stakes_user_created_idx, so a page costs the same however many
 * stakes there are (test/indexes.pg.test.ts checks the plan).
 */
export function stakesPageRows(
  db: Db,
  input: { userId: string; limit: number; after?: StakesCursor | undefined },
) {
  const queries = pageStatements(db);
  const { after } = input;
  const params = { userId: input.userId, limit: input.limit + 1 };
  return after
    ? queries.after.execute({ ...params, afterMicros: after.createdAtMicros, afterId: after.id })
    : queries.first.execute(params);
}

/**
 * The maintainer's bounty issues, newest first, each with its tracked issue and how many stakes
 * it drew (`applicants`), `pending` of them still pending: the bounty list's one statement. Each
 * issue's stakes are counted through the stakes' issue index, so the list costs the same however
 * many stakes the platform holds on other issues (test/indexes.pg.test.ts checks the plan).
 */
export function bountyIssuesWithStakeCounts(db: Queryable, maintainerId: string) {
  const stakeCounts = db
    .select({
      applicants: sql<number>`count(*)`.mapWith(Number).as('applicants'),
      pending: sql<number>`count(*) filter (where ${stakes.status} = 'pending')`
        .mapWith(Number)
        .as('pending'),
    })
    .from(stakes)
    .where(eq(stakes.issueGithubId, bountyIssues.issueGithubId))
    .as('stake_counts');
  return db
    .select({
      bounty: bountyIssues,
      issue: trackedIssues,
      pending: stakeCounts.pending,
      applicants: stakeCounts.applicants,
    })
    .from(bountyIssues)
    .innerJoin(trackedIssues, eq(trackedIssues.githubId, bountyIssues.issueGithubId))
    .innerJoinLateral(stakeCounts, sql`true`)
    .where(eq(bountyIssues.createdBy, maintainerId))
    .orderBy(desc(bountyIssues.createdAt));
}

/** A contributor's latest stake on an issue; null when they never staked on it. */
export async function latestStakeOnIssue(
  db: Queryable,
  input: { userId: string; issueGithubId: number },
): Promise<StakeRow | null> {
  const [row] = await db
    .select()
    .from(stakes)
    .where(and(eq(stakes.userId, input.userId), eq(stakes.issueGithubId, input.issueGithubId)))
    .orderBy(desc(stakes.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The pending or accepted stake a pull request carries on one of `issueGithubIds` (the issues its
 * description references), for its `openstake/stake` status; null when it carries none.
 */
export async function stakeCarriedByPullRequest(
  db: Queryable,
  input: { repositoryFullName: string; prNumber: number; issueGithubIds: number[] },
): Promise<{ issueGithubId: number; amount: number } | null> {
  const [stake] = await db
    .select({ issueGithubId: stakes.issueGithubId, amount: stakes.amount })
    .from(stakes)
    .where(
      and(
        eq(stakes.repositoryFullName, input.repositoryFullName.toLowerCase()),
        eq(stakes.prNumber, input.prNumber),
        inArray(stakes.status, ['pending', 'accepted']),
        inArray(stakes.issueGithubId, input.issueGithubIds),
      ),
    )
    .limit(1);
  return stake ?? null;
}

/**
 * The repository's pending stakes with what the maintainer's queue shows of each (amount, the
 * factor it was priced at, the AI declaration) and whose they are, oldest first; a repository
 * has few at once (the slots of decision 015 bound them).
 */
export function pendingStakesInRepository(
  db: Queryable,
  repositoryFullName: string,
): Promise<
  {
    prNumber: number;
    userId: string;
    amount: number;
    pricePercent: number;
    aiAssistance: AiAssistance;
  }[]
> {
  return db
    .select({
      prNumber: stakes.prNumber,
      userId: stakes.userId,
      amount: stakes.amount,
      pricePercent: stakes.pricePercent,
      aiAssistance: stakes.aiAssistance,
    })
    .from(stakes)
    .where(
      and(
        eq(stakes.repositoryFullName, repositoryFullName.toLowerCase()),
        eq(stakes.status, 'pending'),
      ),
    )
    .orderBy(asc(stakes.createdAt));
}

/**
 * Who reviews a stake on the issue (decision 018): the maintainer who connected its repository
 * and the one who posted its bounty, as a statement selecting their ids (one each, at most two).
 */
export const reviewersOfStakeOn = (input: {
  issueGithubId: number;
  connectedBy: string | null;
}): SQL =>
  sql`select ${bountyIssues.createdBy} from ${bountyIssues} where ${bountyIssues.issueGithubId} = ${input.issueGithubId}
    union select ${input.connectedBy}::uuid where ${input.connectedBy}::uuid is not null`;

/**
 * The contributors who staked on the repository before `before` (any stake, settled or not),
 * but not `except`: whom a new bounty there is announced to (decision 018), as a statement
 * selecting their ids.
 */
export const stakersInRepositoryBefore = (input: {
  repositoryFullName: string;
  before: Date;
  except: string;
}): SQL =>
  sql`select distinct ${stakes.userId} from ${stakes}
    where ${stakes.repositoryFullName} = ${input.repositoryFullName}
      and ${stakes.createdAt} < ${input.before.toISOString()}
      and ${stakes.userId} <> ${input.except}::uuid`;

/** One statement: the weekly report's figures for a maintainer. */
export async function weeklyFiguresOf(
  db: Queryable,
  input: { maintainerId: string; from: Date; to: Date },
): Promise<WeeklyFigures> {
  const from = input.from.toISOString();
  const to = input.to.toISOString();
  const [row] = rowsOf<{
    repositories: number;
    merged: number;
    rejected: number;
    deducted: number;
    refunded: number;
    bounties_paid: number;
    bounty_coins_paid: number;
    waiting: number;
    oldest_waiting_since: string | Date | null;
  }>(
    await db.execute(sql`with repos as (
        select ${repositories.fullName} as full_name from ${repositories}
        where ${repositories.connectedBy} = ${input.maintainerId}::uuid
          and ${repositories.connectedAt} is not null
      ), theirs as (
        select s.status, s.coins_lost, s.settled_at, s.created_at from ${stakes} s
        where s.repository_full_name in (select full_name from repos)
      ), settled as (
        select * from theirs where settled_at >= ${from}::timestamptz and settled_at < ${to}::timestamptz
      )
      select
        (select count(*)::int from repos) as repositories,
        (select count(*)::int from settled where status = 'accepted') as merged,
        (select count(*)::int from settled where status = 'rejected') as rejected,
        (select coalesce(sum(coins_lost), 0)::int from settled where status = 'rejected') as deducted,
        (select count(*)::int from settled where status = 'expired') as refunded,
        (select count(*)::int from theirs where status = 'pending') as waiting,
        (select min(created_at) from theirs where status = 'pending') as oldest_waiting_since,
        (select count(*)::int from ${bountyIssues} b where b.created_by = ${input.maintainerId}::uuid
          and b.paid_at >= ${from}::timestamptz and b.paid_at < ${to}::timestamptz) as bounties_paid,
        (select coalesce(sum(b.bounty_amount), 0)::int from ${bountyIssues} b
          where b.created_by = ${input.maintainerId}::uuid
          and b.paid_at >= ${from}::timestamptz and b.paid_at < ${to}::timestamptz) as bounty_coins_paid`),
  );
  if (!row) throw new Error('the weekly figures statement returned no row');
  return {
    repositories: row.repositories,
    merged: row.merged,
    rejected: row.rejected,
    deducted: row.deducted,
    refunded: row.refunded,
    bountiesPaid: row.bounties_paid,
    bountyCoinsPaid: row.bounty_coins_paid,
    waiting: row.waiting,
    oldestWaitingSince: row.oldest_waiting_since ? new Date(row.oldest_waiting_since) : null,
  };
}
