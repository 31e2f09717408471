import { createHash } from 'node:crypto';
import { computeMergeReward, type MergeFeedback, type MergeReward } from '@openstake/core';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import {
  contributorProfiles,
  githubAccounts,
  mergedPullRequests,
  repositories,
  users,
} from '../../db/schema';
import { AppError } from '../../errors';
import type { GithubUser } from '../../integrations/github/port';
import { createUser } from '../auth/create-user';
import { saveRepositoryAnalysis } from '../contributors/save-repository-analysis';
import {
  saveGithubAccount,
  STARTING_XP_CAP,
  STARTING_XP_PER_MERGED_PR,
} from '../github/save-github-account';
import { trackIssues } from '../issues/track-issue';
import { openStake } from '../stakes/open-stake';
import { mergedOutcome } from '../stakes/pull-request-outcome';
import { settleStakeIn, type StakeOutcome } from '../stakes/settle-stake';
import { setStakesPlacedAt } from '../stakes/stake-store';
import { lockXpOf, payMergeReward } from '../xp/pay-merge-reward';
import { DEMO_CONTRIBUTORS, type DemoContributor } from './demo-contributors';
import { demoRepositoryAnalysis } from './demo-repository-analysis';
import { DEMO_MAINTAINERS } from './seed-demo-maintainers';
import {
  demoTimeline,
  planDemoWork,
  type DemoRepository,
  type PlannedWork,
} from './plan-demo-work';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'github' | 'clock' | 'log' | 'publicUrl'>;

/** A contributor's GitHub side, read before their transaction. */
interface GithubSide {
  githubUser: GithubUser;
  token: string;
  email: string;
  mergedToOthers: number;
}

/**
 * The connected repositories of the demo maintainers (seedDemoMaintainers ran first) and their
 * open issues, tracked as OpenStake tracks the issues it shows: two GitHub calls per repository.
 */
async function demoRepositories(
  ctx: Ctx,
  tokenFor: (login: string) => string,
): Promise<DemoRepository[]> {
  const rows = await ctx.db
    .select({
      fullName: repositories.fullName,
      language: repositories.language,
      deductionPercent: repositories.deductionPercent,
      userId: repositories.connectedBy,
      login: githubAccounts.login,
    })
    .from(repositories)
    .innerJoin(githubAccounts, eq(githubAccounts.userId, repositories.connectedBy))
    .where(
      and(
        inArray(
          repositories.fullName,
          DEMO_MAINTAINERS.flatMap((m) => m.repositories),
        ),
        isNotNull(repositories.connectedAt),
      ),
    )
    .orderBy(repositories.fullName);
  return Promise.all(
    rows.map(async (row) => {
      const [owner, repo] = row.fullName.split('/') as [string, string];
      const token = tokenFor(row.login);
      const [{ issues }, repository] = await Promise.all([
        ctx.github.openIssues(token, owner, repo, 1, 100),
        ctx.github.repository(token, owner, repo),
      ]);
      const tracked = repository
        ? await trackIssues(
            ctx.db,
            issues.map((issue) => ({
              repositoryFullName: row.fullName,
              issue,
              repository: repository.details,
            })),
          )
        : [];
      return {
        fullName: row.fullName,
        language: row.language,
        deductionPercent: row.deductionPercent,
        maintainer: { userId: row.userId, login: row.login },
        facts: repository?.facts ?? { stargazersCount: 0, forksCount: 0, createdAt: new Date(0) },
        issues: tracked.filter((issue) => issue.state === 'open'),
      };
    }),
  );
}

/** The stake's settlement as the signal that decided it would report it. */
function settlementOf(
  contributor: DemoContributor,
  work: PlannedWork,
): { outcome: StakeOutcome; settledBy: string } {
  const merged = (reward: { xp: number }) => {
    const outcome = mergedOutcome(
      {
        authorLogin: contributor.githubUsername,
        mergedByLogin: work.repository.maintainer.login,
        mergedAt: work.settledAt,
        // The demo's history names its sources; merges made later carry GitHub's ids.
        mergedById: null,
        repositoryId: null,
        repositoryOwnerId: null,
        // Refers to the issue without closing it: the simulator's issue stays open.
        body: `Part of #${String(work.issue.number)}`,
        repository: work.repository.facts,
      },
      {
        issue: { repositoryFullName: work.repository.fullName, number: work.issue.number },
        placedAt: work.placedAt,
      },
      reward,
    );
    if (outcome.kind !== 'merged') throw new Error(`a demo merge earns nothing: ${outcome.kind}`);
    return outcome;
  };
  switch (work.outcome.kind) {
    case 'merged_in_app':
      return { outcome: merged(computeMergeReward(work.outcome.feedback)), settledBy: 'merge' };
    case 'merged_on_github':
      return { outcome: merged({ xp: work.issue.xpReward }), settledBy: 'webhook' };
    case 'closed_after_review':
    case 'closed_without_review':
      return { outcome: { kind: work.outcome.kind }, settledBy: 'webhook' };
    case 'timed_out':
      return { outcome: { kind: 'timed_out' }, settledBy: 'expiry' };
    case 'pending':
    case 'merged_without_stake':
      throw new Error(`nothing to settle for ${work.outcome.kind}`);
  }
}

