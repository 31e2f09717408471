import { sql } from 'drizzle-orm';
import {
  XP_WINDOW_DAYS,
  countXp,
  repositoryStanding,
  type CountedXp,
  type RepositoryFacts,
  type XpAllowance,
} from '@openstake/core';
import { rowsOf, type Queryable, type Tx } from '../../db/database';
import type { PullRequestFacts } from '../../integrations/github/port';
import { users, xpEvents } from '../../db/schema';
import { mintShard, walletOf } from '../ledger/accounts';
import { transfer } from '../ledger/transfer';
import { grantXp, sameSource, type XpSource } from './grant-xp';

/**
 * Who merged, where: what the limits of decision 012 count a merge's XP by. The numeric ids are
 * what the limits and the distinct counts go by, so a GitHub account or organization renamed
 * between two merges is still one source; the names are kept to show. A null id (GitHub's answer
 * did not carry it) is matched by the name.
 */
export interface MergeSource {
  /** The GitHub login that merged the pull request, and its numeric id. */
  mergedByLogin: string;
  mergedById: number | null;
  repositoryFullName: string;
  repositoryId: number | null;
  repositoryOwnerId: number | null;
  /** GitHub's stars, forks and creation date of the repository, read with the pull request. */
  repository: RepositoryFacts | null;
}

/** The source of a merge as GitHub's answer about the pull request tells it. */
export const mergeSourceOf = (
  pr: Pick<PullRequestFacts, 'mergedById' | 'repositoryId' | 'repositoryOwnerId' | 'repository'> & {
    mergedByLogin: string;
  },
  repositoryFullName: string,
): MergeSource => ({
  mergedByLogin: pr.mergedByLogin,
  mergedById: pr.mergedById,
  repositoryFullName,
  repositoryId: pr.repositoryId,
  repositoryOwnerId: pr.repositoryOwnerId,
  repository: pr.repository,
});

/** A repository GitHub told nothing about has no standing it can show. */
const UNKNOWN_REPOSITORY: RepositoryFacts = {
  stargazersCount: 0,
  forksCount: 0,
  createdAt: new Date(0),
};

const DAY_MS = 86_400_000;

/** The standing of the repository a merge was made in, at `at`. */
export const standingOf = (source: MergeSource, at: Date) =>
  repositoryStanding(source.repository ?? UNKNOWN_REPOSITORY, at);

export const xpSourceOf = (source: MergeSource): XpSource => {
  const repository = source.repositoryFullName.toLowerCase();
  return {
    login: source.mergedByLogin.toLowerCase(),
    loginId: source.mergedById,
    repository,
    repositoryId: source.repositoryId,
    organization: repository.split('/')[0] ?? repository,
    organizationId: source.repositoryOwnerId,
  };
};

/**
 * The allowance a merge from `source` has left for `userId` at `at`: the repository's standing
 * and what the merging account and the organization already made count in the last 30 days.
 * Exact only while the caller holds the user's row lock (payMergeReward takes it).
 */
export async function xpAllowanceOf(
  db: Queryable,
  input: { userId: string; source: MergeSource; at: Date },
): Promise<XpAllowance> {
  const source = xpSourceOf(input.source);
  const since = new Date(input.at.getTime() - XP_WINDOW_DAYS * DAY_MS);
  const [row] = rowsOf<{ from_maintainer: number; from_organization: number }>(
    await db.execute(sql`select
        coalesce(sum(amount) filter (where ${sameSource(source, 'login')}), 0)::int
          as from_maintainer,
        coalesce(sum(amount) filter (where ${sameSource(source, 'organization')}), 0)::int
          as from_organization
      from ${xpEvents}
      where user_id = ${input.userId}::uuid and created_at > ${since.toISOString()}::timestamptz`),
  );
  return {
    standing: standingOf(input.source, input.at),
    countedFromMaintainer: row?.from_maintainer ?? 0,
    countedFromOrganization: row?.from_organization ?? 0,
  };
}

/** Takes the user's row lock: merges paying one contributor then count their limits one at a time. */
export async function lockXpOf(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select 1 from ${users} where id = ${userId}::uuid for update`);
}

/**
 * Pays a merge's reward inside the caller's transaction: the one way both merge paths pay (a
 * staked pull request's settlement, and the maintainer's reward without a stake, decision 004).
 * Of the XP offered, what counts under decision 012's limits (countXp) goes to the rank, and
 * twice that is minted in coins; the rest is recorded as uncounted. Each part is once-only by its
 * idempotency key, `<prefix>-xp:<reference>` for the XP and `<prefix>-reward:<reference>` for
 * the coins. The caller must hold the user's row lock (lockXpOf, or the settlement's guard), so
 * that concurrent merges for one contributor never count the same allowance twice.
 */
export async function payMergeReward(
  tx: Tx,
  input: {
    userId: string;
    /** The XP the merge offers: the feedback's, or the issue's own reward. */
    xp: number;
    source: MergeSource;
    reference: string;
    keyPrefix: string;
    at: Date;
  },
): Promise<CountedXp> {
  const allowance = await xpAllowanceOf(tx, input);
  const counted = countXp(input.xp, allowance);
  if (counted.offered === 0) return counted;
  const { applied } = await grantXp(tx, {
    userId: input.userId,
    amount: counted.counted,
    uncounted: counted.uncounted,
    kind: 'merge_reward',
    reference: input.reference,
    idempotencyKey: `${input.keyPrefix}-xp:${input.reference}`,
    source: xpSourceOf(input.source),
    limitReason: counted.reason,
    at: input.at,
  });
  if (applied && counted.coins > 0) {
    await transfer(tx, {
      from: mintShard(),
      to: walletOf(input.userId),
      amount: counted.coins,
      kind: 'merge_reward',
      reference: input.reference,
      idempotencyKey: `${input.keyPrefix}-reward:${input.reference}`,
    });
  }
  return counted;
}