/**
 * The in-app merge's record (mergePullRequest writes it before merging): the maintainer's
 * feedback and the reward it computes.
 */
async function recordInAppMerge(
  tx: Tx,
  input: {
    contributor: DemoContributor;
    userId: string;
    work: PlannedWork;
    feedback: MergeFeedback;
  },
): Promise<{ id: string; reward: MergeReward }> {
  const { work, feedback } = input;
  const mergedAt = work.settledAt ?? work.placedAt;
  const reward = computeMergeReward(feedback);
  const [row] = await tx
    .insert(mergedPullRequests)
    .values({
      repositoryFullName: work.repository.fullName,
      prNumber: work.prNumber,
      authorLogin: input.contributor.githubUsername,
      authorUserId: input.userId,
      mergedBy: work.repository.maintainer.userId,
      feedback,
      xp: reward.xp,
      coins: reward.coins,
      mergeSha: createHash('sha1')
        .update(`${work.repository.fullName}#${String(work.prNumber)}`)
        .digest('hex'),
      createdAt: new Date(mergedAt.getTime() - 60_000),
      mergedAt,
    })
    .returning({ id: mergedPullRequests.id });
  if (!row) throw new Error('insert into merged_pull_requests returned no row');
  return { id: row.id, reward };
}

/**
 * One pull request of the contributor's, as the services record it: a stake placed with openStake
 * and, unless pending, settled with settleStakeIn at its time (an in-app merge records the
 * maintainer's feedback first and settles with it, as mergePullRequest does); or a merge without
 * a stake, whose reward mergePullRequest pays directly with payMergeReward. Returns the stake's id.
 */
async function recordWork(
  tx: Tx,
  ctx: Ctx,
  input: { contributor: DemoContributor; userId: string; work: PlannedWork },
): Promise<string | null> {
  const { userId, work } = input;
  if (work.outcome.kind === 'merged_without_stake') {
    const merge = await recordInAppMerge(tx, { ...input, feedback: work.outcome.feedback });
    await lockXpOf(tx, userId);
    await payMergeReward(tx, {
      userId,
      xp: merge.reward.xp,
      source: {
        mergedByLogin: work.repository.maintainer.login,
        mergedById: null,
        repositoryFullName: work.repository.fullName,
        repositoryId: null,
        repositoryOwnerId: null,
        repository: work.repository.facts,
      },
      reference: merge.id,
      keyPrefix: 'merge',
      at: work.settledAt ?? work.placedAt,
    });
    return null;
  }
  const stake = await openStake(tx, {
    userId,
    issue: work.issue,
    prNumber: work.prNumber,
    prUrl: `${ctx.github.config.webUrl}/${work.repository.fullName}/pull/${String(work.prNumber)}`,
    deductionPercent: work.repository.deductionPercent,
  });
  const settledAt = work.settledAt;
  if (work.outcome.kind === 'pending' || !settledAt) return stake.id;
  if (work.outcome.kind === 'merged_in_app') {
    await recordInAppMerge(tx, { ...input, feedback: work.outcome.feedback });
  }
  const { outcome, settledBy } = settlementOf(input.contributor, work);
  const settled = await settleStakeIn(
    tx,
    { stakeId: stake.id, outcome, settledBy, untold: true },
    { clock: { now: () => settledAt }, publicUrl: ctx.publicUrl },
  );
  if (!settled) throw new Error(`demo stake ${stake.id} was not settled`);
  return stake.id;
}

/**
 * Moves the time stamps of what the services just wrote to the dates of the contributor's story.
 * The services stamp the database's now() (a sign-up, a stake, a transfer, an XP event); the demo's
 * history spans months, and the directory reads these dates ('last active', 'merged within',
 * 'joined', 'coins earned this week'). Amounts, balances and XP are never touched here.
 * `last_active_at` is written directly too: createSession only ever moves it forward, and the
 * sign-up has just set it to now.
 */
async function backdate(
  tx: Tx,
  input: {
    userId: string;
    joinedAt: Date;
    lastActiveAt: Date;
    stakes: { id: string; placedAt: Date }[];
  },
): Promise<void> {
  const { userId, joinedAt, lastActiveAt } = input;
  await tx.update(users).set({ createdAt: joinedAt, lastActiveAt }).where(eq(users.id, userId));
  await tx
    .update(githubAccounts)
    .set({ linkedAt: joinedAt })
    .where(eq(githubAccounts.userId, userId));
  await setStakesPlacedAt(tx, input.stakes);
  // What each transfer and XP event refers to, with when it was opened and when it was done: a
  // stake (its own transfer when placed; refund, deduction and reward when settled), a merge
  // without a stake, the sign-up (the grant) and the GitHub link (the starting XP).
  const joined = joinedAt.toISOString();
  const references = sql`
    select s.id::text as ref, s.created_at as opened, coalesce(s.settled_at, s.created_at) as done
      from stakes s where s.user_id = ${userId}
    union all
    select m.id::text, m.merged_at, m.merged_at
      from merged_pull_requests m where m.author_user_id = ${userId}
    union all
    select ${userId}, ${joined}::timestamptz, ${joined}::timestamptz
    union all
    select g.login, ${joined}::timestamptz, ${joined}::timestamptz
      from github_accounts g where g.user_id = ${userId}
  `;
  await tx.execute(sql`
    update transfers t set created_at = case when t.kind = 'stake' then r.opened else r.done end
    from (${references}) r where t.reference = r.ref
  `);
  await tx.execute(sql`
    update xp_events e set created_at = r.done
    from (${references}) r where e.reference = r.ref and e.user_id = ${userId}
  `);
}

/**
 * One contributor and all their history, in one transaction: all of it or none of it, and the
 * database is free for other requests between two contributors.
 */
async function createDemoContributor(
  ctx: Ctx,
  input: {
    contributor: DemoContributor;
    github: GithubSide;
    repositories: readonly DemoRepository[];
    now: Date;
  },
): Promise<void> {
  const { contributor, github, now } = input;
  const timeline = demoTimeline(contributor, now);
  const startingXp = Math.min(STARTING_XP_CAP, STARTING_XP_PER_MERGED_PR * github.mergedToOthers);
  const plan = planDemoWork(contributor, {
    repositories: input.repositories,
    now,
    timeline,
    startingXp,
  });
  await inTransaction(ctx.db, async (tx) => {
    const user = await createUser(tx, {
      email: github.email,
      passwordHash: null,
      role: 'contributor',
      githubUsername: contributor.githubUsername,
      // The simulated GitHub's verified primary email, as 'Sign up with GitHub' takes it.
      emailVerifiedAt: now,
    });
    await saveGithubAccount(
      tx,
      {
        user,
        githubUser: github.githubUser,
        token: github.token,
        scope: 'repo',
        mergedToOthers: github.mergedToOthers,
      },
      ctx,
    );
    // Their name, bio and choices of what companies see, as the profile settings store them.
    await tx.insert(contributorProfiles).values({
      userId: user.id,
      name: contributor.name,
      bio: contributor.bio,
      listedInDirectory: contributor.listedInDirectory,
      emailVisibleToCompanies: contributor.emailVisibleToCompanies,
      companiesMayContact: contributor.companiesMayContact,
      updatedAt: timeline.joinedAt,
    });
    await saveRepositoryAnalysis(tx, {
      userId: user.id,
      analysis: demoRepositoryAnalysis(contributor, {
        webUrl: ctx.github.config.webUrl,
        analyzedAt: timeline.lastActiveAt,
      }),
      analyzedAt: timeline.lastActiveAt,
    });
    const stakes: { id: string; placedAt: Date }[] = [];
    for (const work of plan) {
      const id = await recordWork(tx, ctx, { contributor, userId: user.id, work });
      if (id) stakes.push({ id, placedAt: work.placedAt });
    }
    await backdate(tx, { userId: user.id, ...timeline, stakes });
  });
}

/**
 * Seeds the hire directory's demo contributors (DEMO_CONTRIBUTORS) after the demo maintainers,
 * through the services a real contributor's history goes through: createUser (with its sign-up
 * coins), the GitHub link of their simulator account and its starting XP, the repository
 * analysis, openStake, settleStakeIn as accepted, rejected or expired with the merge rewards and
 * XP it pays (payMergeReward), the in-app merge's feedback record. One transaction per contributor.
 *
 * Runs at every start of a demo, and creates only who is not there yet (found by their GitHub
 * link, whoever made it), so a second start adds nothing and a start stopped half way is
 * completed by the next; every demo contributor gets the token the simulator (which lives in
 * memory) issued at this start. A demo seeded before its made-up contributors had simulator
 * accounts holds them unlinked: they are linked to their accounts now, without new XP. GitHub is
 * read once per contributor at every start, and when someone is missing, two calls per
 * repository for its issues and two more per missing contributor.
 */
export async function seedDemoContributors(
  ctx: Ctx,
  input: {
    tokenFor: (login: string) => string;
    /** Stops between two contributors (the server is shutting down); the next start goes on. */
    signal?: AbortSignal;
  },
): Promise<{ contributors: number; created: number }> {
  const now = ctx.clock.now();
  const linkedNow = new Map(
    (
      await ctx.db
        .select({ login: githubAccounts.login, user: users })
        .from(githubAccounts)
        .innerJoin(users, eq(users.id, githubAccounts.userId))
        .where(
          inArray(
            githubAccounts.login,
            DEMO_CONTRIBUTORS.map((c) => c.githubUsername),
          ),
        )
    ).map((r) => [r.login.toLowerCase(), r.user]),
  );
  // Made-up contributors seeded without a link, before they had simulator accounts: the demo's
  // own rows (no password, the cast's username), never a visitor who signed up with the email.
  const added = DEMO_CONTRIBUTORS.filter((c) => c.account === 'added' && c.email);
  const seededUnlinked = new Map(
    (
      await ctx.db
        .select({ user: users })
        .from(users)
        .leftJoin(githubAccounts, eq(githubAccounts.userId, users.id))
        .where(
          and(
            inArray(
              users.email,
              added.map((c) => c.email ?? ''),
            ),
            eq(users.role, 'contributor'),
            isNull(users.passwordHash),
            isNull(githubAccounts.userId),
          ),
        )
    ).flatMap(({ user }) => {
      const contributor = added.find((c) => c.email === user.email);
      return contributor && user.githubUsername === contributor.githubUsername
        ? [[contributor.githubUsername, user] as const]
        : [];
    }),
  );
  const readGithub = async (login: string) => {
    const token = input.tokenFor(login);
    return { token, githubUser: await ctx.github.authenticatedUser(token) };
  };
  // The simulator issues new tokens at every start: keep the current one.
  const relinked = await Promise.all(
    DEMO_CONTRIBUTORS.flatMap((c) => {
      const user =
        linkedNow.get(c.githubUsername.toLowerCase()) ?? seededUnlinked.get(c.githubUsername);
      return user?.role === 'contributor'
        ? [readGithub(c.githubUsername).then((github) => ({ user, ...github }))]
        : [];
    }),
  );
  if (relinked.length > 0) {
    await inTransaction(ctx.db, async (tx) => {
      for (const { user, githubUser, token } of relinked) {
        await saveGithubAccount(
          tx,
          { user, githubUser, token, scope: 'repo', mergedToOthers: 0 },
          ctx,
        );
      }
    });
  }

  const missing = DEMO_CONTRIBUTORS.filter(
    (c) => !linkedNow.has(c.githubUsername.toLowerCase()) && !seededUnlinked.has(c.githubUsername),
  );
  if (missing.length === 0) return { contributors: DEMO_CONTRIBUTORS.length, created: 0 };

  const [repositoryList, githubSides] = await Promise.all([
    demoRepositories(ctx, input.tokenFor),
    Promise.all(
      missing.map(async (contributor): Promise<GithubSide> => {
        const { token, githubUser } = await readGithub(contributor.githubUsername);
        const [email, mergedToOthers] = await Promise.all([
          ctx.github.primaryEmail(token),
          ctx.github.countMergedPullRequestsToOthers(
            token,
            githubUser.login,
            STARTING_XP_CAP / STARTING_XP_PER_MERGED_PR,
          ),
        ]);
        return {
          githubUser,
          token,
          email: (email ?? `${githubUser.login}@users.noreply.github.com`).toLowerCase(),
          mergedToOthers,
        };
      }),
    ),
  ]);
  let created = 0;
  for (const [i, contributor] of missing.entries()) {
    if (input.signal?.aborted) break;
    const github = githubSides[i];
    if (!github) throw new Error(`no GitHub side for ${contributor.githubUsername}`);
    try {
      await createDemoContributor(ctx, { contributor, github, repositories: repositoryList, now });
      created++;
    } catch (error) {
      // A visitor signed up with this email or linked this GitHub account first.
      if (!(error instanceof AppError && ['EMAIL_TAKEN', 'CONFLICT'].includes(error.code))) {
        throw error;
      }
      ctx.log.warn(
        { githubUsername: contributor.githubUsername },
        `demo contributor left out: ${error.message}`,
      );
    }
  }
  return { contributors: DEMO_CONTRIBUTORS.length, created };
}
